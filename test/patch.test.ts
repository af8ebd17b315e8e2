// JSON Patch on aspects (issue 13, docs/datahub/discovery.md §6): the bodies DataHub's 1.7 SDK emits
// (§6.5), DataHub's keyed-array semantics (§6.2), templates (§6.3), and bad patches.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { InvalidPatchError } from '../src/errors.ts';
import { applyPatch, parsePatch } from '../src/model/patch.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

const NOW = 1_700_000_000_000;
const SYSTEM = { actor: 'urn:li:corpuser:__datahub_system', time: NOW };
const patch = (aspect: string, current: unknown, body: unknown) =>
  applyPatch(aspect, current, parsePatch(aspect, body), NOW);
const generic = (keys: Record<string, string[]>, ops: unknown[]) => ({ arrayPrimaryKeys: keys, patch: ops });

describe('PATCH semantics', () => {
  it("globalTags: the SDK's add_tag and remove_tag (generic bodies keyed by attribution␟source and tag)", () => {
    const current = { tags: [{ tag: 'urn:li:tag:old' }, { tag: 'urn:li:tag:keep', context: 'c' }] };
    const added = patch(
      'globalTags',
      current,
      generic({ tags: ['attribution␟source', 'tag'] }, [
        { op: 'add', path: '/tags//urn:li:tag:pii', value: { tag: 'urn:li:tag:pii' } },
      ]),
    );
    assert.deepEqual(added, {
      tags: [{ tag: 'urn:li:tag:old' }, { tag: 'urn:li:tag:keep', context: 'c' }, { tag: 'urn:li:tag:pii' }],
    });
    const removed = patch(
      'globalTags',
      added,
      generic({ tags: ['tag', 'attribution␟source'] }, [{ op: 'remove', path: '/tags/urn:li:tag:old', value: {} }]),
    );
    assert.deepEqual(removed, { tags: [{ tag: 'urn:li:tag:keep', context: 'c' }, { tag: 'urn:li:tag:pii' }] });
    // Adding a tag that is there replaces it in place (an upsert), it is not duplicated.
    assert.deepEqual(
      patch('globalTags', removed, [{ op: 'add', path: '/tags/urn:li:tag:keep', value: { tag: 'urn:li:tag:keep' } }])
        .tags,
      [{ tag: 'urn:li:tag:keep' }, { tag: 'urn:li:tag:pii' }],
    );
  });

  it('ownership: add_owner with four key fields; a partial key removes every match', () => {
    const keys = { owners: ['owner', 'type', 'typeUrn', 'attribution␟source'] };
    const current = {
      owners: [
        { owner: 'urn:li:corpuser:x', type: 'DATAOWNER' },
        { owner: 'urn:li:corpuser:x', type: 'TECHNICAL_OWNER' },
        { owner: 'urn:li:corpuser:y', type: 'DATAOWNER' },
      ],
      lastModified: { actor: 'urn:li:corpuser:a', time: 1 },
    };
    const added = patch(
      'ownership',
      current,
      generic(keys, [
        {
          op: 'add',
          path: '/owners/urn:li:corpuser:jdoe/DATAOWNER//',
          value: { owner: 'urn:li:corpuser:jdoe', type: 'DATAOWNER' },
        },
      ]),
    );
    assert.deepEqual(added.owners, [...current.owners, { owner: 'urn:li:corpuser:jdoe', type: 'DATAOWNER' }]);
    const removed = patch(
      'ownership',
      added,
      generic(keys, [{ op: 'remove', path: '/owners/urn:li:corpuser:x', value: {} }]),
    );
    assert.deepEqual(removed.owners, [
      { owner: 'urn:li:corpuser:y', type: 'DATAOWNER' },
      { owner: 'urn:li:corpuser:jdoe', type: 'DATAOWNER' },
    ]);
    assert.deepEqual(removed.lastModified, current.lastModified);
  });

  it('a patch on an aspect that does not exist starts from its empty value (templates fill stamps)', () => {
    assert.deepEqual(
      patch('ownership', undefined, [
        {
          op: 'add',
          path: '/owners/urn:li:corpuser:a/DATAOWNER',
          value: { owner: 'urn:li:corpuser:a', type: 'DATAOWNER' },
        },
      ]),
      {
        owners: [{ owner: 'urn:li:corpuser:a', type: 'DATAOWNER' }],
        lastModified: SYSTEM,
      },
    );
    assert.deepEqual(
      patch(
        'glossaryTerms',
        undefined,
        generic({ terms: ['urn', 'attribution␟source'] }, [
          { op: 'add', path: '/terms/urn:li:glossaryTerm:t/', value: { urn: 'urn:li:glossaryTerm:t' } },
        ]),
      ),
      // A generic patch (the SDK's add_term, keyed by arrayPrimaryKeys) starts from the template's empty
      // value too, as DataHub's does: the auditStamp glossaryTerms requires is there.
      { terms: [{ urn: 'urn:li:glossaryTerm:t' }], auditStamp: SYSTEM },
    );
    assert.deepEqual(
      patch('datasetProperties', undefined, [{ op: 'add', path: '/customProperties/k~11', value: 'v' }]),
      { tags: [], customProperties: { 'k/1': 'v' } },
    );
  });

  it('datasetProperties: custom properties as a map, description and name as fields, tags keyed by value', () => {
    const current = { customProperties: { a: '1', b: '2' }, description: 'old', tags: ['x'] };
    const next = patch('datasetProperties', current, [
      { op: 'add', path: '/customProperties/c', value: '3' },
      { op: 'remove', path: '/customProperties/a', value: {} },
      { op: 'add', path: '/description', value: 'new' },
      { op: 'add', path: '/name', value: 'Shown' },
      { op: 'add', path: '/tags/y', value: 'y' },
      { op: 'remove', path: '/tags/x', value: {} },
    ]);
    assert.deepEqual(next, { customProperties: { b: '2', c: '3' }, description: 'new', tags: ['y'], name: 'Shown' });
    assert.deepEqual(current.customProperties, { a: '1', b: '2' }, 'the stored value is not changed in place');
  });

  it('editableSchemaMetadata: for_field(…).add_tag / add_term / remove_tag, creating the field entry', () => {
    const current = {
      editableSchemaFieldInfo: [
        { fieldPath: 'a.b', description: 'kept', globalTags: { tags: [{ tag: 'urn:li:tag:old' }] } },
      ],
    };
    const next = patch('editableSchemaMetadata', current, [
      {
        op: 'add',
        path: '/editableSchemaFieldInfo/a.b/globalTags/tags/urn:li:tag:pii',
        value: { tag: 'urn:li:tag:pii' },
      },
      { op: 'remove', path: '/editableSchemaFieldInfo/a.b/globalTags/tags/urn:li:tag:old', value: {} },
      {
        op: 'add',
        path: '/editableSchemaFieldInfo/c/glossaryTerms/terms/urn:li:glossaryTerm:t',
        value: { urn: 'urn:li:glossaryTerm:t' },
      },
      { op: 'remove', path: '/editableSchemaFieldInfo/nope/globalTags/tags/urn:li:tag:x', value: {} },
    ]);
    assert.deepEqual(next.editableSchemaFieldInfo, [
      { fieldPath: 'a.b', description: 'kept', globalTags: { tags: [{ tag: 'urn:li:tag:pii' }] } },
      { fieldPath: 'c', glossaryTerms: { terms: [{ urn: 'urn:li:glossaryTerm:t' }] } },
    ]);
  });

  it('upstreamLineage: add and remove an upstream by dataset (escaped "/" in the urn)', () => {
    const up = 'urn:li:dataset:(urn:li:dataPlatform:hive,db/t1,PROD)';
    const value = { dataset: up, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } };
    const added = patch('upstreamLineage', undefined, [
      { op: 'add', path: `/upstreams/${up.replace('/', '~1')}`, value },
    ]);
    assert.deepEqual(added, { upstreams: [value], fineGrainedLineages: [] });
    assert.deepEqual(
      patch('upstreamLineage', added, [{ op: 'remove', path: `/upstreams/${up.replace('/', '~1')}`, value: {} }]),
      { upstreams: [], fineGrainedLineages: [] },
    );
  });

  it("upstreamLineage fine-grained lineage: the SDK's column lineage add/remove paths rebuild DataHub's list (docs/datahub/patch-templates.md)", () => {
    const field = (ds: string, f: string) =>
      `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,${ds},PROD),${f})`;
    const current = {
      upstreams: [
        {
          dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,u,PROD)',
          type: 'TRANSFORMED',
          auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' },
        },
      ],
    };
    // The ops DatasetPatchBuilder.add_fine_grained_upstream_lineage emits (a bare list: the template applies).
    const add = (up: string, score: number) =>
      parsePatch('upstreamLineage', [
        {
          op: 'add',
          path: `/fineGrainedLineages/COPY/${field('d', 'x')}/NONE/${up}`,
          value: { confidenceScore: score },
        },
      ]);
    let v = applyPatch('upstreamLineage', current, add(field('u', 'a'), 0.5), 1);
    v = applyPatch('upstreamLineage', v, add(field('u', 'b'), 0.9), 2);
    v = applyPatch(
      'upstreamLineage',
      v,
      parsePatch('upstreamLineage', [
        {
          op: 'add',
          path: `/fineGrainedLineages/NONE/${field('d', 'y')}/urn:li:query:q1/${field('u', 'c')}`,
          value: { confidenceScore: 1 },
        },
      ]),
      3,
    );
    assert.deepEqual(v['upstreams'], current.upstreams, 'the rest of the aspect is untouched');
    assert.deepEqual(v['fineGrainedLineages'], [
      {
        upstreamType: 'FIELD_SET',
        upstreams: [field('u', 'a'), field('u', 'b')],
        downstreamType: 'FIELD',
        downstreams: [field('d', 'x')],
        transformOperation: 'COPY',
        confidenceScore: 0.5,
      },
      {
        upstreamType: 'FIELD_SET',
        upstreams: [field('u', 'c')],
        downstreamType: 'FIELD',
        downstreams: [field('d', 'y')],
        transformOperation: 'NONE',
        confidenceScore: 1,
        query: 'urn:li:query:q1',
      },
    ]);
    v = applyPatch(
      'upstreamLineage',
      v,
      parsePatch('upstreamLineage', [
        { op: 'remove', path: `/fineGrainedLineages/COPY/${field('d', 'x')}/NONE/${field('u', 'a')}`, value: {} },
      ]),
      4,
    );
    assert.deepEqual((v['fineGrainedLineages'] as any[])[0].upstreams, [field('u', 'b')]);
    // The stored entry keeps one score (the lowest), so the remaining upstream carries it on, as in DataHub.
    assert.equal((v['fineGrainedLineages'] as any[])[0].confidenceScore, 0.5);
    // An entry with two downstreams cannot be addressed by a patch.
    const two = {
      upstreams: [],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [field('u', 'a')],
          downstreamType: 'FIELD_SET',
          downstreams: [field('d', 'x'), field('d', 'y')],
        },
      ],
    };
    assert.throws(
      () => applyPatch('upstreamLineage', two, add(field('u', 'b'), 1), 5),
      /Patching not supported on fine grained lineages with not exactly one downstream/,
    );
  });

  it('fine-grained lineage: such an entry is left as it is by a patch that does not address column lineage; a whole list set by the patch is kept as given', () => {
    const down = (f: string) => `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,d,PROD),${f})`;
    const two = {
      upstreams: [],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [down('a')],
          downstreamType: 'FIELD_SET',
          downstreams: [down('x'), down('y')],
        },
      ],
    };
    const up = 'urn:li:dataset:(urn:li:dataPlatform:hive,u,PROD)';
    const added = patch('upstreamLineage', two, [
      { op: 'add', path: `/upstreams/${up}`, value: { dataset: up, type: 'COPY' } },
    ]);
    assert.deepEqual(added, {
      upstreams: [{ dataset: up, type: 'COPY' }],
      fineGrainedLineages: two.fineGrainedLineages,
    });
    // set_fine_grained_lineages: `add /fineGrainedLineages` with the list, in both aspects.
    const list = [
      {
        upstreamType: 'FIELD_SET',
        upstreams: [down('a')],
        downstreamType: 'FIELD_SET',
        downstreams: [down('x'), down('y')],
        confidenceScore: 0.3,
      },
    ];
    for (const aspect of ['upstreamLineage', 'dataJobInputOutput']) {
      assert.deepEqual(
        patch(aspect, undefined, [{ op: 'add', path: '/fineGrainedLineages', value: list }])['fineGrainedLineages'],
        list,
        aspect,
      );
    }
  });

  it("dataJobInputOutput: DataJobPatchBuilder's column fields are lists of urns, edges are keyed by destination, the deprecated lists are left alone", () => {
    const f = (c: string) => `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD),${c})`;
    const ds = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
    const next = patch('dataJobInputOutput', { inputDatasets: [ds], outputDatasets: [] }, [
      { op: 'add', path: `/inputDatasetFields/${f('a')}`, value: {} },
      { op: 'add', path: `/inputDatasetFields/${f('b')}`, value: {} },
      { op: 'remove', path: `/inputDatasetFields/${f('a')}`, value: {} },
      { op: 'add', path: `/outputDatasetFields/${f('c')}`, value: {} },
      { op: 'add', path: `/inputDatasetEdges/${ds}`, value: { destinationUrn: ds } },
    ]);
    assert.deepEqual(next, {
      inputDatasets: [ds],
      outputDatasets: [],
      inputDatasetEdges: [{ destinationUrn: ds }],
      outputDatasetEdges: [],
      inputDatajobEdges: [],
      inputDatasetFields: [f('b')],
      outputDatasetFields: [f('c')],
      fineGrainedLineages: [],
    });
    // The deprecated lists are addressed by value when a patch names them, and created then.
    assert.deepEqual(
      patch('dataJobInputOutput', {}, [
        {
          op: 'add',
          path: `/inputDatajobs/urn:li:dataJob:(urn:li:dataFlow:(a,b,c),d)`,
          value: 'urn:li:dataJob:(urn:li:dataFlow:(a,b,c),d)',
        },
      ])['inputDatajobs'],
      ['urn:li:dataJob:(urn:li:dataFlow:(a,b,c),d)'],
    );
    // A whole list put by set_input_dataset_fields is kept as given.
    assert.deepEqual(
      patch('dataJobInputOutput', undefined, [{ op: 'add', path: '/inputDatasetFields', value: [f('z')] }])[
        'inputDatasetFields'
      ],
      [f('z')],
    );
  });

  it('chartInfo inputs: union members ({"string": urn}) are keyed by the urn they hold; a missing chartInfo starts from DataHub\'s default', () => {
    const a = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
    const b = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
    const current = {
      title: 'T',
      description: '',
      lastModified: { created: SYSTEM, lastModified: SYSTEM },
      inputs: [{ string: a }, { 'com.linkedin.common.urn.DatasetUrn': b }],
    };
    const next = patch('chartInfo', current, [
      { op: 'add', path: `/inputs/${a}`, value: a },
      { op: 'remove', path: `/inputs/${b}`, value: {} },
    ]);
    assert.deepEqual(next['inputs'], [a]);
    assert.deepEqual(next['inputEdges'], []);
    assert.deepEqual(patch('chartInfo', undefined, [{ op: 'add', path: `/inputs/${b}`, value: b }]), {
      title: '',
      description: '',
      lastModified: { created: SYSTEM, lastModified: SYSTEM },
      inputEdges: [],
      inputs: [b],
    });
  });

  it('dashboardInfo: nested dashboards are keyed by destination like the other edges', () => {
    const d = 'urn:li:dashboard:(looker,inner)';
    const next = patch('dashboardInfo', undefined, [
      { op: 'add', path: `/dashboards/${d}`, value: { destinationUrn: d } },
    ]);
    assert.deepEqual(next, {
      title: '',
      description: '',
      lastModified: { created: SYSTEM, lastModified: SYSTEM },
      chartEdges: [],
      datasetEdges: [],
      datasets: [],
      charts: [],
      dashboards: [{ destinationUrn: d }],
    });
    assert.deepEqual(
      patch('dashboardInfo', next, [{ op: 'remove', path: `/dashboards/${d}`, value: {} }])['dashboards'],
      [],
    );
  });

  it("propertyDefinition: StructuredPropertyPatchBuilder's entity types by value, allowed values by the value they hold (through its union), kept absent unless named", () => {
    const created = patch('propertyDefinition', undefined, [
      { op: 'add', path: '/qualifiedName', value: 'io.acryl.tier' },
      { op: 'add', path: '/entityTypes/urn:li:entityType:datahub.dataset', value: 'urn:li:entityType:datahub.dataset' },
      { op: 'add', path: '/entityTypes/urn:li:entityType:datahub.dataset', value: 'urn:li:entityType:datahub.dataset' },
    ]);
    assert.deepEqual(created, {
      qualifiedName: 'io.acryl.tier',
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
    });
    const gold = { value: { string: 'gold' }, description: 'Best' };
    const withValues = patch(
      'propertyDefinition',
      { ...created, allowedValues: [{ value: { string: 'silver' } }, gold] },
      [
        { op: 'add', path: '/allowedValues/gold', value: { value: { string: 'gold' }, description: 'The best' } },
        { op: 'add', path: '/allowedValues/bronze', value: { value: { string: 'bronze' } } },
      ],
    );
    assert.deepEqual(withValues['allowedValues'], [
      { value: { string: 'silver' } },
      { value: { string: 'gold' }, description: 'The best' },
      { value: { string: 'bronze' } },
    ]);
    // A number: the SDK's path is Python's text of the double (`1.0`), which the stored 1 is keyed by too.
    const one = patch('propertyDefinition', created, [
      { op: 'add', path: '/allowedValues/1.0', value: { value: { double: 1 } } },
    ]);
    assert.deepEqual(
      patch('propertyDefinition', one, [
        { op: 'add', path: '/allowedValues/1.0', value: { value: { double: 1 }, description: 'one' } },
      ])['allowedValues'],
      [{ value: { double: 1 }, description: 'one' }],
    );
  });

  it("forms: the two form lists (and each form's two prompt lists) are one map by urn (by id), the isComplete a patch sets deciding where each goes back", () => {
    const f1 = 'urn:li:form:f1';
    const f2 = 'urn:li:form:f2';
    assert.deepEqual(
      patch('forms', undefined, [{ op: 'add', path: `/forms/${f1}`, value: { urn: f1, isComplete: false } }]),
      {
        incompleteForms: [{ urn: f1, incompletePrompts: [], completedPrompts: [] }],
        completedForms: [],
      },
    );
    const current = {
      incompleteForms: [
        {
          urn: f1,
          incompletePrompts: [{ id: 'p1' }, { id: 'p2', fieldAssociations: { completedFieldPrompts: [] } }],
          completedPrompts: [],
        },
      ],
      completedForms: [{ urn: f2, incompletePrompts: [], completedPrompts: [{ id: 'q1' }] }],
    };
    const next = patch('forms', current, [
      {
        op: 'add',
        path: `/forms/${f1}/prompts/p1`,
        value: { id: 'p1', isComplete: true, lastModified: { time: 5, actor: 'urn:li:corpuser:a' } },
      },
      { op: 'add', path: `/forms/${f1}/isComplete`, value: true },
      { op: 'remove', path: `/forms/${f2}`, value: {} },
      {
        op: 'add',
        path: `/verifications/${f1}`,
        value: { form: f1, lastModified: { time: 5, actor: 'urn:li:corpuser:a' } },
      },
      // A form put in whole keeps the prompts it lists.
      {
        op: 'add',
        path: '/forms/urn:li:form:f3',
        value: { urn: 'urn:li:form:f3', isComplete: false, incompletePrompts: [{ id: 'r1' }] },
      },
    ]);
    assert.deepEqual(next, {
      incompleteForms: [{ urn: 'urn:li:form:f3', incompletePrompts: [{ id: 'r1' }], completedPrompts: [] }],
      completedForms: [
        {
          urn: f1,
          incompletePrompts: [{ id: 'p2', fieldAssociations: { completedFieldPrompts: [] } }],
          completedPrompts: [{ id: 'p1', lastModified: { time: 5, actor: 'urn:li:corpuser:a' } }],
        },
      ],
      verifications: [{ form: f1, lastModified: { time: 5, actor: 'urn:li:corpuser:a' } }],
    });
  });

  it('RFC 6902 on plain arrays and objects: index, "-", replace of what exists', () => {
    const next = patch('someAspect', { list: [1, 2], obj: { a: 1 } }, [
      { op: 'add', path: '/list/-', value: 3 },
      { op: 'add', path: '/list/0', value: 0 },
      { op: 'remove', path: '/list/1', value: {} },
      { op: 'replace', path: '/obj/a', value: 2 },
    ]);
    assert.deepEqual(next, { list: [0, 2, 3], obj: { a: 2 } });
  });

  it('bad patches name the operation and the path', () => {
    const bad = (aspect: string, current: unknown, body: unknown, message: string) =>
      assert.throws(
        () => patch(aspect, current, body),
        (e: unknown) => e instanceof InvalidPatchError && e.message === message,
      );
    bad(
      'globalTags',
      undefined,
      [{ op: 'move', path: '/tags', from: '/x' }],
      'Invalid patch of globalTags: patch[0]: Unsupported PATCH operation: "move" (supported: add, remove, replace)',
    );
    bad(
      'globalTags',
      undefined,
      [{ op: 'add', path: 'tags', value: {} }],
      'Invalid patch of globalTags: patch[0] (add): path must be a JSON pointer starting with "/", got "tags"',
    );
    bad(
      'globalTags',
      undefined,
      [{ op: 'add', path: '/tags/urn:li:tag:x' }],
      'Invalid patch of globalTags: patch[0] (add /tags/urn:li:tag:x): value is missing',
    );
    bad(
      'globalTags',
      undefined,
      { patch: 'nope' },
      'Invalid patch of globalTags: Invalid JSON Patch: expected a list of operations or {"patch": [...]}',
    );
    bad(
      'globalTags',
      { tags: [] },
      [{ op: 'replace', path: '/tags/urn:li:tag:x', value: { tag: 'urn:li:tag:x' } }],
      'Invalid patch of globalTags: patch[0] (replace /tags/urn:li:tag:x): no element has that key',
    );
    bad(
      'x',
      { list: [1] },
      [{ op: 'remove', path: '/list/5', value: {} }],
      'Invalid patch of x: patch[0] (remove /list/5): index 5 is past the end of the array',
    );
    bad(
      'x',
      { a: 'text' },
      [{ op: 'add', path: '/a/b/c', value: 1 }],
      'Invalid patch of x: patch[0] (add /a/b/c): "a" is not an object',
    );
    bad(
      'datasetProperties',
      {},
      [{ op: 'replace', path: '/description', value: 'x' }],
      'Invalid patch of datasetProperties: patch[0] (replace /description): the target does not exist',
    );
    bad(
      'globalTags',
      undefined,
      generic({ tags: [] as string[] }, []),
      'Invalid patch of globalTags: arrayPrimaryKeys: expected an object of non-empty string lists',
    );
  });
});

