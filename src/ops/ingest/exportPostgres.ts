/**
 * `catalog export --to postgres://…`: every entity's aspects, with their whole version history, as
 * rows of DataHub's `metadata_aspect_v2` (docs/datahub/postgres.md), laid out as DataHub's GMS writes
 * them: version 0 the latest value, versions 1..N-1 the older ones, `systemmetadata` carrying `version`
 * (N for the latest), `runId` and `lastObserved`, `createdon`/`createdby` the write's audit stamp.
 *
 * - One consistent snapshot of the file (one LMDB read transaction), whatever a server writes meanwhile.
 * - One database transaction: the table is created (DataHub's DDL) when absent, the rows are sent in
 *   batches with COPY, the indexes built after them; a failure or a kill before the commit leaves
 *   nothing in the database.
 * - A table that already holds any exported (urn, aspect) is refused, unless `replace`: then those
 *   (urn, aspect) rows, every version, are replaced.
 * - Streamed: memory is bounded by one batch of rows.
 *
 * Timeseries aspects are not written: DataHub keeps them only in its search index, never in this table.
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { BadRequestError } from '../../errors.ts';
import type { AspectRecord, Store, StoreSnapshot } from '../../store/store.ts';
import { ASPECT_TABLE, openSession, type PgSession } from '../sync/postgresConnection.ts';
import { checkTable, CREATE_INDEXES, CREATE_TABLE } from '../sync/postgresTable.ts';
import { DEFAULT_RUN_ID } from './ingestProposals.ts';

export interface PgExportOptions {
  /** Replace the (urn, aspect) rows the table already holds for exported aspects. */
  replace?: boolean;
  /** Only these entity types (all when empty). */
  onlyTypes?: readonly string[];
  /** Rows per COPY batch. */
  batchRows?: number;
  /** Called with the number of entities exported so far, every few hundred. */
  onProgress?: (entities: number) => void;
  /** Called once the snapshot is taken, with the number of entities it will export. */
  onStart?: (entities: number) => void;
}

export interface PgExportSummary {
  where: string;
  entities: number;
  aspects: number;
  /** Rows written: every version of every aspect. */
  rows: number;
  /** The table did not exist and was created with DataHub's DDL and indexes. */
  createdTable: boolean;
  /** Rows of the table removed because `replace` was given. */
  replacedRows: number;
}

const COPY = `COPY ${ASPECT_TABLE} (urn, aspect, version, metadata, systemmetadata, createdon, createdby, createdfor) FROM STDIN`;
const CLASH = `SELECT t.urn, t.aspect FROM ${ASPECT_TABLE} t JOIN unnest($1::text[], $2::text[]) AS u(urn, aspect) ON t.urn = u.urn AND t.aspect = u.aspect LIMIT 1`;
const REPLACE = `DELETE FROM ${ASPECT_TABLE} t USING unnest($1::text[], $2::text[]) AS u(urn, aspect) WHERE t.urn = u.urn AND t.aspect = u.aspect`;

/** A field of COPY's text format: backslash, tab, newline and carriage return escaped; null is \N. */
function field(v: string | null): string {
  if (v === null) return '\\N';
  return /[\\\t\n\r]/.test(v)
    ? v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : v;
}

/** `timestamp` text of an epoch-milliseconds time, in UTC (GMS runs in UTC; the column has no zone). */
function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

/** One row of the table, as COPY text (ending in a newline). */
function row(urn: string, aspect: string, version: number, record: AspectRecord, aspectVersion: number): string {
  const systemMetadata = {
    ...(record.systemMetadata ?? { runId: DEFAULT_RUN_ID, lastObserved: record.created.time }),
    version: String(aspectVersion),
  };
  return `${field(urn)}\t${field(aspect)}\t${version}\t${field(JSON.stringify(record.value))}\t${field(JSON.stringify(systemMetadata))}\t${timestamp(record.created.time)}\t${field(record.created.actor)}\t\\N\n`;
}

