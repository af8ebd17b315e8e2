/**
 * What the PostgreSQL suites share besides the server: generated datasets with a history, DataHub's
 * own reader of its database (the `datahub` source of acryl-datahub in database mode) and exports
 * compared in a canonical order.
 */
import assert from 'node:assert/strict';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { datahubExecutable } from '../interop/setup.ts';
import { ROOT, runCli, runProcess, tempDir } from '../helpers.ts';
import type { PgServer } from './server.ts';

export const PLATFORMS = ['hive', 'postgres'] as const;

export const genUrn = (i: number) =>
  `urn:li:dataset:(urn:li:dataPlatform:${PLATFORMS[i % 2]},gen.db_${i % 7}.t_${i},PROD)`;

/** How many versions aspect `a` of dataset `i` has (1–5), and the description of its version `v`. */
export const versionsOf = (i: number, a: number) => 1 + ((i * 7 + a * 3) % 5);
export const description = (i: number, v: number) => `Table ${i}, edit ${v}`;

/**
 * `n` datasets as JSON Lines: datasetProperties with 1–5 versions (each a new description),
 * globalTags with 1–5 versions, schemaMetadata once (with a tab and a backslash in its text). Each record in order, so a
 * `catalog ingest` of the file keeps every older value as history. The values are complete as
 * DataHub's model has them (every field with a default given), as any DataHub client reads them back.
 */
export async function writeGenerated(path: string, n: number): Promise<number> {
  const out = createWriteStream(path);
  let records = 0;
  const put = async (o: object) => {
    records++;
    if (!out.write(`${JSON.stringify(o)}\n`)) await once(out, 'drain');
  };
  const mcp = (urn: string, aspectName: string, json: object) => ({
    entityType: 'dataset',
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { json },
  });
  for (let i = 0; i < n; i++) {
    const urn = genUrn(i);
    for (let v = 1; v <= versionsOf(i, 0); v++)
      await put(
        mcp(urn, 'datasetProperties', {
          name: `t_${i}`,
          description: description(i, v),
          customProperties: { team: `team_${i % 5}` },
          tags: [],
        }),
      );
    for (let v = 1; v <= versionsOf(i, 1); v++)
      await put(
        mcp(urn, 'globalTags', {
          tags: Array.from({ length: v }, (_, k) => ({ tag: `urn:li:tag:gen_${(i + k) % 11}` })),
        }),
      );
    await put(
      mcp(urn, 'schemaMetadata', {
        schemaName: `t_${i}`,
        platform: `urn:li:dataPlatform:${PLATFORMS[i % 2]}`,
        version: 0,
        created: { time: 0, actor: 'urn:li:corpuser:unknown' },
        lastModified: { time: 0, actor: 'urn:li:corpuser:unknown' },
        hash: '',
        platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
        fields: [0, 1, 2].map((c) => ({
          fieldPath: `c${c}`,
          nullable: false,
          nativeDataType: 'varchar',
          type: { type: { 'com.linkedin.schema.StringType': {} } },
          description: `Column ${c}\twith a tab and a \\ backslash`,
          recursive: false,
          isPartOfKey: false,
        })),
      }),
    );
  }
  out.end();
  await once(out, 'finish');
  return records;
}

/** `catalog ingest` of a file into `data`; fails the test on an error. */
export async function ingest(data: string, file: string): Promise<void> {
  const r = await runCli(['ingest', '-f', file, '--data', data]);
  assert.equal(r.code, 0, r.stderr);
}

/** JSON text with every object's keys sorted. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** Records of a JSON array of MCPs, each canonical, sorted (an export's own aspect order is the order of first writes, which a database does not keep). */
export function canonicalRecords(file: string): string[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as unknown[]).map(canonical).sort();
}

/** `catalog export -f` of `data` into a temp file; returns its path. */
export async function exportFile(data: string): Promise<string> {
  const file = join(tempDir(), 'export.json');
  const r = await runCli(['export', '-f', file, '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  return file;
}

/** `catalog export -f` of `data`, as canonical records. */
export async function canonicalExport(data: string): Promise<string[]> {
  return canonicalRecords(await exportFile(data));
}

/** A file of MCPs as DataHub's Python classes hold it (test/pg/normalise.py): defaults filled in. */
export async function normalised(file: string): Promise<string> {
  const python = join(datahubExecutable('the PostgreSQL hand-over suite'), '..', 'python');
  const out = `${file}.normalised.json`;
  const r = await runProcess(python, [join(ROOT, 'test', 'pg', 'normalise.py'), file, out]);
  assert.equal(r.code, 0, r.stderr);
  return out;
}

/**
 * DataHub's own reader of its database: `datahub ingest` with the `datahub` source reading
 * metadata_aspect_v2 on the server (latest versions, soft-deleted entities included), into a file of
 * MCPs. Returns the file's path.
 */
export async function readWithDataHub(
  pg: PgServer,
  db: string,
  options: { excludeAspects?: string[] } = {},
): Promise<string> {
  const datahub = datahubExecutable('the PostgreSQL hand-over suite');
  const dir = tempDir('catalog-pg-reader-');
  const out = join(dir, 'read.json');
  const recipe = join(dir, 'recipe.yml');
  writeFileSync(
    recipe,
    [
      'source:',
      '  type: datahub',
      '  config:',
      '    database_connection:',
      '      scheme: postgresql+psycopg2',
      `      host_port: ${pg.host}:${pg.port}`,
      `      username: ${pg.user}`,
      `      password: ${pg.password}`,
      `      database: ${db}`,
      '    include_all_versions: false',
      '    include_soft_deleted_entities: true',
      ...(options.excludeAspects?.length
        ? ['    exclude_aspects:', ...options.excludeAspects.map((a) => `      - ${a}`)]
        : []),
      '    stateful_ingestion:',
      '      enabled: false',
      '    structured_properties_template_cache_invalidation_interval: 0',
      'sink:',
      '  type: file',
      '  config:',
      `    filename: ${out}`,
      '',
    ].join('\n'),
  );
  const r = await runProcess(datahub, ['ingest', '-c', recipe], {
    env: { HOME: dir, DATAHUB_TELEMETRY_ENABLED: 'false' },
  });
  assert.equal(r.code, 0, `${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
  return out;
}
