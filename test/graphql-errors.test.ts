// Every docs/datahub/graphql.md §3 error message that applies to our operations, asserting code, type and
// message, plus the deliberate differences of docs/design.md §2.1 (missing targets fail, unknown urns in
// queries give null + NOT_FOUND).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectedError, S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,missing,PROD)';
const FUD = S.usersDeleted;

describe('GraphQL error messages', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  /** Runs a mutation and asserts the single error it returns. */
  async function fails(doc: string, field: string, message: string, code = 400): Promise<void> {
    const r = await s.gql(doc);
    assert.equal(r.status, 200);
    assert.equal(r.body.errors?.length, 1, JSON.stringify(r.body));
    const { locations: _l, ...err } = r.body.errors[0];
    assert.deepEqual(err, expectedError(message, field, code));
    assert.deepEqual(r.body.data, { [field]: null });
    assert.deepEqual(r.body.extensions, {});
  }

  describe('missing targets fail with DataHub wording (docs/design.md §2.1)', () => {
    const cases: Array<[string, string, string]> = [
      [
        'updateDeprecation',
        `mutation { updateDeprecation(input: { urn: "${MISSING}", deprecated: true }) }`,
        `Failed to update deprecation for Entity ${MISSING}. Entity does not exist.`,
      ],
      [
        'batchUpdateDeprecation',
        `mutation { batchUpdateDeprecation(input: { deprecated: true, resources: [{ resourceUrn: "${MISSING}" }] }) }`,
        `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'addTags',
        `mutation { addTags(input: { tagUrns: ["urn:li:tag:Legacy"], resourceUrn: "${MISSING}" }) }`,
        `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'addTag',
        `mutation { addTag(input: { tagUrn: "urn:li:tag:Legacy", resourceUrn: "${MISSING}" }) }`,
        `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'batchAddTags',
        `mutation { batchAddTags(input: { tagUrns: ["urn:li:tag:Legacy"], resources: [{ resourceUrn: "${MISSING}" }] }) }`,
        `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'removeTag',
        `mutation { removeTag(input: { tagUrn: "urn:li:tag:Legacy", resourceUrn: "${MISSING}" }) }`,
        `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'batchRemoveTags',
        `mutation { batchRemoveTags(input: { tagUrns: ["urn:li:tag:Legacy"], resources: [{ resourceUrn: "${MISSING}" }] }) }`,
        `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'addOwner',
        `mutation { addOwner(input: { ownerUrn: "urn:li:corpuser:jdoe", ownerEntityType: CORP_USER, type: TECHNICAL_OWNER, resourceUrn: "${MISSING}" }) }`,
        `Failed to change ownership for resource ${MISSING}. Resource does not exist.`,
      ],
      [
        'addOwners',
        `mutation { addOwners(input: { owners: [{ ownerUrn: "urn:li:corpuser:jdoe", ownerEntityType: CORP_USER, type: TECHNICAL_OWNER }], resourceUrn: "${MISSING}" }) }`,
        `Failed to change ownership for resource ${MISSING}. Resource does not exist.`,
      ],
      [
        'removeOwner',
        `mutation { removeOwner(input: { ownerUrn: "urn:li:corpuser:jdoe", resourceUrn: "${MISSING}" }) }`,
        `Failed to change ownership for resource ${MISSING}. Resource does not exist.`,
      ],
      [
        'batchAddOwners',
        `mutation { batchAddOwners(input: { owners: [{ ownerUrn: "urn:li:corpuser:jdoe", ownerEntityType: CORP_USER, type: TECHNICAL_OWNER }], resources: [{ resourceUrn: "${MISSING}" }] }) }`,
        `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'batchRemoveOwners',
        `mutation { batchRemoveOwners(input: { ownerUrns: ["urn:li:corpuser:jdoe"], resources: [{ resourceUrn: "${MISSING}" }] }) }`,
        `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'updateDescription',
        `mutation { updateDescription(input: { description: "x", resourceUrn: "${MISSING}", subResourceType: DATASET_FIELD, subResource: "a" }) }`,
        `Failed to update ${MISSING}. ${MISSING} does not exist.`,
      ],
      [
        'updateDataset',
        `mutation { updateDataset(urn: "${MISSING}", input: { editableProperties: { description: "x" } }) { urn } }`,
        `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'addLink',
        `mutation { addLink(input: { linkUrl: "https://x.org", label: "x", resourceUrn: "${MISSING}" }) }`,
        `Failed to change institutional memory for resource ${MISSING}. Resource does not exist.`,
      ],
      [
        'removeLink',
        `mutation { removeLink(input: { linkUrl: "https://x.org", resourceUrn: "${MISSING}" }) }`,
        `Failed to change institutional memory for resource ${MISSING}. Resource does not exist.`,
      ],
      [
        'batchUpdateSoftDeleted',
        `mutation { batchUpdateSoftDeleted(input: { urns: ["${MISSING}"], deleted: true }) }`,
        `Failed to soft delete entity with urn ${MISSING}. Entity does not exist.`,
      ],
      [
        'updateTag',
        'mutation { updateTag(urn: "urn:li:tag:nope", input: { urn: "urn:li:tag:nope", name: "n" }) { urn } }',
        'Failed to update Tag urn:li:tag:nope. Tag does not exist.',
      ],
      [
        'deleteTag',
        'mutation { deleteTag(urn: "urn:li:tag:nope") }',
        'Failed to delete Tag urn:li:tag:nope. Tag does not exist.',
      ],
      [
        'setTagColor',
        'mutation { setTagColor(urn: "urn:li:tag:nope", colorHex: "#fff") }',
        'Failed to set Tag urn:li:tag:nope color. Tag does not exist.',
      ],
    ];
    for (const [field, doc, message] of cases) it(field, () => fails(doc, field, message));
  });

  it('queries of unknown urns return null with a NOT_FOUND error (docs/design.md §2.1)', async () => {
    for (const [field, urn, label] of [
      ['dataset', MISSING, 'Dataset'],
      ['tag', 'urn:li:tag:nope', 'Tag'],
      ['corpUser', 'urn:li:corpuser:nope', 'CorpUser'],
      ['corpGroup', 'urn:li:corpGroup:nope', 'CorpGroup'],
    ] as const) {
      const r = await s.gql(`{ ${field}(urn: "${urn}") { urn } }`);
      const { locations: _l, ...err } = r.body.errors[0];
      assert.deepEqual(err, expectedError(`${label} ${urn} does not exist.`, field, 404));
      assert.deepEqual(r.body.data, { [field]: null });
    }
    const exists = await s.gql(`{ a: entityExists(urn: "${MISSING}") b: entityExists(urn: "${FUD}") }`);
    assert.deepEqual(exists.body.data, { a: false, b: true });
  });

  it('a malformed urn is a 400 that quotes it and says what is wrong', async () => {
    const r = await s.gql('{ dataset(urn: "urn:li:dataset:(oops") { urn } }');
    assert.equal(r.body.errors[0].extensions.code, 400);
    assert.equal(r.body.errors[0].message, 'Invalid urn "urn:li:dataset:(oops": the tuple key is not closed with ")"');
  });

  it('owner validation: wrong urn type for the entity type, missing owner, missing custom type, no type', async () => {
    const m = (owner: string, extra: string) =>
      `mutation { addOwners(input: { owners: [{ ownerUrn: "${owner}", ${extra} }], resourceUrn: "${FUD}" }) }`;
    await fails(
      m('urn:li:corpuser:jdoe', 'ownerEntityType: CORP_GROUP, type: TECHNICAL_OWNER'),
      'addOwners',
      'Failed to change ownership for resource(s). Expected a corp group urn, found urn:li:corpuser:jdoe',
    );
    await fails(
      m('urn:li:corpGroup:bfoo', 'ownerEntityType: CORP_USER, type: TECHNICAL_OWNER'),
      'addOwners',
      'Failed to change ownership for resource(s). Expected a corp user urn, found urn:li:corpGroup:bfoo.',
    );
    await fails(
      m('urn:li:corpuser:ghost', 'ownerEntityType: CORP_USER, type: TECHNICAL_OWNER'),
      'addOwners',
      'Failed to change ownership for resource(s). Owner with urn urn:li:corpuser:ghost does not exist.',
    );
    await fails(
      m('urn:li:corpuser:jdoe', 'ownerEntityType: CORP_USER, ownershipTypeUrn: "urn:li:ownershipType:custom"'),
      'addOwners',
      'Failed to change ownership for resource(s). Custom Ownership type with urn urn:li:ownershipType:custom does not exist.',
    );
    await fails(
      m('urn:li:corpuser:jdoe', 'ownerEntityType: CORP_USER'),
      'addOwners',
      'Failed to change ownership for resource(s). Expected either type or ownershipTypeUrn to be specified.',
    );
    await fails(
      `mutation { batchAddOwners(input: { owners: [{ ownerUrn: "urn:li:corpuser:jdoe", ownerEntityType: CORP_USER, type: NONE }], resources: [{ resourceUrn: "${FUD}", subResource: "user_id", subResourceType: DATASET_FIELD }] }) }`,
      'batchAddOwners',
      'Malformed input provided: owners cannot be applied to subresources.',
    );
    await fails(
      `mutation { batchRemoveOwners(input: { ownerUrns: ["urn:li:corpuser:jdoe"], resources: [{ resourceUrn: "${FUD}", subResource: "user_id", subResourceType: DATASET_FIELD }] }) }`,
      'batchRemoveOwners',
      'Malformed input provided: owners cannot be removed from subresources.',
    );
  });

  it('tag validation: a non-tag urn and a missing tag in addTags', async () => {
    await fails(
      `mutation { addTags(input: { tagUrns: ["urn:li:corpuser:jdoe"], resourceUrn: "${FUD}" }) }`,
      'addTags',
      'Failed to validate label with urn urn:li:corpuser:jdoe. Urn type does not match entity type tag..',
    );
    await fails(
      `mutation { addTags(input: { tagUrns: ["urn:li:tag:ghost"], resourceUrn: "${FUD}" }) }`,
      'addTags',
      'Failed to validate label with urn urn:li:tag:ghost. Urn does not exist.',
    );
    const r = await s.gql(`mutation { removeTag(input: { tagUrn: "urn:li:corpuser:jdoe", resourceUrn: "${FUD}" }) }`);
    assert.deepEqual(r.body, { data: { removeTag: false }, extensions: {} });
  });

  it('sub-resource validation: column not in the schema, no schema, type without resource and back', async () => {
    await fails(
      `mutation { addTags(input: { tagUrns: ["urn:li:tag:Legacy"], resourceUrn: "${FUD}", subResourceType: DATASET_FIELD, subResource: "nope" }) }`,
      'addTags',
      `Failed to update ${FUD} & field nope. Field nope does not exist in the datasets schema.`,
    );
    await fails(
      `mutation { updateDescription(input: { description: "d", resourceUrn: "${FUD}", subResourceType: DATASET_FIELD, subResource: "nope" }) }`,
      'updateDescription',
      `Failed to update ${FUD} & field nope. Field nope does not exist in the datasets schema.`,
    );
    await s.gql('mutation { createTag(input: { id: "schemaless", name: "schemaless" }) }');
    await fails(
      'mutation { addTags(input: { tagUrns: ["urn:li:tag:Legacy"], resourceUrn: "urn:li:tag:schemaless", subResourceType: DATASET_FIELD, subResource: "x" }) }',
      'addTags',
      'Failed to update urn:li:tag:schemaless & field x. urn:li:tag:schemaless has no schema.',
    );
    await fails(
      `mutation { addTags(input: { tagUrns: ["urn:li:tag:Legacy"], resourceUrn: "${FUD}", subResourceType: DATASET_FIELD }) }`,
      'addTags',
      `Failed to update resource with urn ${FUD}. SubResourceType (DATASET_FIELD) provided without a subResource.`,
    );
    await fails(
      `mutation { addTags(input: { tagUrns: ["urn:li:tag:Legacy"], resourceUrn: "${FUD}", subResource: "user_id" }) }`,
      'addTags',
      `Failed to updates resource with urn ${FUD}. SubResource (user_id) provided without a subResourceType.`,
    );
  });

  it('updateDescription on a dataset without subResource sets the dataset description (DataHub refuses it; its MCP server sends it); an unsupported entity type is refused', async () => {
    const r = await s.gql(
      `mutation { updateDescription(input: { description: "Users who left", resourceUrn: "${FUD}" }) }`,
    );
    assert.deepEqual(r.body.data, { updateDescription: true });
    assert.equal(
      (s.store.getAspect(FUD, 'editableDatasetProperties')!.value as { description: string }).description,
      'Users who left',
    );
    const read = await s.gql(`{ dataset(urn: "${FUD}") { editableProperties { description } } }`);
    assert.equal(read.body.data.dataset.editableProperties.description, 'Users who left');
    await fails(
      'mutation { updateDescription(input: { description: "d", resourceUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,nowhere,PROD)" }) }',
      'updateDescription',
      'Failed to update urn:li:dataset:(urn:li:dataPlatform:hive,nowhere,PROD). urn:li:dataset:(urn:li:dataPlatform:hive,nowhere,PROD) does not exist.',
    );
    await fails(
      'mutation { updateDescription(input: { description: "d", resourceUrn: "urn:li:corpuser:jdoe" }) }',
      'updateDescription',
      'Failed to update description. Unsupported resource type urn:li:corpuser:jdoe provided.',
    );
  });

  it('links: a url that is not a url', async () => {
    await fails(
      `mutation { addLink(input: { linkUrl: "not a url", label: "x", resourceUrn: "${FUD}" }) }`,
      'addLink',
      `Failed to change institutional memory for resource ${FUD}. Expected an url.`,
    );
  });

  it('setTagColor on a tag without properties', async () => {
    // A tag that exists only through another aspect (ingested ownership) has no tagProperties.
    const { ingestProposals } = await import('../src/ops/ingest/ingestProposals.ts');
    const { proposalFromMcp } = await import('../src/model/mcp.ts');
    await ingestProposals({ store: s.store, actor: 'urn:li:corpuser:datahub' }, [
      proposalFromMcp({ entityUrn: 'urn:li:tag:bare', aspectName: 'status', aspect: { json: { removed: false } } }),
    ]);
    await fails(
      'mutation { setTagColor(urn: "urn:li:tag:bare", colorHex: "#fff") }',
      'setTagColor',
      'Failed to set tag color. Tag properties does not yet exist!',
    );
  });
  describe('form assignment refusals (nothing written)', () => {
    const BARE_FORM = 'urn:li:form:walk_bare';
    before(async () => {
      // A form that exists (it has a status) but was never given its formInfo, and so has no prompts.
      const res = await fetch(new URL('/aspects?action=ingestProposal', s.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
        body: JSON.stringify({
          proposal: {
            entityType: 'form',
            entityUrn: BARE_FORM,
            changeType: 'UPSERT',
            aspectName: 'status',
            aspect: { value: JSON.stringify({ removed: false }), contentType: 'application/json' },
          },
        }),
      });
      assert.equal(res.status, 200, await res.text());
    });

    it('batchAssignForm of a form without formInfo is refused, and the asset keeps no forms aspect', async () => {
      await fails(
        `mutation { batchAssignForm(input: { formUrn: "${BARE_FORM}", entityUrns: ["${FUD}"] }) }`,
        'batchAssignForm',
        `Form ${BARE_FORM} has no formInfo: a form is assigned with its prompts`,
      );
      const q = await s.ok(`{ dataset(urn: "${FUD}") { forms { incompleteForms { form { urn } } } } }`);
      assert.equal(q.dataset.forms, null);
    });

    it('createDynamicFormAssignment of a form that does not exist is refused, and no form is made', async () => {
      const missing = 'urn:li:form:walk_missing';
      await fails(
        `mutation { createDynamicFormAssignment(input: { formUrn: "${missing}", orFilters: [{ and: [{ field: "platform", values: ["urn:li:dataPlatform:hive"] }] }] }) }`,
        'createDynamicFormAssignment',
        `Form ${missing} does not exist. Skipping dynamic form assignment`,
      );
      const q = await s.ok(`{ entityExists(urn: "${missing}") }`);
      assert.equal(q.entityExists, false);
    });
  });
});
