/**
 * Sample catalog in DataHub's MCP file format: the entities DataHub's API tutorials query
 * (docs/datahub/graphql.md §4), so a newcomer can paste the tutorials' documents and see answers.
 * Written for Catalog; the descriptions the tutorials print are reproduced because they are the
 * expected answers. After them comes our own showcase (showcase.ts): lineage, glossary, domains,
 * containers, ML, an incident …, so every page and query has something real to show.
 */
import { SHOWCASE_MCPS } from './showcase.ts';
import { mcp } from './mcp.ts';

const hive = 'urn:li:dataPlatform:hive';
const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const SYSTEM = { time: 1_700_000_000_000, actor: 'urn:li:corpuser:datahub' };

export const SAMPLE_URNS = {
  hiveSample: ds('hive', 'SampleHiveDataset'),
  usersCreated: ds('hive', 'fct_users_created'),
  usersDeleted: ds('hive', 'fct_users_deleted'),
  hdfsSample: ds('hdfs', 'SampleHdfsDataset'),
  kafkaSample: ds('kafka', 'SampleKafkaDataset'),
  jdoe: 'urn:li:corpuser:jdoe',
  datahub: 'urn:li:corpuser:datahub',
  bfoo: 'urn:li:corpGroup:bfoo',
  legacy: 'urn:li:tag:Legacy',
} as const;

type Column = [fieldPath: string, nativeType: string, type: string, description: string];

function schema(urn: string, platform: string, name: string, columns: Column[]) {
  return mcp(urn, 'schemaMetadata', {
    schemaName: name,
    platform,
    version: 0,
    created: SYSTEM,
    lastModified: SYSTEM,
    hash: '',
    platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
    fields: columns.map(([fieldPath, nativeDataType, type, description]) => ({
      fieldPath,
      nullable: false,
      description,
      type: { type: { [`com.linkedin.schema.${type}`]: {} } },
      nativeDataType,
      recursive: false,
      isPartOfKey: false,
    })),
  });
}

function properties(urn: string, name: string, description: string, custom: Record<string, string> = {}) {
  return mcp(urn, 'datasetProperties', { customProperties: custom, name, description, tags: [] });
}

function owners(urn: string, ...users: string[]) {
  return mcp(urn, 'ownership', {
    owners: users.map((owner) => ({ owner, type: 'DATAOWNER' })),
    ownerTypes: {},
    lastModified: SYSTEM,
  });
}

const U = SAMPLE_URNS;

/** The tutorials' entities, unchanged (tests and tutorials assert them aspect by aspect). */
export const TUTORIAL_MCPS: ReadonlyArray<Record<string, unknown>> = [
  mcp(U.datahub, 'corpUserInfo', {
    customProperties: {},
    active: true,
    displayName: 'DataHub',
    title: 'Metadata platform',
  }),
  mcp(U.jdoe, 'corpUserInfo', {
    customProperties: {},
    active: true,
    displayName: 'John Doe',
    email: 'jdoe@example.com',
    title: 'Software Engineer',
    firstName: 'John',
    lastName: 'Doe',
    fullName: 'John Doe',
  }),
  mcp(U.bfoo, 'corpGroupInfo', {
    displayName: 'Bar Foo',
    description: 'A group of bar and foo enthusiasts',
    admins: [U.jdoe],
    members: [U.jdoe, U.datahub],
    groups: [],
  }),
  mcp(U.jdoe, 'groupMembership', { groups: [U.bfoo] }),
  mcp(U.datahub, 'groupMembership', { groups: [U.bfoo] }),
  mcp(U.legacy, 'tagProperties', { name: 'Legacy', description: 'Indicates the dataset is no longer supported' }),

  properties(U.hiveSample, 'SampleHiveDataset', 'This is a sample hive dataset', { table_type: 'MANAGED_TABLE' }),
  schema(U.hiveSample, hive, 'SampleHiveSchema', [
    ['field_foo', 'string', 'StringType', 'Foo field description'],
    ['field_bar', 'boolean', 'BooleanType', 'Bar field description'],
  ]),
  owners(U.hiveSample, U.jdoe, U.datahub),
  mcp(U.hiveSample, 'globalTags', { tags: [{ tag: U.legacy }] }),
  mcp(U.hiveSample, 'institutionalMemory', {
    elements: [{ url: 'https://www.linkedin.com', description: 'Sample doc', createStamp: { time: 0, actor: U.jdoe } }],
  }),

  properties(U.usersCreated, 'fct_users_created', 'table containing all the users created on a single day'),
  schema(U.usersCreated, hive, 'fct_users_created', [
    ['user_id', 'string', 'StringType', 'Id of the user created'],
    ['user_name', 'string', 'StringType', 'Name of the user who signed up'],
    ['timestamp', 'bigint', 'NumberType', 'Timestamp user was created at'],
    ['browser_id', 'string', 'StringType', 'Cookie attached to identify the browser'],
    ['session_id', 'string', 'StringType', 'Cookie attached to identify the session'],
  ]),
  owners(U.usersCreated, U.jdoe),
  mcp(U.usersCreated, 'deprecation', { deprecated: false, note: '', actor: U.datahub }),

  properties(U.usersDeleted, 'fct_users_deleted', 'table containing all the users deleted on a single day'),
  schema(U.usersDeleted, hive, 'fct_users_deleted', [
    ['user_name', 'string', 'StringType', 'Name of the user who was deleted'],
    ['timestamp', 'bigint', 'NumberType', 'Timestamp user was deleted at'],
    ['user_id', 'string', 'StringType', 'Id of the user deleted'],
    ['browser_id', 'string', 'StringType', 'Cookie attached to identify the browser'],
    ['session_id', 'string', 'StringType', 'Cookie attached to identify the session'],
    ['deletion_reason', 'string', 'StringType', 'Why the user chose to deactivate'],
  ]),
  owners(U.usersDeleted, U.jdoe),

  properties(U.hdfsSample, 'SampleHdfsDataset', 'This is a sample hdfs dataset'),
  schema(U.hdfsSample, 'urn:li:dataPlatform:hdfs', 'SampleHdfsSchema', [
    ['shipment_info', 'struct', 'RecordType', 'Shipment info description'],
    ['shipment_info.date', 'date', 'DateType', 'Shipment info date description'],
  ]),
  owners(U.hdfsSample, U.jdoe),

  properties(U.kafkaSample, 'SampleKafkaDataset', 'This is a sample kafka dataset'),
  schema(U.kafkaSample, 'urn:li:dataPlatform:kafka', 'SampleKafkaSchema', [
    ['[version=2.0].[type=boolean].field_foo_2', 'boolean', 'BooleanType', 'Foo field description'],
    ['[version=2.0].[type=boolean].field_bar', 'boolean', 'BooleanType', 'Bar field description'],
  ]),
  owners(U.kafkaSample, U.jdoe, U.datahub),
];

export const SAMPLE_MCPS: ReadonlyArray<Record<string, unknown>> = [...TUTORIAL_MCPS, ...SHOWCASE_MCPS];
