/**
 * Issue 37, against a real PostgreSQL (test/pg/server.ts) and DataHub's own database reader: `catalog
 * export --to postgres://…` writes metadata_aspect_v2 as DataHub lays it out, every version included;
 * DataHub's `datahub` source reads it back and `catalog ingest` of what it read gives the same catalog;
 * `catalog pull postgres://…` gives the same catalog, or the slice asked for; a table holding the same
 * aspects is refused unless --replace; push is refused; every failure exits 1 with nothing written.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isTimeseriesAspect } from '../src/model/timeseries.ts';
import { runCli, tempDir } from './helpers.ts';
import { requirePython } from './interop/setup.ts';
import {
  canonicalExport,
  canonicalRecords,
  description,
  exportFile,
  genUrn,
  ingest,
  normalised,
  readWithDataHub,
  versionsOf,
  writeGenerated,
} from './pg/fixtures.ts';
import { startPostgres, type PgServer } from './pg/server.ts';

requirePython('the PostgreSQL hand-over suite');

const N = 10_000;

let pg: PgServer;
/** The generated catalog (N datasets with history) and its export, canonical. */
let gen: string;
let genExport: string[];
let genDb: string;
let sample: string;

before(async () => {
  pg = await startPostgres();
  const dir = tempDir();
  gen = join(dir, 'gen.lmdb');
  const file = join(dir, 'gen.jsonl');
  await writeGenerated(file, N);
  await ingest(gen, file);
  genExport = await canonicalExport(gen);
  sample = join(dir, 'sample.lmdb');
  const loaded = await runCli(['ingest', '--sample', '--data', sample]);
  assert.equal(loaded.code, 0, loaded.stderr);
  genDb = pg.createDatabase();
  const exported = await runCli(['export', '--to', pg.url(genDb), '--data', gen]);
  assert.equal(exported.code, 0, exported.stderr);
});

after(() => pg?.stop());

const count = (db: string, where = 'true') =>
  Number(pg.psql(db, `SELECT count(*) FROM metadata_aspect_v2 WHERE ${where};`).trim());
const tableExists = (db: string) => pg.psql(db, "SELECT to_regclass('metadata_aspect_v2') IS NOT NULL;").trim() === 't';

