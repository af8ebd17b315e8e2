/**
 * DataHub's `metadata_aspect_v2` table on PostgreSQL (docs/datahub/postgres.md): its DDL and indexes
 * as DataHub's setup job creates them, and the check that a table found in a database has that shape.
 */
import { BadRequestError } from '../../errors.ts';
import { ASPECT_TABLE, type PgSession } from './postgresConnection.ts';

/** The columns in DataHub's order, with the type and nullability information_schema reports. */
export const COLUMNS: ReadonlyArray<{ name: string; type: string; nullable: boolean }> = [
  { name: 'urn', type: 'character varying', nullable: false },
  { name: 'aspect', type: 'character varying', nullable: false },
  { name: 'version', type: 'bigint', nullable: false },
  { name: 'metadata', type: 'text', nullable: false },
  { name: 'systemmetadata', type: 'text', nullable: true },
  { name: 'createdon', type: 'timestamp without time zone', nullable: false },
  { name: 'createdby', type: 'character varying', nullable: false },
  { name: 'createdfor', type: 'character varying', nullable: true },
];

export const CREATE_TABLE = `CREATE TABLE ${ASPECT_TABLE} (
  urn                           varchar(500) not null,
  aspect                        varchar(200) not null,
  version                       bigint not null,
  metadata                      text not null,
  systemmetadata                text,
  createdon                     timestamp not null,
  createdby                     varchar(255) not null,
  createdfor                    varchar(255),
  CONSTRAINT pk_metadata_aspect_v2 PRIMARY KEY (urn, aspect, version)
)`;

/**
 * The secondary indexes DataHub's setup job adds (it builds them CONCURRENTLY on a live table; here
 * they are built inside the export's transaction, after the rows are in, on a table nobody else sees yet).
 */
export const CREATE_INDEXES = [
  `CREATE INDEX IF NOT EXISTS timeIndex ON ${ASPECT_TABLE} (createdon)`,
  `CREATE INDEX IF NOT EXISTS idx_v0_urn_aspect ON ${ASPECT_TABLE} (urn, aspect) WHERE version = 0`,
  `CREATE INDEX IF NOT EXISTS idx_corpuser_aspect_v0 ON ${ASPECT_TABLE} (urn, aspect) WHERE urn LIKE 'urn:li:corpuser:%' AND version = 0`,
  `CREATE INDEX IF NOT EXISTS idx_corpgroup_aspect_v0 ON ${ASPECT_TABLE} (urn, aspect) WHERE urn LIKE 'urn:li:corpGroup:%' AND version = 0`,
  `CREATE INDEX IF NOT EXISTS schemaVersionIndex ON ${ASPECT_TABLE} ((systemmetadata::jsonb ->> 'schemaVersion'))`,
];

const COLUMNS_QUERY = `SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '${ASPECT_TABLE}' ORDER BY ordinal_position`;
const KEY_QUERY = `SELECT a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey) WHERE c.relname = '${ASPECT_TABLE}' AND c.relnamespace = current_schema()::regnamespace AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`;

/**
 * Whether the table exists in the session's schema (false: absent); throws a BadRequestError saying
 * what differs when a table of that name has another shape than DataHub's.
 */
export async function checkTable(s: PgSession): Promise<boolean> {
  const columns = await s.run(COLUMNS_QUERY, () => s.sql.unsafe(COLUMNS_QUERY));
  if (columns.length === 0) return false;
  const found = new Map(columns.map((c) => [String(c['column_name']), c]));
  const problems: string[] = [];
  for (const want of COLUMNS) {
    const c = found.get(want.name);
    if (!c) problems.push(`no column ${want.name}`);
    else if (c['data_type'] !== want.type)
      problems.push(`column ${want.name} is ${String(c['data_type'])}, not ${want.type}`);
    else if ((c['is_nullable'] === 'YES') !== want.nullable)
      problems.push(
        `column ${want.name} is ${want.nullable ? 'NOT NULL' : 'nullable'}, DataHub's is ${want.nullable ? 'nullable' : 'NOT NULL'}`,
      );
    found.delete(want.name);
  }
  for (const extra of found.keys()) problems.push(`column ${extra} is not DataHub's`);
  if (problems.length === 0) {
    const key = (await s.run(KEY_QUERY, () => s.sql.unsafe(KEY_QUERY))).map((r) => String(r['attname']));
    if (key.join(',') !== 'urn,aspect,version')
      problems.push(`its primary key is (${key.join(', ') || 'none'}), not (urn, aspect, version)`);
  }
  if (problems.length > 0)
    throw new BadRequestError(`${s.where}: table ${ASPECT_TABLE} is not DataHub's: ${problems.join('; ')}`);
  return true;
}
