/**
 * The seed of the LZ4 dictionary that compresses the values of `aspects` and `timeseries` (data file
 * format 3). LZ4 with a dictionary can encode any run of bytes it has seen in the dictionary as a
 * back-reference, so a small value — an ownership aspect, a tag list — compresses too, not only a
 * long schema. What recurs across metadata catalogs is DataHub's own vocabulary: URN prefixes, the
 * schema field types, common native types, platforms, ownership types and the actor of system writes.
 * Nothing here comes from the bench generator's data.
 *
 * The dictionary a file was written with is stored in that file (`meta`, see Store), and every
 * process decodes with the one stored there: this seed may grow in a later release without making
 * any existing file unreadable. Changing it changes only the files created after the change.
 */
const platforms = [
  'hive', 'postgres', 'mysql', 'snowflake', 'bigquery', 'redshift', 'kafka', 's3', 'hdfs', 'glue', 'athena', 'databricks',
  'dbt', 'looker', 'tableau', 'powerbi', 'airflow', 'spark', 'trino', 'presto', 'oracle', 'mssql', 'mongodb', 'elasticsearch',
  'delta-lake', 'iceberg', 'clickhouse', 'teradata', 'vertica', 'druid', 'pinot', 'superset', 'mode', 'metabase', 'file',
];
const nativeTypes = [
  'character varying', 'timestamp without time zone', 'timestamp with time zone', 'double precision', 'TIMESTAMP_NTZ',
  'TIMESTAMP_LTZ', 'NUMBER(38,0)', 'VARCHAR(16777216)', 'varchar(255)', 'STRING', 'INTEGER', 'BIGINT', 'BOOLEAN', 'FLOAT',
  'DATE', 'TIMESTAMP', 'DECIMAL', 'NUMERIC', 'VARIANT', 'ARRAY', 'STRUCT', 'RECORD', 'INT64', 'FLOAT64', 'varchar', 'bigint',
  'integer', 'smallint', 'int', 'long', 'float', 'double', 'decimal', 'numeric', 'boolean', 'bool', 'string', 'text', 'char',
  'date', 'datetime', 'timestamp', 'time', 'bytes', 'binary', 'uuid', 'json', 'jsonb', 'array<string>', 'map<string,string>',
];
const schemaTypes = [
  'StringType', 'NumberType', 'BooleanType', 'DateType', 'TimeType', 'BytesType', 'NullType', 'EnumType', 'FixedType',
  'ArrayType', 'MapType', 'RecordType', 'UnionType',
].map((t) => `com.linkedin.schema.${t}`);
const vocabulary = [
  ...schemaTypes,
  'com.linkedin.schema.OtherSchema', 'com.linkedin.schema.MySqlDDL', 'com.linkedin.schema.KafkaSchema', 'com.linkedin.schema.Schemaless',
  'urn:li:ownershipType:__system__technical_owner', 'urn:li:ownershipType:__system__business_owner',
  'urn:li:ownershipType:__system__data_steward', 'urn:li:ownershipType:__system__none',
  'TECHNICAL_OWNER', 'BUSINESS_OWNER', 'DATA_STEWARD', 'DATAOWNER', 'PRODUCER', 'DEVELOPER', 'DELEGATE', 'CONSUMER', 'STAKEHOLDER',
  'SERVICE', 'MANUAL', 'TRANSFORMED', 'COPY', 'VIEW', 'TABLE', 'DATASET', 'PROD', 'DEV', 'QA', 'STG', 'TEST', 'EI', 'CORP', 'UAT',
  'urn:li:glossaryTerm:', 'urn:li:glossaryNode:', 'urn:li:domain:', 'urn:li:container:', 'urn:li:dataProduct:',
  'urn:li:structuredProperty:', 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:',
  'urn:li:chart:(', 'urn:li:dashboard:(', 'urn:li:dataFlow:(', 'urn:li:dataJob:(urn:li:dataFlow:(',
  'urn:li:mlModel:(urn:li:dataPlatform:', 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:',
  ...nativeTypes,
  'no-run-id-provided', 'urn:li:corpuser:__datahub_system', 'urn:li:corpuser:unknown', 'urn:li:corpuser:datahub',
  ...platforms.map((p) => `urn:li:dataPlatform:${p}`),
  'urn:li:corpGroup:', 'urn:li:tag:', 'urn:li:corpuser:', ',PROD)', 'urn:li:dataset:(urn:li:dataPlatform:',
];

/** The seed as bytes (LZ4 reads the dictionary as raw bytes; lmdb-js uses a multiple of 8 of them). */
export function valueDictionarySeed(): Buffer {
  const text = vocabulary.join(' ');
  const padded = text.length % 8 === 0 ? text : text.padEnd(text.length + 8 - (text.length % 8), ' ');
  return Buffer.from(padded, 'latin1');
}