describe('export into metadata_aspect_v2', () => {
  test("the table is DataHub's, column for column, with its primary key and indexes", () => {
    const columns = pg.psql(
      genDb,
      "SELECT column_name, data_type, coalesce(character_maximum_length::text, ''), is_nullable FROM information_schema.columns WHERE table_name = 'metadata_aspect_v2' ORDER BY ordinal_position;",
    );
    assert.deepEqual(columns.trim().split('\n'), [
      'urn|character varying|500|NO',
      'aspect|character varying|200|NO',
      'version|bigint||NO',
      'metadata|text||NO',
      'systemmetadata|text||YES',
      'createdon|timestamp without time zone||NO',
      'createdby|character varying|255|NO',
      'createdfor|character varying|255|YES',
    ]);
    const indexes = pg.psql(
      genDb,
      "SELECT indexname FROM pg_indexes WHERE tablename = 'metadata_aspect_v2' ORDER BY indexname;",
    );
    assert.deepEqual(indexes.trim().split('\n'), [
      'idx_corpgroup_aspect_v0',
      'idx_corpuser_aspect_v0',
      'idx_v0_urn_aspect',
      'pk_metadata_aspect_v2',
      'schemaversionindex',
      'timeindex',
    ]);
    const key = pg.psql(
      genDb,
      "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'pk_metadata_aspect_v2';",
    );
    assert.equal(key.trim(), 'PRIMARY KEY (urn, aspect, version)');
  });

  test('every version of every aspect: version 0 the latest with systemmetadata.version N, rows 1..N-1 the older values', () => {
    // Per dataset: datasetProperties and globalTags with their versions, schemaMetadata, datasetKey.
    let expected = 0;
    for (let i = 0; i < N; i++) expected += versionsOf(i, 0) + versionsOf(i, 1) + 2;
    assert.equal(count(genDb), expected);
    assert.equal(count(genDb, 'version = 0'), N * 4);
    for (const i of [0, 1, 2, 3, 4, 9_999]) {
      const urn = genUrn(i);
      const rows = pg.psql(
        genDb,
        `SELECT version, metadata::json->>'description', systemmetadata::json->>'version', systemmetadata::json->>'runId' IS NOT NULL, (systemmetadata::json->>'lastObserved')::bigint > 0, createdby FROM metadata_aspect_v2 WHERE urn = '${urn}' AND aspect = 'datasetProperties' ORDER BY version;`,
      );
      const n = versionsOf(i, 0);
      const want = [`0|${description(i, n)}|${n}|t|t|urn:li:corpuser:datahub`];
      for (let v = 1; v < n; v++) want.push(`${v}|${description(i, v)}|${v}|t|t|urn:li:corpuser:datahub`);
      assert.deepEqual(rows.trim().split('\n'), want, urn);
    }
    // The key aspect is a row too, as GMS writes it.
    assert.equal(
      pg
        .psql(
          genDb,
          `SELECT metadata FROM metadata_aspect_v2 WHERE urn = '${genUrn(0)}' AND aspect = 'datasetKey' AND version = 0;`,
        )
        .trim(),
      JSON.stringify({ platform: 'urn:li:dataPlatform:hive', name: 'gen.db_0.t_0', origin: 'PROD' }),
    );
  });

  test("DataHub's own reader reads it back; catalog ingest of what it read gives the same export", async () => {
    // Key aspects left out of the read (they follow from the urn; the sample's are read below).
    const read = await readWithDataHub(pg, genDb, { excludeAspects: ['datasetKey'] });
    const again = join(tempDir(), 'again.lmdb');
    await ingest(again, read);
    assert.deepEqual(await canonicalExport(again), genExport);
  });

  test('the sample too (timeseries aspects stay behind: DataHub keeps them only in its search index)', async () => {
    const db = pg.createDatabase();
    const r = await runCli(['export', '--to', pg.url(db), '--data', sample]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /^Exported \d+ aspects \(\d+ rows with their history\) of \d+ entities to postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+ new table metadata_aspect_v2 in [\d.]+s\n$/,
    );
    assert.ok(!r.stdout.includes(pg.password));
    const read = await readWithDataHub(pg, db);
    const again = join(tempDir(), 'again.lmdb');
    await ingest(again, read);
    // DataHub's reader fills in the defaults of its model (`tags: []`, `system: false` …): compared
    // with the original as DataHub's classes hold it. Those classes (1.7.0.17) cannot read the few
    // sample aspects with a fine-grained lineage of upstreamType FIELD: its reader leaves them out.
    const all = canonicalRecords(await normalised(await exportFile(sample)));
    const original = all.filter((rec) => !isTimeseriesAspect(JSON.parse(rec).aspectName));
    assert.ok(original.length < all.length, 'the sample has timeseries events');
    assert.deepEqual(await canonicalExport(again), original);
  });

  test('a table holding the same aspects is refused, nothing written; --replace replaces them', async () => {
    const before = count(genDb);
    const onlyGen = await runCli(['export', '--to', pg.url(genDb), '--data', gen]);
    assert.equal(onlyGen.code, 1);
    assert.match(
      onlyGen.stderr,
      /^error: postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+: table metadata_aspect_v2 already holds urn:li:dataset:\S+ \w+ \(and perhaps more of what this export writes\); nothing was exported\. Export with --replace to replace those aspects \(every version\), or export into another database\n$/,
    );
    assert.equal(count(genDb), before);
    // The sample shares no aspect with the generated datasets: it goes in beside them.
    const sampleIn = await runCli(['export', '--to', pg.url(genDb), '--data', sample]);
    assert.equal(sampleIn.code, 0, sampleIn.stderr);
    const withSample = count(genDb);
    assert.ok(withSample > before);
    // --replace: the generated aspects replaced, every version, in one go; the sample's rows stay.
    const replaced = await runCli(['export', '--to', pg.url(genDb), '--data', gen, '--replace']);
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.match(replaced.stdout, new RegExp(`, ${before} rows replaced in `));
    assert.equal(count(genDb), withSample);
    // Put the table back as the other tests expect it.
    pg.psql(genDb, "DELETE FROM metadata_aspect_v2 WHERE urn NOT LIKE 'urn:li:dataset:(urn:li:dataPlatform:%,gen.%';");
    assert.equal(count(genDb), before);
  });

  test('--entity-type exports only those types; an unknown one is refused before anything is written', async () => {
    const db = pg.createDatabase();
    const bad = await runCli(['export', '--to', pg.url(db), '--data', sample, '--entity-type', 'nosuchtype']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /^error: --entity-type: no entities of type nosuchtype; the catalog has /);
    assert.equal(tableExists(db), false);
    const ok = await runCli(['export', '--to', pg.url(db), '--data', sample, '--entity-type', 'tag']);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(count(db, "urn NOT LIKE 'urn:li:tag:%'"), 0);
    assert.ok(count(db) > 0);
  });
});

