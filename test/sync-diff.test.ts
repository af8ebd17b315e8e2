// Field-level diff of aspect values (issue 34 item 7, the pure part): the human lines and the JSON form
// for descriptions, tags, owners, terms and columns, and what is not a difference (order of set-like
// lists, audit stamps).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { diffAspect, formatChanges, type Change } from '../src/sync/diff.ts';
import { parsePath } from '../src/sync/path.ts';
import { MERGE_RULES } from '../src/sync/rules.ts';
import { propertyRuns } from './property-runs.ts';

const T = (n: string) => ({ tag: `urn:li:tag:${n}` });
const U = (n: string) => `urn:li:corpuser:${n}`;
const stamp = (time: number) => ({ time, actor: U('a') });
const lines = (aspect: string, a: unknown, b: unknown) => formatChanges(diffAspect(aspect, a, b));
const json = (changes: Change[]) => changes.map(({ text: _text, ...rest }) => rest);

describe('diffAspect: human lines', () => {
  const cases: [string, string, unknown, unknown, string[]][] = [
    [
      'a description',
      'editableDatasetProperties',
      { description: 'Orders' },
      { description: 'All orders' },
      ['~ description: "Orders" → "All orders"'],
    ],
    [
      'a description set and one removed',
      'datasetProperties',
      { name: 'n' },
      { description: 'new' },
      ['- name: "n"', '+ description: "new"'],
    ],
    [
      'tags',
      'globalTags',
      { tags: [T('old'), T('keep')] },
      { tags: [T('keep'), T('pii')] },
      ['- tag urn:li:tag:old', '+ tag urn:li:tag:pii'],
    ],
    [
      'a tag gains a context',
      'globalTags',
      { tags: [T('a')] },
      { tags: [{ ...T('a'), context: 'why' }] },
      ['+ tag urn:li:tag:a › context: "why"'],
    ],
    [
      'owners, with their type',
      'ownership',
      { owners: [{ owner: U('ana'), type: 'DATAOWNER' }] },
      { owners: [{ owner: U('ana'), type: 'TECHNICAL_OWNER' }, { owner: U('bo') }] },
      [
        '- owner urn:li:corpuser:ana (DATAOWNER)',
        '+ owner urn:li:corpuser:ana (TECHNICAL_OWNER)',
        '+ owner urn:li:corpuser:bo',
      ],
    ],
    [
      "an owner's source",
      'ownership',
      { owners: [{ owner: U('a'), type: 'DATAOWNER', source: { type: 'MANUAL' } }] },
      { owners: [{ owner: U('a'), type: 'DATAOWNER', source: { type: 'SERVICE' } }] },
      ['~ owner urn:li:corpuser:a (DATAOWNER) › source.type: "MANUAL" → "SERVICE"'],
    ],
    [
      'terms',
      'glossaryTerms',
      { terms: [{ urn: 'urn:li:glossaryTerm:a' }], auditStamp: stamp(1) },
      { terms: [{ urn: 'urn:li:glossaryTerm:b' }], auditStamp: stamp(2) },
      ['- term urn:li:glossaryTerm:a', '+ term urn:li:glossaryTerm:b'],
    ],
    [
      'columns: description, tags and terms inside a column, a column added and one removed',
      'editableSchemaMetadata',
      {
        editableSchemaFieldInfo: [
          { fieldPath: 'id', description: 'a', globalTags: { tags: [T('x')] } },
          { fieldPath: 'gone' },
        ],
      },
      {
        editableSchemaFieldInfo: [
          {
            fieldPath: 'id',
            description: 'b',
            glossaryTerms: { terms: [{ urn: 'urn:li:glossaryTerm:k' }], auditStamp: stamp(1) },
          },
          { fieldPath: 'new', description: 'n' },
        ],
      },
      [
        '~ column id › description: "a" → "b"',
        '- column id › tag urn:li:tag:x',
        '+ column id › term urn:li:glossaryTerm:k',
        '- column gone',
        '+ column new',
      ],
    ],
    [
      'schema fields',
      'schemaMetadata',
      { fields: [{ fieldPath: 'a', nativeDataType: 'int' }] },
      { fields: [{ fieldPath: 'a', nativeDataType: 'bigint' }] },
      ['~ column a › nativeDataType: "int" → "bigint"'],
    ],
    [
      'links',
      'institutionalMemory',
      { elements: [{ url: 'https://a', description: 'A', createStamp: stamp(1) }] },
      { elements: [{ url: 'https://a', description: 'B', createStamp: stamp(1) }] },
      ['~ link https://a › description: "A" → "B"'],
    ],
    [
      'custom properties',
      'datasetProperties',
      { customProperties: { team: 'a', 'b c': 'x' } },
      { customProperties: { team: 'b' } },
      ['~ customProperties.team: "a" → "b"', '- customProperties["b c"]: "x"'],
    ],
    [
      'group members',
      'corpGroupInfo',
      { members: [U('a'), U('b')] },
      { members: [U('b'), U('c')] },
      ['- member urn:li:corpuser:a', '+ member urn:li:corpuser:c'],
    ],
    [
      'upstreams',
      'upstreamLineage',
      { upstreams: [{ dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', type: 'COPY' }] },
      { upstreams: [] },
      ['- upstream urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)'],
    ],
    ['a whole aspect added', 'globalTags', undefined, { tags: [] }, ['+ (aspect added)']],
    ['a whole aspect removed', 'globalTags', { tags: [] }, null, ['- (aspect removed)']],
    ['a list without a rule', 'someAspect', { list: [1, 2] }, { list: [2, 1] }, ['~ list: [1,2] → [2,1]']],
  ];
  for (const [name, aspect, a, b, expected] of cases) {
    it(name, () => assert.deepStrictEqual(lines(aspect, a, b), expected));
  }
});

describe('diffAspect: JSON form and what is no difference', () => {
  it('each change has op, path, before and after', () => {
    const changes = diffAspect(
      'editableSchemaMetadata',
      { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'a', globalTags: { tags: [T('x')] } }] },
      { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'b', globalTags: { tags: [T('x'), T('y')] } }] },
    );
    assert.deepStrictEqual(json(changes), [
      { op: 'changed', path: 'editableSchemaFieldInfo[fieldPath=id].description', before: 'a', after: 'b' },
      { op: 'added', path: 'editableSchemaFieldInfo[fieldPath=id].globalTags.tags[tag=urn:li:tag:y]', after: T('y') },
    ]);
    // JSON-serializable as is.
    assert.deepStrictEqual(JSON.parse(JSON.stringify(changes)), changes);
    assert.deepStrictEqual(json(diffAspect('corpGroupInfo', { members: [U('a')] }, { members: [] })), [
      { op: 'removed', path: 'members[=urn:li:corpuser:a]', before: U('a') },
    ]);
    assert.deepStrictEqual(json(diffAspect('globalTags', undefined, { tags: [] })), [
      { op: 'added', path: '', after: { tags: [] } },
    ]);
  });

  it('a removed wrapper around a labelled list shows its elements as removed', () => {
    assert.deepStrictEqual(
      json(
        diffAspect(
          'editableSchemaMetadata',
          { editableSchemaFieldInfo: [{ fieldPath: 'id', globalTags: { tags: [T('x')] } }] },
          { editableSchemaFieldInfo: [{ fieldPath: 'id' }] },
        ),
      ),
      [
        {
          op: 'removed',
          path: 'editableSchemaFieldInfo[fieldPath=id].globalTags.tags[tag=urn:li:tag:x]',
          before: T('x'),
        },
      ],
    );
  });

  it('the order of set-like lists is no difference', () => {
    assert.deepStrictEqual(diffAspect('globalTags', { tags: [T('a'), T('b')] }, { tags: [T('b'), T('a')] }), []);
    assert.deepStrictEqual(diffAspect('groupMembership', { groups: ['g1', 'g2'] }, { groups: ['g2', 'g1'] }), []);
    assert.deepStrictEqual(
      diffAspect(
        'upstreamLineage',
        { fineGrainedLineages: [{ upstreams: ['a', 'b'], downstreams: ['c'] }] },
        { fineGrainedLineages: [{ upstreams: ['b', 'a'], downstreams: ['c'] }] },
      ),
      [],
    );
  });

  it('audit stamps are no difference unless asked for', () => {
    const a = { description: 'd', lastModified: stamp(1) };
    const b = { description: 'd', lastModified: stamp(2) };
    assert.deepStrictEqual(diffAspect('editableDatasetProperties', a, b), []);
    assert.deepStrictEqual(json(diffAspect('editableDatasetProperties', a, b, MERGE_RULES, { stamps: true })), [
      { op: 'changed', path: 'lastModified', before: stamp(1), after: stamp(2) },
    ]);
  });

  it('equal values have no difference; absent and null aspects are the same', () => {
    assert.deepStrictEqual(
      diffAspect('ownership', { owners: [{ owner: U('a') }] }, { owners: [{ owner: U('a') }] }),
      [],
    );
    assert.deepStrictEqual(diffAspect('ownership', undefined, null), []);
  });

  it('property: a diff read backwards is the same places with the ops swapped, and every path parses', () => {
    const tag = fc.record({
      tag: fc.constantFrom('urn:li:tag:a', 'urn:li:tag:b', 'urn:li:tag:c'),
      context: fc.option(fc.constantFrom('x', 'y'), { nil: undefined }),
    });
    const owner = fc.record({
      owner: fc.constantFrom(U('a'), U('b')),
      type: fc.option(fc.constantFrom('DATAOWNER', 'NONE'), { nil: undefined }),
    });
    const column = fc.record({
      fieldPath: fc.constantFrom('id', 'a b', 'x.y'),
      description: fc.option(fc.constantFrom('d1', 'd2'), { nil: undefined }),
      globalTags: fc.option(fc.record({ tags: fc.uniqueArray(tag, { selector: (t) => t.tag }) }), { nil: undefined }),
    });
    const cases: [string, fc.Arbitrary<unknown>][] = [
      ['globalTags', fc.record({ tags: fc.uniqueArray(tag, { selector: (t) => t.tag }) })],
      [
        'ownership',
        fc.record({
          owners: fc.uniqueArray(owner, { selector: (o) => `${o.owner} ${o.type}` }),
          lastModified: fc.constant(stamp(1)),
        }),
      ],
      [
        'editableSchemaMetadata',
        fc.record({ editableSchemaFieldInfo: fc.uniqueArray(column, { selector: (c) => c.fieldPath }) }),
      ],
      [
        'datasetProperties',
        fc.record({
          description: fc.option(fc.string(), { nil: undefined }),
          customProperties: fc.dictionary(fc.constantFrom('a', 'b c'), fc.string()).map((d) => ({ ...d })),
        }),
      ],
    ];
    const swap = { added: 'removed', removed: 'added', changed: 'changed' } as const;
    for (const [aspect, value] of cases) {
      fc.assert(
        fc.property(fc.option(value, { nil: undefined }), fc.option(value, { nil: undefined }), (a, b) => {
          const forward = diffAspect(aspect, a, b);
          const backward = diffAspect(aspect, b, a);
          const key = (c: Change) => `${c.op} ${c.path}`;
          assert.deepStrictEqual(
            new Set(backward.map(key)),
            new Set(forward.map((c) => key({ ...c, op: swap[c.op] }))),
          );
          for (const c of forward) {
            parsePath(c.path);
            assert.ok(c.text.length > 2, c.path);
          }
          if (forward.length === 0) assert.deepStrictEqual(backward, []);
        }),
        { numRuns: propertyRuns(300) },
      );
    }
  });
});
