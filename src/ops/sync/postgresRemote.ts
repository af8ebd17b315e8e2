/**
 * DataHub's database as a remote to pull from (`catalog pull postgres://…`): `metadata_aspect_v2` read
 * directly, read-only, with no GMS running (docs/datahub/postgres.md). Entities are read a page at a
 * time in urn order, each page one query over version-0 rows; the version sync keeps as base is the
 * row's `systemmetadata.version`. Every read of one command runs in one read-only, repeatable-read
 * transaction: the command sees the table as it was when it started.
 *
 * Writing is refused: DataHub builds its search and graph indexes from the change events its GMS
 * emits, so a row written behind its back would never show in DataHub. Push to the GMS instead.
 */
import { BadRequestError } from '../../errors.ts';
import type { AspectVersion } from '../../sync/base.ts';
import type { AspectWrite, Remote, RemoteEntity, RemotePage } from '../../sync/remote/types.ts';
import { ASPECT_TABLE, openSession, type PgSession } from './postgresConnection.ts';
import { checkTable } from './postgresTable.ts';

/** Why a database is never written to, and what to do instead. */
export function pushRefusal(where: string): string {
  return `${where}: catalog does not write into DataHub's database: DataHub builds its search and graph indexes from the change events its GMS emits, so rows written behind its back would not show in DataHub. Push to DataHub's GMS instead (\`catalog push https://your-datahub-gms\`), or hand a whole catalog over once with \`catalog export --to ${where}\` before DataHub's upgrade job builds its indexes`;
}

interface Row {
  urn: string;
  aspect: string;
  version: string;
  metadata: string;
  systemmetadata: string | null;
}

/** The session's reads, once opened: a reserved connection inside a read-only snapshot transaction. */
interface Reader {
  session: PgSession;
  query(statement: string, params: unknown[]): Promise<Row[]>;
  end(): Promise<void>;
}

export class PostgresRemote implements Remote {
  readonly kind = 'postgres' as const;
  private reader: Promise<Reader> | undefined;
  private knownTypes: string[] | undefined;

  /**
   * `location`: the URL without its password (where sync bases are kept); `url`: the URL to connect
   * with, which may carry it. `entityTypeOf`/`isKeyAspect`: the model's, handed in.
   */
  constructor(
    readonly location: string,
    private readonly url: string,
    private readonly model: {
      entityTypeOf: (urn: string) => string;
      isKeyAspect: (entityType: string, aspect: string) => boolean;
    },
  ) {}

  private open(): Promise<Reader> {
    this.reader ??= (async () => {
      const session = await openSession(this.url);
      try {
        const conn = await session.run('connect', () => session.sql.reserve());
        const begin = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
        await session.run(begin, () => conn.unsafe(begin));
        const reader: Reader = {
          session,
          query: (statement, params) =>
            session.run(statement, () => conn.unsafe(statement, params as never[]) as unknown as Promise<Row[]>),
          end: async () => {
            await conn.unsafe('COMMIT').catch(() => {});
            conn.release();
            await session.close();
          },
        };
        if (!(await checkTable({ ...session, sql: conn as unknown as PgSession['sql'] }))) {
          throw new BadRequestError(
            `${session.where}: no table ${ASPECT_TABLE} in this database (schema ${(await reader.query('SELECT current_schema() AS urn', []))[0]?.urn ?? 'public'}): is it DataHub's database?`,
          );
        }
        return reader;
      } catch (e) {
        await session.close();
        throw e;
      }
    })();
    return this.reader;
  }

  /** Connects, in a read-only snapshot, and finds DataHub's table there (else a BadRequestError naming the database). */
  async check(): Promise<void> {
    await this.open();
  }

  /** The entity types the table holds (read once): pull's default when no --type is given. */
  async types(): Promise<string[]> {
    if (!this.knownTypes) {
      const r = await this.open();
      const q = `SELECT DISTINCT split_part(urn, ':', 3) AS urn FROM ${ASPECT_TABLE} WHERE version = 0 AND urn LIKE 'urn:li:%'`;
      this.knownTypes = (await r.query(q, [])).map((row) => row.urn).sort();
    }
    return this.knownTypes;
  }

