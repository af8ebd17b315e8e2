// The canonical examples of DataHub's API tutorials (docs/datahub/graphql.md §4), run unchanged against
// the sample data, asserting the documented response (or our documented deviation, docs/design.md §2).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

const H_FUC = S.usersCreated;
const H_FUD = S.usersDeleted;
const H_SHD = S.hiveSample;
const HDFS_SHD = S.hdfsSample;

describe('DataHub tutorial examples (§4)', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  it('D1 reads the dataset description', async () => {
    const r = await s.gql(`query { dataset(urn: "${H_FUD}") { properties { description } } }`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      data: { dataset: { properties: { description: 'table containing all the users deleted on a single day' } } },
      extensions: {},
    });
  });

  it('D2 reads the six column descriptions of fct_users_deleted', async () => {
    const r = await s.gql(`query { dataset(urn: "${H_FUD}") { schemaMetadata { fields { fieldPath description } } } }`);
    assert.deepEqual(r.body.data.dataset.schemaMetadata.fields, [
      { fieldPath: 'user_name', description: 'Name of the user who was deleted' },
      { fieldPath: 'timestamp', description: 'Timestamp user was deleted at' },
      { fieldPath: 'user_id', description: 'Id of the user deleted' },
      { fieldPath: 'browser_id', description: 'Cookie attached to identify the browser' },
      { fieldPath: 'session_id', description: 'Cookie attached to identify the session' },
      { fieldPath: 'deletion_reason', description: 'Why the user chose to deactivate' },
    ]);
    assert.deepEqual(r.body.extensions, {});
  });

  it('D3 updateDataset sets the description and a link (single object coerced to a list)', async () => {
    const doc = `mutation updateDataset { updateDataset(urn: "${H_FUC}", input: { editableProperties: { description: "## The Real Estate Sales Dataset\\nThis is a really important Dataset that contains all the relevant information about sales that have happened organized by address.\\n" } institutionalMemory: { elements: { author: "urn:li:corpuser:jdoe" url: "https://wikipedia.com/real_estate" description: "This is the definition of what real estate means" } } }) { urn } }`;
    const r = await s.gql(doc);
    assert.deepEqual(r.body, { data: { updateDataset: { urn: H_FUC } }, extensions: {} });
    const read = await s.gql(
      `{ dataset(urn: "${H_FUC}") { properties { description } editableProperties { description } institutionalMemory { elements { url label author { urn } } } } }`,
    );
    const d = read.body.data.dataset;
    assert.match(d.editableProperties.description, /^## The Real Estate Sales Dataset\n/);
    // docs/design.md §2.2: properties.description shows the edited description.
    assert.equal(d.properties.description, d.editableProperties.description);
    assert.deepEqual(d.institutionalMemory.elements, [
      {
        url: 'https://wikipedia.com/real_estate',
        label: 'This is the definition of what real estate means',
        author: { urn: 'urn:li:corpuser:jdoe' },
      },
    ]);
  });

  it('D4 and D5 update a column description (plain and block string)', async () => {
    const d4 = await s.gql(
      `mutation updateDescription { updateDescription(input: { description: "Name of the user who was deleted. This description is updated via GrpahQL.", resourceUrn: "${H_FUD}", subResource: "user_name", subResourceType: DATASET_FIELD }) }`,
    );
    assert.deepEqual(d4.body, { data: { updateDescription: true }, extensions: {} });
    const d5 = await s.gql(`mutation updateDescription { updateDescription(input: { description: """### User Name
The \`user_name\` column is a primary key column that contains the name of the user who was deleted.""", resourceUrn: "${H_FUD}", subResource: "user_name", subResourceType: DATASET_FIELD }) }`);
    assert.deepEqual(d5.body, { data: { updateDescription: true }, extensions: {} });
    const read = await s.gql(
      `{ dataset(urn: "${H_FUD}") { schemaMetadata { fields { fieldPath description } } editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description } } } }`,
    );
    const expected =
      '### User Name\nThe `user_name` column is a primary key column that contains the name of the user who was deleted.';
    // docs/design.md §2.2 (deviation): the edited description is visible in schemaMetadata too.
    assert.equal(read.body.data.dataset.schemaMetadata.fields[0].description, expected);
    assert.deepEqual(read.body.data.dataset.editableSchemaMetadata.editableSchemaFieldInfo, [
      { fieldPath: 'user_name', description: expected },
    ]);
  });

  it('O1 reads owners as CorpUser/CorpGroup union members', async () => {
    const r = await s.gql(
      `query { dataset(urn: "${H_SHD}") { ownership { owners { owner { ... on CorpUser { urn type } ... on CorpGroup { urn type } } } } } }`,
    );
    assert.deepEqual(r.body, {
      data: {
        dataset: {
          ownership: {
            owners: [
              { owner: { urn: 'urn:li:corpuser:jdoe', type: 'CORP_USER' } },
              { owner: { urn: 'urn:li:corpuser:datahub', type: 'CORP_USER' } },
            ],
          },
        },
      },
      extensions: {},
    });
  });

  it('O2 adds a group owner with the legacy type; O3 removes an owner (trailing comma)', async () => {
    const o2 = await s.gql(
      `mutation addOwners { addOwner(input: { ownerUrn: "urn:li:corpGroup:bfoo", resourceUrn: "${H_FUC}", ownerEntityType: CORP_GROUP, type: TECHNICAL_OWNER }) }`,
    );
    assert.deepEqual(o2.body, { data: { addOwner: true }, extensions: {} });
    const owners = await s.gql(
      `{ dataset(urn: "${H_FUC}") { ownership { owners { type ownershipType { urn } source { type } owner { ... on CorpGroup { urn name } } } } } }`,
    );
    assert.deepEqual(owners.body.data.dataset.ownership.owners.at(-1), {
      type: 'TECHNICAL_OWNER',
      ownershipType: { urn: 'urn:li:ownershipType:__system__technical_owner' },
      source: { type: 'MANUAL' },
      owner: { urn: 'urn:li:corpGroup:bfoo', name: 'bfoo' },
    });
    const o3 = await s.gql(
      `mutation removeOwners { removeOwner(input: { ownerUrn: "urn:li:corpuser:jdoe", resourceUrn: "${HDFS_SHD}", }) }`,
    );
    assert.deepEqual(o3.body, { data: { removeOwner: true }, extensions: {} });
    const after3 = await s.gql(`{ dataset(urn: "${HDFS_SHD}") { ownership { owners { associatedUrn } } } }`);
    assert.deepEqual(after3.body.data.dataset.ownership.owners, []);
  });

  it('O4 batchRemoveOwners on two datasets (trailing comma in the list)', async () => {
    const r = await s.gql(
      `mutation batchRemoveOwners { batchRemoveOwners(input: { ownerUrns: ["urn:li:corpuser:jdoe"], resources: [ { resourceUrn: "${HDFS_SHD}" }, { resourceUrn: "${H_FUC}" }, ] }) }`,
    );
    assert.deepEqual(r.body, { data: { batchRemoveOwners: true }, extensions: {} });
    const read = await s.gql(
      `{ dataset(urn: "${H_FUC}") { ownership { owners { owner { ... on CorpUser { urn } ... on CorpGroup { urn } } } } } }`,
    );
    assert.ok(!JSON.stringify(read.body).includes('urn:li:corpuser:jdoe'));
  });

  it('T1 creates a tag (twice → This Tag already exists!)', async () => {
    const doc =
      'mutation createTag { createTag(input: { name: "Deprecated", id: "deprecated", description: "Having this tag means this column or table is deprecated." }) }';
    const r = await s.gql(doc);
    assert.deepEqual(r.body, { data: { createTag: 'urn:li:tag:deprecated' }, extensions: {} });
    const again = await s.gql(doc);
    assert.equal(again.status, 200);
    assert.equal(again.body.errors[0].message, 'This Tag already exists!');
    assert.deepEqual(again.body.errors[0].extensions, {
      code: 400,
      type: 'BAD_REQUEST',
      classification: 'DataFetchingException',
    });
    assert.deepEqual(again.body.data, { createTag: null });
  });

  it('T2 reads dataset tags with their properties', async () => {
    const r = await s.gql(
      `query { dataset(urn: "${H_SHD}") { tags { tags { tag { name urn properties { description colorHex } } } } } }`,
    );
    assert.deepEqual(r.body, {
      data: {
        dataset: {
          tags: {
            tags: [
              {
                tag: {
                  name: 'Legacy',
                  urn: 'urn:li:tag:Legacy',
                  properties: { description: 'Indicates the dataset is no longer supported', colorHex: null },
                },
              },
            ],
          },
        },
      },
      extensions: {},
    });
  });

  it('T3/T4 add a tag to a dataset and to a column; T5/T5c remove them', async () => {
    await s.gql('mutation { createTag(input: { name: "Deprecated", id: "deprecated" }) }');
    const t3 = await s.gql(
      `mutation addTags { addTags(input: { tagUrns: ["urn:li:tag:deprecated"], resourceUrn: "${H_FUC}", }) }`,
    );
    assert.deepEqual(t3.body, { data: { addTags: true }, extensions: {} });
    const t4 = await s.gql(
      `mutation addTags { addTags(input: { tagUrns: ["urn:li:tag:deprecated"], resourceUrn: "${H_FUC}", subResourceType: DATASET_FIELD, subResource: "user_name" }) }`,
    );
    assert.deepEqual(t4.body, { data: { addTags: true }, extensions: {} });
    const read = await s.gql(
      `{ dataset(urn: "${H_FUC}") { tags { tags { tag { urn } } } schemaMetadata { fields { fieldPath tags { tags { tag { urn } } } } } } }`,
    );
    assert.deepEqual(read.body.data.dataset.tags.tags, [{ tag: { urn: 'urn:li:tag:deprecated' } }]);
    const col = read.body.data.dataset.schemaMetadata.fields.find(
      (f: { fieldPath: string }) => f.fieldPath === 'user_name',
    );
    assert.deepEqual(col.tags.tags, [{ tag: { urn: 'urn:li:tag:deprecated' } }]);
    const t5 = await s.gql(
      `mutation removeTag { removeTag(input: { tagUrn: "urn:li:tag:deprecated", resourceUrn: "${H_FUC}", subResourceType: DATASET_FIELD, subResource: "user_name" }) }`,
    );
    assert.deepEqual(t5.body, { data: { removeTag: true }, extensions: {} });
    const t5c = await s.gql(
      `mutation removeTag { removeTag(input: { tagUrn: "urn:li:tag:deprecated", resourceUrn: "${H_FUC}" }) }`,
    );
    assert.deepEqual(t5c.body, { data: { removeTag: true }, extensions: {} });
    const gone = await s.gql(
      `{ dataset(urn: "${H_FUC}") { tags { tags { tag { urn } } } editableSchemaMetadata { editableSchemaFieldInfo { fieldPath tags { tags { tag { urn } } } } } } }`,
    );
    assert.deepEqual(gone.body.data.dataset.tags.tags, []);
    assert.deepEqual(gone.body.data.dataset.editableSchemaMetadata.editableSchemaFieldInfo, [
      { fieldPath: 'user_name', tags: { tags: [] } },
    ]);
  });

  it('P1 reads deprecation; P2 deprecates; P3 batch-deprecates', async () => {
    const p1 = await s.gql(`query { dataset(urn: "${H_FUC}") { deprecation { deprecated decommissionTime } } }`);
    assert.deepEqual(p1.body, {
      data: { dataset: { deprecation: { deprecated: false, decommissionTime: null } } },
      extensions: {},
    });
    const p2 = await s.gql(
      `mutation updateDeprecation { updateDeprecation(input: { urn: "${H_FUC}", deprecated: true }) }`,
    );
    assert.deepEqual(p2.body, { data: { updateDeprecation: true }, extensions: {} });
    const read = await s.gql(`{ dataset(urn: "${H_FUC}") { deprecation { deprecated decommissionTime note actor } } }`);
    assert.deepEqual(read.body.data.dataset.deprecation, {
      deprecated: true,
      decommissionTime: null,
      note: '',
      actor: 'urn:li:corpuser:datahub',
    });
    const p3 = await s.gql(
      `mutation batchUpdateDeprecation { batchUpdateDeprecation(input: { deprecated: true, resources: [ { resourceUrn: "${HDFS_SHD}" }, { resourceUrn: "${H_FUC}" }, ] }) }`,
    );
    assert.deepEqual(p3.body, { data: { batchUpdateDeprecation: true }, extensions: {} });
    const hdfs = await s.gql(`{ dataset(urn: "${HDFS_SHD}") { deprecation { deprecated } } }`);
    assert.equal(hdfs.body.data.dataset.deprecation.deprecated, true);
  });

  it('deprecation reads false for a dataset with no deprecation aspect (docs/design.md §2.3), and un-deprecation works', async () => {
    const r = await s.gql(
      `{ dataset(urn: "${S.kafkaSample}") { deprecation { deprecated decommissionTime note actor } } }`,
    );
    assert.deepEqual(r.body.data.dataset.deprecation, {
      deprecated: false,
      decommissionTime: null,
      note: null,
      actor: null,
    });
    await s.gql(
      `mutation { updateDeprecation(input: { urn: "${S.kafkaSample}", deprecated: true, note: "old", decommissionTime: 1767225600000 }) }`,
    );
    const on = await s.gql(`{ dataset(urn: "${S.kafkaSample}") { deprecation { deprecated decommissionTime note } } }`);
    assert.deepEqual(on.body.data.dataset.deprecation, {
      deprecated: true,
      decommissionTime: 1767225600000,
      note: 'old',
    });
    await s.gql(`mutation { updateDeprecation(input: { urn: "${S.kafkaSample}", deprecated: false }) }`);
    const off = await s.gql(
      `{ dataset(urn: "${S.kafkaSample}") { deprecation { deprecated decommissionTime note } } }`,
    );
    assert.deepEqual(off.body.data.dataset.deprecation, { deprecated: false, decommissionTime: null, note: '' });
  });

  it('S2 soft-deletes a dataset; it stays readable with status.removed', async () => {
    const r = await s.gql(
      `mutation batchUpdateSoftDeleted { batchUpdateSoftDeleted(input: { urns: ["${H_FUD}"], deleted: true }) }`,
    );
    assert.deepEqual(r.body, { data: { batchUpdateSoftDeleted: true }, extensions: {} });
    const read = await s.gql(`{ dataset(urn: "${H_FUD}") { status { removed } exists } }`);
    assert.deepEqual(read.body.data.dataset, { status: { removed: true }, exists: true });
  });

  it('G1 reads urn and properties.name of the kafka sample', async () => {
    const r = await s.gql(
      '{ dataset(urn: "urn:li:dataset:(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD)") { urn properties { name } } }',
    );
    assert.deepEqual(r.body, {
      data: {
        dataset: {
          urn: 'urn:li:dataset:(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD)',
          properties: { name: 'SampleKafkaDataset' },
        },
      },
      extensions: {},
    });
  });

  it('G5 creates a tag without id: a random UUID urn, owned by the caller', async () => {
    const r = await s.gql(
      'mutation createTag { createTag(input: { name: "Deprecated", description: "Having this tag means this column or table is deprecated." }) }',
    );
    const urn = r.body.data.createTag as string;
    assert.match(urn, /^urn:li:tag:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const tag = await s.gql(
      `{ tag(urn: "${urn}") { name properties { name description } ownership { owners { owner { ... on CorpUser { urn } } type } } } }`,
    );
    assert.deepEqual(tag.body.data.tag.properties, {
      name: 'Deprecated',
      description: 'Having this tag means this column or table is deprecated.',
    });
    assert.deepEqual(tag.body.data.tag.ownership.owners, [
      { owner: { urn: 'urn:li:corpuser:datahub' }, type: 'TECHNICAL_OWNER' },
    ]);
  });

  it('the tutorials\' curl header "Authorization: Bearer <my-access-token>" is ignored on a default server', async () => {
    const r = await s.gql('{ me { corpUser { username } platformPrivileges { createTags } } }', undefined, {
      authorization: 'Bearer <my-access-token>',
    });
    assert.deepEqual(r.body.data.me, { corpUser: { username: 'datahub' }, platformPrivileges: { createTags: true } });
    const actor = await s.gql('{ me { corpUser { username } } }', undefined, {
      'x-datahub-actor': 'urn:li:corpuser:jdoe',
    });
    assert.equal(actor.body.data.me.corpUser.username, 'jdoe');
  });
});