describe('pull from metadata_aspect_v2', () => {
  test('catalog pull postgres://… gives the same catalog', async () => {
    const data = join(tempDir(), 'pulled.lmdb');
    const r = await runCli(['pull', pg.url(genDb), '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      new RegExp(
        `^Pulled from postgres://postgres@127\\.0\\.0\\.1:${pg.port}/${genDb}: \\d+ entities, 0 entities removed, \\d+ aspects written, 0 unchanged, 0 merged, 0 conflicts\\n$`,
      ),
    );
    assert.ok(!r.stdout.includes(pg.password) && !r.stderr.includes(pg.password));
    assert.deepEqual(await canonicalExport(data), genExport);
    // Pulled again: nothing new.
    const again = await runCli(['pull', pg.url(genDb), '--data', data, '--json']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(JSON.parse(again.stdout).written, 0);
  });

  test('with --platform, only that slice (and the entities it points to)', async () => {
    const data = join(tempDir(), 'hive.lmdb');
    const r = await runCli(['pull', pg.url(genDb), '--platform', 'hive', '--type', 'dataset', '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    const exported = await canonicalExport(data);
    const datasets = new Set(
      exported.map((rec) => JSON.parse(rec).entityUrn as string).filter((u) => u.startsWith('urn:li:dataset:')),
    );
    const hive = genExport.filter((rec) =>
      (JSON.parse(rec) as { entityUrn: string }).entityUrn.includes('dataPlatform:hive,'),
    );
    assert.equal(datasets.size, N / 2);
    assert.ok([...datasets].every((u) => u.includes('urn:li:dataPlatform:hive,')));
    assert.deepEqual(
      exported.filter((rec) => JSON.parse(rec).entityUrn.startsWith('urn:li:dataset:')),
      hive,
    );
  });

  test('an entity whose rows were deleted from the table (a hard delete) is removed by the next pull', async () => {
    const db = pg.createDatabase();
    const exported = await runCli(['export', '--to', pg.url(db), '--data', sample]);
    assert.equal(exported.code, 0, exported.stderr);
    const data = join(tempDir(), 'sample-pulled.lmdb');
    const first = await runCli(['pull', pg.url(db), '--data', data, '--json']);
    assert.equal(first.code, 0, first.stderr);
    const urn = pg
      .psql(db, "SELECT urn FROM metadata_aspect_v2 WHERE urn LIKE 'urn:li:dataset:%' ORDER BY urn LIMIT 1;")
      .trim();
    assert.equal((await runCli(['get', '--urn', urn, '--data', data])).code, 0);
    pg.psql(db, `DELETE FROM metadata_aspect_v2 WHERE urn = '${urn.replace(/'/g, "''")}';`);
    const again = await runCli(['pull', pg.url(db), '--data', data, '--json']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(JSON.parse(again.stdout).removed, 1);
    const gone = await runCli(['get', '--urn', urn, '--data', data]);
    assert.deepEqual([gone.code, gone.stderr], [1, `urn ${urn} not found\n`]);
  });

  test('--query is refused: a database has no search index', async () => {
    const r = await runCli(['pull', pg.url(genDb), '--query', 'orders', '--data', join(tempDir(), 'q.lmdb')]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      "error: --query needs the remote's search index, and DataHub's database has none (DataHub searches in Elasticsearch): slice it with --type, --platform, --domain, --container, --tag or --urn\n",
    );
  });

  test('push into the database is refused, saying why and what to do instead; nothing written', async () => {
    const before = count(genDb);
    const r = await runCli(['push', pg.url(genDb), '--data', sample]);
    assert.equal(r.code, 1);
    const where = `postgres://postgres@127.0.0.1:${pg.port}/${genDb}`;
    assert.equal(
      r.stderr,
      `error: ${where}: catalog does not write into DataHub's database: DataHub builds its search and graph indexes from the change events its GMS emits, so rows written behind its back would not show in DataHub. Push to DataHub's GMS instead (\`catalog push https://your-datahub-gms\`), or hand a whole catalog over once with \`catalog export --to ${where}\` before DataHub's upgrade job builds its indexes\n`,
    );
    assert.equal(count(genDb), before);
  });

  test('a database without the table: pull says so', async () => {
    const db = pg.createDatabase();
    const r = await runCli(['pull', pg.url(db), '--data', join(tempDir(), 'none.lmdb')]);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /^error: postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+: no table metadata_aspect_v2 in this database \(schema public\): is it DataHub's database\?\n$/,
    );
  });
});