/** The rows of one aspect: version 0 (the latest), then its history 1..N-1. */
function* aspectRows(snapshot: StoreSnapshot, urn: string, aspect: string): Generator<string> {
  const latest = snapshot.getAspect(urn, aspect);
  if (!latest) return;
  const history = latest.history ?? 0;
  yield row(urn, aspect, 0, latest, history + 1);
  for (let v = 1; v <= history; v++) {
    const old = snapshot.getAspect(urn, aspect, v);
    if (old) yield row(urn, aspect, v, old, v);
  }
}

export async function exportToPostgres(
  store: Store,
  url: string,
  options: PgExportOptions = {},
): Promise<PgExportSummary> {
  const batchRows = options.batchRows ?? 2000;
  const session = await openSession(url);
  const snapshot = store.snapshot();
  try {
    const all = snapshot.entityTypes();
    const only = options.onlyTypes ?? [];
    const unknown = only.filter((t) => !all.includes(t));
    if (unknown.length > 0)
      throw new BadRequestError(
        `--entity-type: no entities of type ${unknown.join(', ')}; the catalog has ${all.join(', ') || 'no entities'}`,
      );
    const types = only.length === 0 ? all : all.filter((t) => only.includes(t));
    if (options.onStart) {
      let n = 0;
      for (const t of types) for (const _ of snapshot.eachUrnOfType(t)) n++;
      options.onStart(n);
    }
    const summary: PgExportSummary = {
      where: session.where,
      entities: 0,
      aspects: 0,
      rows: 0,
      createdTable: false,
      replacedRows: 0,
    };
    await session.run('BEGIN … COMMIT', () =>
      session.sql.begin(async (tx) => {
        const s: PgSession = { ...session, sql: tx as unknown as PgSession['sql'] };
        summary.createdTable = !(await checkTable(s));
        if (summary.createdTable) await s.run(CREATE_TABLE, () => tx.unsafe(CREATE_TABLE));
        let lines: string[] = [];
        let urns: string[] = [];
        let aspects: string[] = [];
        const flush = async () => {
          if (lines.length === 0) return;
          // A table made by this transaction holds only what it wrote: nothing to clash with.
          if (!summary.createdTable) {
            if (options.replace) {
              const deleted = await s.run(REPLACE, () => tx.unsafe(REPLACE, [urns, aspects]));
              summary.replacedRows += deleted.count;
            } else {
              const clash = await s.run(CLASH, () => tx.unsafe(CLASH, [urns, aspects]));
              if (clash.length > 0) {
                throw new BadRequestError(
                  `${session.where}: table ${ASPECT_TABLE} already holds ${String(clash[0]!['urn'])} ${String(clash[0]!['aspect'])} (and perhaps more of what this export writes); nothing was exported. Export with --replace to replace those aspects (every version), or export into another database`,
                );
              }
            }
          }
          const text = lines.join('');
          lines = [];
          urns = [];
          aspects = [];
          await s.run(COPY, async () => {
            const stream = await tx.unsafe(COPY).writable();
            if (!stream.write(text)) await once(stream, 'drain');
            stream.end();
            await finished(stream);
          });
        };
        for (const entityType of types) {
          for (const urn of snapshot.eachUrnOfType(entityType)) {
            const entity = snapshot.getEntity(urn);
            if (!entity) continue;
            for (const aspect of entity.aspects) {
              let n = 0;
              for (const line of aspectRows(snapshot, urn, aspect)) {
                lines.push(line);
                n++;
              }
              if (n === 0) continue;
              urns.push(urn);
              aspects.push(aspect);
              summary.aspects++;
              summary.rows += n;
            }
            summary.entities++;
            if (summary.entities % 500 === 0) options.onProgress?.(summary.entities);
            if (lines.length >= batchRows) await flush();
          }
        }
        await flush();
        if (summary.createdTable) for (const ddl of CREATE_INDEXES) await s.run(ddl, () => tx.unsafe(ddl));
      }),
    );
    options.onProgress?.(summary.entities);
    return summary;
  } finally {
    snapshot.done();
    await session.close();
  }
}