describe('PATCH through REST ingestProposal', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${s.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const proposal = (urn: string, aspectName: string, body: unknown) => ({
    entityType: urn.split(':')[2],
    entityUrn: urn,
    changeType: 'PATCH',
    aspectName,
    aspect: { value: JSON.stringify(body), contentType: 'application/json-patch+json' },
  });

  it('/config says patchCapable', async () => {
    assert.equal(((await (await fetch(`${s.server.url}/config`)).json()) as any).patchCapable, true);
  });

  it('a patch applies to the stored value and is readable at once, with a new version', async () => {
    const r = await post('/aspects?action=ingestProposal', {
      proposal: proposal(
        S.hiveSample,
        'globalTags',
        generic({ tags: ['attribution␟source', 'tag'] }, [
          { op: 'add', path: '/tags//urn:li:tag:pii', value: { tag: 'urn:li:tag:pii' } },
        ]),
      ),
    });
    assert.deepEqual(r, { status: 200, body: { value: 'success' } });
    assert.deepEqual(s.store.getAspect(S.hiveSample, 'globalTags')?.value, {
      tags: [{ tag: S.legacy }, { tag: 'urn:li:tag:pii' }],
    });
    assert.deepEqual(s.store.getAspect(S.hiveSample, 'globalTags', 1)?.value, { tags: [{ tag: S.legacy }] });
    assert.deepEqual(
      s.store.edges('urn:li:tag:pii', 'INCOMING').map((e) => e.urn),
      [S.hiveSample],
      'the relationships index follows the patch',
    );
  });

  it('a bad patch is a 422 naming the operation and the path; a batch with one bad patch writes nothing', async () => {
    const good = proposal(S.kafkaSample, 'datasetProperties', [{ op: 'add', path: '/customProperties/k', value: 'v' }]);
    const bad = proposal(S.kafkaSample, 'globalTags', [
      { op: 'replace', path: '/tags/urn:li:tag:none', value: { tag: 'urn:li:tag:none' } },
    ]);
    const before = s.store.getAspect(S.kafkaSample, 'datasetProperties')?.value;
    const r = await post('/aspects?action=ingestProposalBatch', { proposals: [good, bad] });
    assert.deepEqual(r, {
      status: 422,
      body: {
        status: 422,
        message:
          'proposals[1]: Invalid patch of globalTags: patch[0] (replace /tags/urn:li:tag:none): no element has that key',
      },
    });
    assert.deepEqual(
      s.store.getAspect(S.kafkaSample, 'datasetProperties')?.value,
      before,
      'nothing of the batch was written',
    );
    const wrongType = await post('/aspects?action=ingestProposal', {
      proposal: proposal(S.kafkaSample, 'globalTags', [{ op: 'add', path: '/tags/x', value: { tag: 5 } }]),
    });
    assert.deepEqual(wrongType, {
      status: 422,
      body: {
        status: 422,
        message:
          'proposal: Invalid patch of globalTags: the patched value is not valid: Invalid globalTags at tags[0].tag: expected a urn string, got number 5',
      },
    });
    const unknownOp = await post('/aspects?action=ingestProposal', {
      proposal: proposal(S.kafkaSample, 'globalTags', [{ op: 'test', path: '/tags', value: [] }]),
    });
    assert.deepEqual(unknownOp, {
      status: 422,
      body: {
        status: 422,
        message:
          'proposal: Invalid patch of globalTags: patch[0]: Unsupported PATCH operation: "test" (supported: add, remove, replace)',
      },
    });
    const notJson = await post('/aspects?action=ingestProposal', {
      proposal: {
        ...proposal(S.kafkaSample, 'globalTags', []),
        aspect: { value: '[{', contentType: 'application/json-patch+json' },
      },
    });
    assert.equal(notJson.status, 400);
    assert.match(notJson.body.message, /^proposal: aspect\.value: Invalid JSON Patch: not valid JSON/);
  });
});