  private toEntities(rows: Row[]): RemoteEntity[] {
    const out: RemoteEntity[] = [];
    let current: RemoteEntity | undefined;
    for (const row of rows) {
      if (current?.urn !== row.urn) {
        let entityType: string;
        try {
          entityType = this.model.entityTypeOf(row.urn);
        } catch {
          current = undefined;
          continue;
        }
        current = { urn: row.urn, entityType, aspects: new Map() };
        out.push(current);
      }
      if (this.model.isKeyAspect(current.entityType, row.aspect)) continue;
      current.aspects.set(row.aspect, { value: JSON.parse(row.metadata), version: versionOf(row) });
    }
    return out;
  }

  /** Each type's entities a page at a time; the table lists every type asked, those it lacks as empty. */
  async *entities(types: readonly string[], query: string | undefined, pageSize: number): AsyncGenerator<RemotePage> {
    if (query)
      throw new BadRequestError(
        `--query needs the remote's search index, and DataHub's database has none (DataHub searches in Elasticsearch): slice it with --type, --platform, --domain, --container, --tag or --urn`,
      );
    const r = await this.open();
    const pageUrns = `SELECT DISTINCT urn FROM ${ASPECT_TABLE} WHERE version = 0 AND urn LIKE $1 AND urn > $2 ORDER BY urn LIMIT $3`;
    const rowsOf = `SELECT urn, aspect, version::text AS version, metadata, systemmetadata FROM ${ASPECT_TABLE} WHERE version = 0 AND urn = ANY($1::text[]) ORDER BY urn, aspect`;
    for (const type of types) {
      let after = '';
      for (;;) {
        const urns = (await r.query(pageUrns, [`urn:li:${likeEscape(type)}:%`, after, pageSize])).map((row) => row.urn);
        const last = urns.length < pageSize;
        yield { type, entities: urns.length === 0 ? [] : this.toEntities(await r.query(rowsOf, [urns])), last };
        if (last) break;
        after = urns[urns.length - 1]!;
      }
    }
  }

  async getEntities(urns: readonly string[]): Promise<RemoteEntity[]> {
    if (urns.length === 0) return [];
    const r = await this.open();
    const q = `SELECT urn, aspect, version::text AS version, metadata, systemmetadata FROM ${ASPECT_TABLE} WHERE version = 0 AND urn = ANY($1::text[]) ORDER BY urn, aspect`;
    return this.toEntities(await r.query(q, [[...urns]]));
  }

  async history(urn: string, aspectName: string): Promise<AspectVersion[]> {
    const r = await this.open();
    const q = `SELECT urn, aspect, version::text AS version, metadata, systemmetadata FROM ${ASPECT_TABLE} WHERE urn = $1 AND aspect = $2 ORDER BY version`;
    const rows = await r.query(q, [urn, aspectName]);
    const latest = rows.find((row) => row.version === '0');
    if (!latest) return [];
    const older = rows.filter((row) => row.version !== '0').reverse();
    return [
      { version: versionOf(latest), value: JSON.parse(latest.metadata) },
      ...older.map((row) => ({ version: row.version, value: JSON.parse(row.metadata) as unknown })),
    ];
  }

  async write(_writes: readonly AspectWrite[], _runId: string): Promise<Map<string, string>> {
    throw new BadRequestError(pushRefusal(this.location));
  }

  async close(): Promise<void> {
    const reader = this.reader;
    this.reader = undefined;
    if (reader !== undefined) await (await reader.catch(() => undefined))?.end();
  }
}

/** The version DataHub gives a row's value: `systemmetadata.version` of version 0, else its row number. */
function versionOf(row: Row): string {
  if (row.version !== '0') return row.version;
  try {
    const v = (JSON.parse(row.systemmetadata ?? '{}') as { version?: unknown }).version;
    if (typeof v === 'string' && v !== '') return v;
  } catch {
    // A systemmetadata DataHub cannot read either: the value still counts, as version 1.
  }
  return '1';
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
