// Mutations across entity types (issue 13, docs/datahub/discovery.md §4.2, §4.3): glossary terms and
// nodes, term associations, names, domains, structured properties and data products — with DataHub's
// messages for missing targets, wrong types and unknown terms or domains, and atomic batches.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

describe('glossary, domains, structured properties and data products over GraphQL', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  const ok = async (query: string) => {
    const r = await s.gql(query);
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    return r.body.data;
  };
  /** Runs a mutation expected to fail; returns [message, code] and checks nothing was returned. */
  const fails = async (query: string): Promise<[string, number]> => {
    const r = await s.gql(query);
    assert.ok(r.body.errors?.length, `expected an error from ${query}`);
    return [r.body.errors[0].message, r.body.errors[0].extensions.code];
  };
  const value = (urn: string, aspect: string) => s.store.getAspect(urn, aspect)?.value as any;

  it('creates glossary nodes and terms under them, owned by the caller; a taken id or a bad parent is refused', async () => {
    assert.deepEqual(
      await ok(
        'mutation { createGlossaryNode(input: { id: "Classification", name: "Classification", description: "Sensitivity" }) }',
      ),
      { createGlossaryNode: 'urn:li:glossaryNode:Classification' },
    );
    assert.deepEqual(
      await ok(
        'mutation { createGlossaryTerm(input: { id: "PII", name: "PII", description: "Personal", parentNode: "urn:li:glossaryNode:Classification" }) }',
      ),
      { createGlossaryTerm: 'urn:li:glossaryTerm:PII' },
    );
    await ok('mutation { createGlossaryTerm(input: { id: "Public", name: "Public" }) }');
    assert.deepEqual(value('urn:li:glossaryTerm:PII', 'glossaryTermInfo'), {
      name: 'PII',
      definition: 'Personal',
      termSource: 'INTERNAL',
      parentNode: 'urn:li:glossaryNode:Classification',
    });
    assert.equal(value('urn:li:glossaryTerm:PII', 'ownership').owners[0].owner, S.datahub);
    assert.deepEqual(await fails('mutation { createGlossaryTerm(input: { id: "PII", name: "again" }) }'), [
      'This Glossary Term already exists!',
      400,
    ]);
    assert.deepEqual(await fails('mutation { createGlossaryNode(input: { id: "Classification", name: "again" }) }'), [
      'This Glossary Node already exists!',
      400,
    ]);
    assert.deepEqual(
      await fails(
        'mutation { createGlossaryTerm(input: { id: "X", name: "X", parentNode: "urn:li:glossaryTerm:PII" }) }',
      ),
      [
        'Failed to create urn:li:glossaryTerm:X. urn:li:glossaryTerm:PII either does not exist or is not a glossaryNode.',
        400,
      ],
    );
    assert.equal(s.store.entityExists('urn:li:glossaryTerm:X'), false);
  });

  it('adds terms to datasets and columns, removes them, and checks every term and resource first', async () => {
    await ok(
      `mutation { addTerms(input: { termUrns: ["urn:li:glossaryTerm:PII"], resourceUrn: "${S.usersDeleted}" }) }`,
    );
    await ok(
      `mutation { addTerm(input: { termUrn: "urn:li:glossaryTerm:PII", resourceUrn: "${S.usersDeleted}", subResourceType: DATASET_FIELD, subResource: "user_name" }) }`,
    );
    const d = await ok(`{ dataset(urn: "${S.usersDeleted}") {
      glossaryTerms { terms { term { urn properties { name } } associatedUrn } auditStamp { actor } }
      schemaMetadata { fields { fieldPath glossaryTerms { terms { term { urn } } } } }
      editableSchemaMetadata { editableSchemaFieldInfo { fieldPath glossaryTerms { terms { term { urn } } } } }
    } }`);
    assert.deepEqual(d.dataset.glossaryTerms, {
      terms: [{ term: { urn: 'urn:li:glossaryTerm:PII', properties: { name: 'PII' } }, associatedUrn: S.usersDeleted }],
      auditStamp: { actor: S.datahub },
    });
    assert.deepEqual(d.dataset.schemaMetadata.fields.find((f: any) => f.fieldPath === 'user_name').glossaryTerms, {
      terms: [{ term: { urn: 'urn:li:glossaryTerm:PII' } }],
    });
    assert.deepEqual(d.dataset.editableSchemaMetadata.editableSchemaFieldInfo, [
      { fieldPath: 'user_name', glossaryTerms: { terms: [{ term: { urn: 'urn:li:glossaryTerm:PII' } }] } },
    ]);
    assert.deepEqual(
      s.store.edges('urn:li:glossaryTerm:PII', 'INCOMING').map((e) => e.type),
      ['EditableSchemaFieldWithGlossaryTerm', 'TermedWith'],
    );

    const before = value(S.usersCreated, 'glossaryTerms');
    assert.deepEqual(
      await fails(
        `mutation { batchAddTerms(input: { termUrns: ["urn:li:glossaryTerm:PII", "urn:li:glossaryTerm:nope"], resources: [{ resourceUrn: "${S.usersCreated}" }] }) }`,
      ),
      ['Failed to validate label with urn urn:li:glossaryTerm:nope. Urn does not exist.', 400],
    );
    assert.deepEqual(
      await fails(`mutation { addTerm(input: { termUrn: "${S.legacy}", resourceUrn: "${S.usersCreated}" }) }`),
      [`Failed to validate label with urn ${S.legacy}. Urn type does not match entity type glossaryTerm..`, 400],
    );
    assert.deepEqual(
      await fails(
        'mutation { batchAddTerms(input: { termUrns: ["urn:li:glossaryTerm:PII"], resources: [{ resourceUrn: "urn:li:tag:none" }] }) }',
      ),
      ['Failed to update resource with urn urn:li:tag:none. Entity does not exist.', 400],
    );
    assert.deepEqual(value(S.usersCreated, 'glossaryTerms'), before, 'a failed batch writes nothing');

    await ok(
      `mutation { batchRemoveTerms(input: { termUrns: ["urn:li:glossaryTerm:PII"], resources: [{ resourceUrn: "${S.usersDeleted}", subResourceType: DATASET_FIELD, subResource: "user_name" }] }) }`,
    );
    assert.deepEqual(
      value(S.usersDeleted, 'editableSchemaMetadata').editableSchemaFieldInfo[0].glossaryTerms.terms,
      [],
    );
    assert.deepEqual(
      await ok(`mutation { removeTerm(input: { termUrn: "${S.legacy}", resourceUrn: "${S.usersDeleted}" }) }`),
      { removeTerm: false },
    );
  });

  it("moves glossary entities, renames them, and refuses bad moves with DataHub's messages", async () => {
    await ok(
      'mutation { updateParentNode(input: { resourceUrn: "urn:li:glossaryTerm:Public", parentNode: "urn:li:glossaryNode:Classification" }) }',
    );
    assert.equal(
      value('urn:li:glossaryTerm:Public', 'glossaryTermInfo').parentNode,
      'urn:li:glossaryNode:Classification',
    );
    await ok('mutation { updateParentNode(input: { resourceUrn: "urn:li:glossaryTerm:Public" }) }');
    assert.equal(value('urn:li:glossaryTerm:Public', 'glossaryTermInfo').parentNode, undefined);
    assert.deepEqual(
      await fails(
        'mutation { updateParentNode(input: { resourceUrn: "urn:li:glossaryTerm:nope", parentNode: "urn:li:glossaryNode:Classification" }) }',
      ),
      ['Failed to update urn:li:glossaryTerm:nope. urn:li:glossaryTerm:nope does not exist.', 400],
    );
    assert.deepEqual(
      await fails(
        'mutation { updateParentNode(input: { resourceUrn: "urn:li:glossaryTerm:Public", parentNode: "urn:li:glossaryNode:nope" }) }',
      ),
      [
        'Failed to update urn:li:glossaryTerm:Public. urn:li:glossaryNode:nope either does not exist or is not a glossaryNode.',
        400,
      ],
    );
    assert.deepEqual(await fails(`mutation { updateParentNode(input: { resourceUrn: "${S.legacy}" }) }`), [
      `Failed to update parentNode. Unsupported resource type ${S.legacy} provided.`,
      400,
    ]);

    await ok('mutation { updateName(input: { urn: "urn:li:glossaryTerm:Public", name: "Public data" }) }');
    assert.equal(value('urn:li:glossaryTerm:Public', 'glossaryTermInfo').name, 'Public data');
    await ok(`mutation { updateName(input: { urn: "${S.usersDeleted}", name: "Deleted users" }) }`);
    assert.equal(value(S.usersDeleted, 'editableDatasetProperties').name, 'Deleted users');
    assert.deepEqual(await fails('mutation { updateName(input: { urn: "urn:li:glossaryNode:nope", name: "x" }) }'), [
      'Failed to update urn:li:glossaryNode:nope. urn:li:glossaryNode:nope does not exist.',
      400,
    ]);
    assert.deepEqual(await fails(`mutation { updateName(input: { urn: "${S.legacy}", name: "x" }) }`), [
      `Failed to update name. Unsupported resource type ${S.legacy} provided.`,
      400,
    ]);
  });

  it('domains: create nested, assign, batch-assign, unset, names unique among siblings (409), delete with references', async () => {
    assert.deepEqual(await ok('mutation { createDomain(input: { id: "sales", name: "Sales" }) }'), {
      createDomain: 'urn:li:domain:sales',
    });
    await ok(
      'mutation { createDomain(input: { id: "emea", name: "EMEA", description: "Europe", parentDomain: "urn:li:domain:sales" }) }',
    );
    assert.deepEqual(await fails('mutation { createDomain(input: { id: "sales", name: "Sales" }) }'), [
      'This Domain already exists!',
      400,
    ]);
    assert.deepEqual(
      await fails('mutation { createDomain(input: { id: "x", name: "X", parentDomain: "urn:li:domain:nope" }) }'),
      ['Parent Domain does not exist!', 400],
    );
    assert.deepEqual(
      await fails(
        'mutation { createDomain(input: { id: "emea2", name: "EMEA", parentDomain: "urn:li:domain:sales" }) }',
      ),
      ['"EMEA" already exists in this domain. Please pick a unique name.', 409],
    );
    // A domain keeping its own name does not clash with itself; taking a sibling's name does.
    await ok('mutation { updateName(input: { urn: "urn:li:domain:sales", name: "Sales" }) }');
    await ok('mutation { createDomain(input: { id: "apac", name: "APAC", parentDomain: "urn:li:domain:sales" }) }');
    assert.deepEqual(await fails('mutation { updateName(input: { urn: "urn:li:domain:apac", name: "EMEA" }) }'), [
      '"EMEA" already exists in this domain. Please pick a unique name.',
      409,
    ]);

    await ok(`mutation { setDomain(entityUrn: "${S.hiveSample}", domainUrn: "urn:li:domain:emea") }`);
    assert.deepEqual(value(S.hiveSample, 'domains'), { domains: ['urn:li:domain:emea'] });
    assert.deepEqual(
      await fails(`mutation { setDomain(entityUrn: "${S.hiveSample}", domainUrn: "urn:li:domain:nope") }`),
      [`Failed to add Entity ${S.hiveSample} to Domain urn:li:domain:nope. Domain does not exist.`, 400],
    );
    assert.deepEqual(
      await fails('mutation { setDomain(entityUrn: "urn:li:tag:none", domainUrn: "urn:li:domain:sales") }'),
      ['Failed to add Entity urn:li:tag:none to Domain urn:li:domain:sales. Entity does not exist.', 400],
    );

    await ok(
      `mutation { batchSetDomain(input: { domainUrn: "urn:li:domain:sales", resources: [{ resourceUrn: "${S.kafkaSample}" }, { resourceUrn: "${S.hdfsSample}" }] }) }`,
    );
    assert.deepEqual(value(S.kafkaSample, 'domains'), { domains: ['urn:li:domain:sales'] });
    assert.deepEqual(
      await fails(
        `mutation { batchSetDomain(input: { domainUrn: "urn:li:domain:nope", resources: [{ resourceUrn: "${S.kafkaSample}" }] }) }`,
      ),
      ['Failed to validate Domain with urn urn:li:domain:nope. Urn does not exist.', 400],
    );
    assert.deepEqual(
      await fails(
        `mutation { batchSetDomain(input: { domainUrn: null, resources: [{ resourceUrn: "${S.kafkaSample}" }, { resourceUrn: "urn:li:tag:none" }] }) }`,
      ),
      ['Failed to update resource with urn urn:li:tag:none. Entity does not exist.', 400],
    );
    assert.deepEqual(
      value(S.kafkaSample, 'domains'),
      { domains: ['urn:li:domain:sales'] },
      'nothing of the failed batch was written',
    );
    await ok(`mutation { unsetDomain(entityUrn: "${S.hdfsSample}") }`);
    assert.deepEqual(value(S.hdfsSample, 'domains'), { domains: [] });

    const d = await ok(
      `{ domain(urn: "urn:li:domain:emea") { properties { name description } parentDomains { domains { urn } } relationships(input: { types: ["AssociatedWith"], direction: INCOMING }) { total } } }`,
    );
    assert.deepEqual(d.domain, {
      properties: { name: 'EMEA', description: 'Europe' },
      parentDomains: { domains: [{ urn: 'urn:li:domain:sales' }] },
      relationships: { total: 1 },
    });

    await ok('mutation { deleteDomain(urn: "urn:li:domain:sales") }');
    assert.equal(s.store.entityExists('urn:li:domain:sales'), false);
    assert.deepEqual(value(S.kafkaSample, 'domains'), { domains: [] }, 'assets lose the deleted domain');
    assert.equal(
      value('urn:li:domain:emea', 'domainProperties').parentDomain,
      undefined,
      'a sub-domain moves to the root',
    );
    assert.deepEqual(await fails('mutation { deleteDomain(urn: "urn:li:domain:sales") }'), [
      'Failed to delete Domain urn:li:domain:sales. Domain does not exist.',
      400,
    ]);
  });

  it('deleting a glossary term removes it from every entity and column that had it', async () => {
    await ok(
      `mutation { batchAddTerms(input: { termUrns: ["urn:li:glossaryTerm:Public"], resources: [{ resourceUrn: "${S.usersCreated}" }, { resourceUrn: "${S.usersCreated}", subResourceType: DATASET_FIELD, subResource: "user_id" }] }) }`,
    );
    await ok('mutation { deleteGlossaryEntity(urn: "urn:li:glossaryTerm:Public") }');
    assert.deepEqual(value(S.usersCreated, 'glossaryTerms').terms, []);
    assert.deepEqual(
      value(S.usersCreated, 'editableSchemaMetadata').editableSchemaFieldInfo.find(
        (e: any) => e.fieldPath === 'user_id',
      ).glossaryTerms.terms,
      [],
    );
    assert.deepEqual(await fails('mutation { deleteGlossaryEntity(urn: "urn:li:glossaryTerm:Public") }'), [
      'This urn does not exist: urn:li:glossaryTerm:Public',
      400,
    ]);
  });

  it('structured properties: define, set values checked against the definition, remove', async () => {
    const created = await ok(`mutation { createStructuredProperty(input: {
      qualifiedName: "io.acryl.retention", displayName: "Retention", valueType: "urn:li:dataType:datahub.number",
      cardinality: SINGLE, entityTypes: ["urn:li:entityType:datahub.dataset"], allowedValues: [{ numberValue: 30 }, { numberValue: 90, description: "a quarter" }]
    }) { urn definition { qualifiedName valueType { urn } } } }`);
    assert.deepEqual(created.createStructuredProperty, {
      urn: 'urn:li:structuredProperty:io.acryl.retention',
      definition: { qualifiedName: 'io.acryl.retention', valueType: { urn: 'urn:li:dataType:datahub.number' } },
    });
    const P = 'urn:li:structuredProperty:io.acryl.retention';
    const set =
      await ok(`mutation { upsertStructuredProperties(input: { assetUrn: "${S.hiveSample}", structuredPropertyInputParams: [{ structuredPropertyUrn: "${P}", values: [{ numberValue: 90 }] }] }) {
      properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } } }`);
    assert.deepEqual(set.upsertStructuredProperties, {
      properties: [{ structuredProperty: { urn: P }, values: [{ numberValue: 90 }] }],
    });
    const upsert = (values: string, asset = S.hiveSample) =>
      fails(
        `mutation { upsertStructuredProperties(input: { assetUrn: "${asset}", structuredPropertyInputParams: [{ structuredPropertyUrn: "${P}", values: ${values} }] }) { properties { values { __typename } } } }`,
      );
    assert.deepEqual(await upsert('[{ stringValue: "30" }]'), [
      `values of ${P}: numberValue expected for value type urn:li:dataType:datahub.number`,
      400,
    ]);
    assert.deepEqual(await upsert('[{ numberValue: 30 }, { numberValue: 90 }]'), [
      `values of ${P}: the property takes a single value, got 2`,
      400,
    ]);
    assert.deepEqual(await upsert('[{ numberValue: 7 }]'), [`values of ${P}: 7 is not one of the allowed values`, 400]);
    assert.deepEqual(await upsert('[{ numberValue: 30 }]', 'urn:li:tag:none'), [
      'Asset with provided urn urn:li:tag:none does not exist',
      400,
    ]);
    assert.deepEqual(await upsert('[{ numberValue: 30 }]', S.legacy), [`${P} does not apply to tag entities`, 400]);
    assert.deepEqual(
      await fails(
        `mutation { createStructuredProperty(input: { qualifiedName: "io.acryl.retention", valueType: "urn:li:dataType:datahub.number", entityTypes: ["urn:li:entityType:datahub.dataset"] }) { urn } }`,
      ),
      ['A structured property already exists with this urn', 400],
    );
    const removed = await ok(
      `mutation { removeStructuredProperties(input: { assetUrn: "${S.hiveSample}", structuredPropertyUrns: ["${P}"] }) { properties { structuredProperty { urn } } } }`,
    );
    assert.deepEqual(removed.removeStructuredProperties, { properties: [] });
  });

  it('data products: create in a domain, move assets in and out (one product per asset)', async () => {
    await ok('mutation { createDomain(input: { id: "finance", name: "Finance" }) }');
    const p = await ok(
      'mutation { createDataProduct(input: { id: "revenue", domainUrn: "urn:li:domain:finance", properties: { name: "Revenue", description: "Money in" } }) { urn properties { name numAssets } domain { domain { urn } } } }',
    );
    assert.deepEqual(p.createDataProduct, {
      urn: 'urn:li:dataProduct:revenue',
      properties: { name: 'Revenue', numAssets: 0 },
      domain: { domain: { urn: 'urn:li:domain:finance' } },
    });
    await ok(
      'mutation { createDataProduct(input: { id: "costs", domainUrn: "urn:li:domain:finance", properties: { name: "Costs" } }) { urn } }',
    );
    await ok(
      `mutation { batchSetDataProduct(input: { dataProductUrn: "urn:li:dataProduct:revenue", resourceUrns: ["${S.hiveSample}", "${S.kafkaSample}"] }) }`,
    );
    await ok(
      `mutation { batchSetDataProduct(input: { dataProductUrn: "urn:li:dataProduct:costs", resourceUrns: ["${S.kafkaSample}"] }) }`,
    );
    assert.deepEqual(
      value('urn:li:dataProduct:revenue', 'dataProductProperties').assets.map((a: any) => a.destinationUrn),
      [S.hiveSample],
      'moved out of the other product',
    );
    assert.deepEqual(
      value('urn:li:dataProduct:costs', 'dataProductProperties').assets.map((a: any) => a.destinationUrn),
      [S.kafkaSample],
    );
    await ok(`mutation { batchSetDataProduct(input: { dataProductUrn: null, resourceUrns: ["${S.hiveSample}"] }) }`);
    assert.deepEqual(value('urn:li:dataProduct:revenue', 'dataProductProperties').assets, []);
    assert.deepEqual(
      await fails(
        'mutation { createDataProduct(input: { id: "x", domainUrn: "urn:li:domain:nope", properties: { name: "X" } }) { urn } }',
      ),
      ['The Domain provided dos not exist', 400],
    );
    assert.deepEqual(
      await fails(
        'mutation { createDataProduct(input: { id: "revenue", domainUrn: "urn:li:domain:finance", properties: { name: "X" } }) { urn } }',
      ),
      ['This Data product already exists!', 400],
    );
    assert.deepEqual(
      await fails(
        `mutation { batchSetDataProduct(input: { dataProductUrn: "urn:li:dataProduct:nope", resourceUrns: ["${S.hiveSample}"] }) }`,
      ),
      ['Failed to batch set Data Product, Data Product urn urn:li:dataProduct:nope does not exist', 400],
    );
    assert.deepEqual(
      await fails(
        'mutation { batchSetDataProduct(input: { dataProductUrn: "urn:li:dataProduct:revenue", resourceUrns: ["urn:li:tag:none"] }) }',
      ),
      ['Failed to batch set Data Product, urn:li:tag:none in resources does not exist', 400],
    );
  });
});
