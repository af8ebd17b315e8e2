// Three-way merge of aspect values (issue 34 item 5): one table of cases per rule and aspect, the
// path syntax, resolution with ours/theirs, and a property test over random edits on both sides.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { BadRequestError } from '../src/errors.ts';
import { canonicalJson, compareText, deepEqual } from '../src/sync/canonical.ts';
import { diffAspect } from '../src/sync/diff.ts';
import { mergeAspect, type Conflict } from '../src/sync/merge.ts';
import { hashValue } from '../src/sync/base.ts';
import { reconcile } from '../src/sync/reconcile.ts';
import { formatPath, parsePath, type PathSegment } from '../src/sync/path.ts';
import { compileRules, MERGE_RULES, mergeRulesOf, type MergeRules } from '../src/sync/rules.ts';
import { ASPECTS } from '../src/model/aspects/index.ts';
import { propertyRuns } from './property-runs.ts';

const T = (n: string) => ({ tag: `urn:li:tag:${n}` });
const U = (n: string) => `urn:li:corpuser:${n}`;
const DS = (n: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,db.${n},PROD)`;
const stamp = (time: number, actor = U('a')) => ({ time, actor });

interface Case {
  name: string;
  aspect: string;
  base: unknown;
  local: unknown;
  remote: unknown;
  /** The merged value when there is no conflict (or the provisional value, local at each conflict). */
  value?: unknown;
  /** Conflicts as [path, base, local, remote]. */
  conflicts?: [string, unknown, unknown, unknown][];
}

const CASES: Case[] = [
  // ---- globalTags: tags[] by tag
  {
    name: 'tags: both sides add a different tag',
    aspect: 'globalTags',
    base: { tags: [T('a')] },
    local: { tags: [T('a'), T('l')] },
    remote: { tags: [T('a'), T('r')] },
    value: { tags: [T('a'), T('l'), T('r')] },
  },
  {
    name: 'tags: a removal on one side and an addition on the other both apply',
    aspect: 'globalTags',
    base: { tags: [T('a'), T('b')] },
    local: { tags: [T('b')] },
    remote: { tags: [T('a'), T('b'), T('c')] },
    value: { tags: [T('b'), T('c')] },
  },
  {
    name: 'tags: the same tag added on both sides appears once (additions sorted by key)',
    aspect: 'globalTags',
    base: { tags: [] },
    local: { tags: [T('x'), T('l')] },
    remote: { tags: [T('x')] },
    value: { tags: [T('l'), T('x')] },
  },
  {
    name: 'tags: removed on one side, changed on the other is a conflict on the element',
    aspect: 'globalTags',
    base: { tags: [T('a'), T('b')] },
    local: { tags: [T('b')] },
    remote: { tags: [{ tag: 'urn:li:tag:a', context: 'why' }, T('b'), T('c')] },
    value: { tags: [T('b'), T('c')] },
    conflicts: [['tags[tag=urn:li:tag:a]', T('a'), undefined, { tag: 'urn:li:tag:a', context: 'why' }]],
  },
  {
    name: 'tags: a field of one tag changed differently on both sides conflicts at that field',
    aspect: 'globalTags',
    base: { tags: [T('a')] },
    local: { tags: [{ ...T('a'), context: 'l' }] },
    remote: { tags: [{ ...T('a'), context: 'r' }, T('z')] },
    value: { tags: [{ ...T('a'), context: 'l' }, T('z')] },
    conflicts: [['tags[tag=urn:li:tag:a].context', undefined, 'l', 'r']],
  },
  {
    name: 'tags: attribution is a stamp, the newer one wins',
    aspect: 'globalTags',
    base: { tags: [{ ...T('a'), attribution: { time: 1, actor: U('a'), source: 'urn:li:x' } }] },
    local: { tags: [{ ...T('a'), attribution: { time: 3, actor: U('l'), source: 'urn:li:x' } }] },
    remote: { tags: [{ ...T('a'), attribution: { time: 2, actor: U('r'), source: 'urn:li:x' } }, T('b')] },
    value: { tags: [{ ...T('a'), attribution: { time: 3, actor: U('l'), source: 'urn:li:x' } }, T('b')] },
  },
  // ---- glossaryTerms: terms[] by urn
  {
    name: 'terms: additions of both sides, the newer auditStamp',
    aspect: 'glossaryTerms',
    base: { terms: [{ urn: 'urn:li:glossaryTerm:a' }], auditStamp: stamp(1) },
    local: {
      terms: [{ urn: 'urn:li:glossaryTerm:a' }, { urn: 'urn:li:glossaryTerm:l' }],
      auditStamp: stamp(5, U('l')),
    },
    remote: { terms: [{ urn: 'urn:li:glossaryTerm:r' }], auditStamp: stamp(9, U('r')) },
    value: {
      terms: [{ urn: 'urn:li:glossaryTerm:l' }, { urn: 'urn:li:glossaryTerm:r' }],
      auditStamp: stamp(9, U('r')),
    },
  },
  // ---- ownership: owners[] by owner + type, ownerTypes as a map of owner sets, lastModified a stamp
  {
    name: 'owners: the same owner with another type is another element',
    aspect: 'ownership',
    base: { owners: [{ owner: U('ana'), type: 'DATAOWNER' }], lastModified: stamp(1) },
    local: {
      owners: [
        { owner: U('ana'), type: 'DATAOWNER' },
        { owner: U('ana'), type: 'TECHNICAL_OWNER' },
      ],
      lastModified: stamp(2),
    },
    remote: { owners: [{ owner: U('bo'), type: 'DATAOWNER' }], lastModified: stamp(3) },
    value: {
      owners: [
        { owner: U('ana'), type: 'TECHNICAL_OWNER' },
        { owner: U('bo'), type: 'DATAOWNER' },
      ],
      lastModified: stamp(3),
    },
  },
  {
    name: 'owners: ownerTypes merges per type, as sets of owners',
    aspect: 'ownership',
    base: { owners: [], ownerTypes: { 'urn:li:ownershipType:t': [U('a')] } },
    local: { owners: [{ owner: U('l') }], ownerTypes: { 'urn:li:ownershipType:t': [U('a'), U('l')] } },
    remote: {
      owners: [{ owner: U('r') }],
      ownerTypes: { 'urn:li:ownershipType:t': [U('r')], 'urn:li:ownershipType:u': [U('r')] },
    },
    value: {
      owners: [{ owner: U('l') }, { owner: U('r') }],
      ownerTypes: { 'urn:li:ownershipType:t': [U('l'), U('r')], 'urn:li:ownershipType:u': [U('r')] },
    },
  },
  {
    name: 'owners: source changed differently conflicts inside the element (owner without type)',
    aspect: 'ownership',
    base: { owners: [{ owner: U('a'), source: { type: 'MANUAL' } }] },
    local: { owners: [{ owner: U('a'), source: { type: 'SERVICE' } }] },
    remote: { owners: [{ owner: U('a'), source: { type: 'AUDIT' } }] },
    value: { owners: [{ owner: U('a'), source: { type: 'SERVICE' } }] },
    conflicts: [['owners[owner=urn:li:corpuser:a].source.type', 'MANUAL', 'SERVICE', 'AUDIT']],
  },
  // ---- institutionalMemory: elements[] by url
  {
    name: 'links: by url; a description edited differently conflicts',
    aspect: 'institutionalMemory',
    base: { elements: [{ url: 'https://wiki/a', description: 'A', createStamp: stamp(1) }] },
    local: {
      elements: [
        { url: 'https://wiki/a', description: 'A local', createStamp: stamp(1) },
        { url: 'https://wiki/l', description: 'L', createStamp: stamp(2) },
      ],
    },
    remote: {
      elements: [{ url: 'https://wiki/a', description: 'A remote', createStamp: stamp(1), updateStamp: stamp(3) }],
    },
    value: {
      elements: [
        { url: 'https://wiki/a', description: 'A local', createStamp: stamp(1), updateStamp: stamp(3) },
        { url: 'https://wiki/l', description: 'L', createStamp: stamp(2) },
      ],
    },
    conflicts: [['elements[url=https://wiki/a].description', 'A', 'A local', 'A remote']],
  },
  // ---- custom properties: a map, by key
  {
    name: 'custom properties: keys of both sides; the same key changed differently conflicts',
    aspect: 'datasetProperties',
    base: { customProperties: { team: 'core', 'cost.center': '1' }, description: 'd' },
    local: { customProperties: { team: 'growth', 'cost.center': '2', added: 'l' }, description: 'd' },
    remote: { customProperties: { team: 'data', 'cost.center': '2' }, description: 'd2' },
    value: { customProperties: { team: 'growth', 'cost.center': '2', added: 'l' }, description: 'd2' },
    conflicts: [['customProperties.team', 'core', 'growth', 'data']],
  },
  {
    name: 'custom properties: removed on one side, unchanged on the other is removed',
    aspect: 'datasetProperties',
    base: { customProperties: { a: '1', b: '2' } },
    local: { customProperties: { a: '1' } },
    remote: { customProperties: { a: '1', b: '2', c: '3' } },
    value: { customProperties: { a: '1', c: '3' } },
  },
  {
    name: 'custom properties: removed on one side, changed on the other conflicts (a quoted key)',
    aspect: 'datasetProperties',
    base: { customProperties: { 'a b': '1' } },
    local: { customProperties: {} },
    remote: { customProperties: { 'a b': '2' } },
    value: { customProperties: {} },
    conflicts: [['customProperties["a b"]', '1', undefined, '2']],
  },
  {
    name: 'datasetProperties.tags: a list of strings merged as a set',
    aspect: 'datasetProperties',
    base: { tags: ['a', 'b'] },
    local: { tags: ['b', 'l'] },
    remote: { tags: ['a', 'b', 'r'] },
    value: { tags: ['b', 'l', 'r'] },
  },
  // ---- columns: editableSchemaFieldInfo[] / fields[] by fieldPath, tags and terms inside
  {
    name: 'columns: tags added to one column on both sides, a column added on each side',
    aspect: 'editableSchemaMetadata',
    base: {
      editableSchemaFieldInfo: [{ fieldPath: 'id', globalTags: { tags: [T('a')] } }],
      created: stamp(1),
      lastModified: stamp(1),
    },
    local: {
      editableSchemaFieldInfo: [
        { fieldPath: 'id', globalTags: { tags: [T('a'), T('pii')] } },
        { fieldPath: 'l', description: 'L' },
      ],
      created: stamp(1),
      lastModified: stamp(4),
    },
    remote: {
      editableSchemaFieldInfo: [
        {
          fieldPath: 'id',
          globalTags: { tags: [] },
          glossaryTerms: { terms: [{ urn: 'urn:li:glossaryTerm:key' }], auditStamp: stamp(2) },
        },
        { fieldPath: 'r' },
      ],
      created: stamp(1),
      lastModified: stamp(3),
    },
    value: {
      editableSchemaFieldInfo: [
        {
          fieldPath: 'id',
          globalTags: { tags: [T('pii')] },
          glossaryTerms: { terms: [{ urn: 'urn:li:glossaryTerm:key' }], auditStamp: stamp(2) },
        },
        { fieldPath: 'l', description: 'L' },
        { fieldPath: 'r' },
      ],
      created: stamp(1),
      lastModified: stamp(4),
    },
  },
  {
    name: 'columns: a column description changed differently conflicts at the column',
    aspect: 'editableSchemaMetadata',
    base: { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'a' }] },
    local: { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'b' }] },
    remote: { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'c' }] },
    value: { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'b' }] },
    conflicts: [['editableSchemaFieldInfo[fieldPath=id].description', 'a', 'b', 'c']],
  },
  {
    name: 'columns: the same column added on both sides merges field by field from an empty base',
    aspect: 'editableSchemaMetadata',
    base: { editableSchemaFieldInfo: [] },
    local: { editableSchemaFieldInfo: [{ fieldPath: 'x.y', description: 'same', globalTags: { tags: [T('l')] } }] },
    remote: { editableSchemaFieldInfo: [{ fieldPath: 'x.y', description: 'same', globalTags: { tags: [T('r')] } }] },
    value: {
      editableSchemaFieldInfo: [{ fieldPath: 'x.y', description: 'same', globalTags: { tags: [T('l'), T('r')] } }],
    },
  },
  {
    name: 'columns: a column tag removed on one side and given a context on the other conflicts',
    aspect: 'editableSchemaMetadata',
    base: { editableSchemaFieldInfo: [{ fieldPath: 'a b', globalTags: { tags: [T('t')] } }] },
    local: { editableSchemaFieldInfo: [{ fieldPath: 'a b', globalTags: { tags: [] } }] },
    remote: { editableSchemaFieldInfo: [{ fieldPath: 'a b', globalTags: { tags: [{ ...T('t'), context: 'c' }] } }] },
    value: { editableSchemaFieldInfo: [{ fieldPath: 'a b', globalTags: { tags: [] } }] },
    conflicts: [
      [
        'editableSchemaFieldInfo[fieldPath="a b"].globalTags.tags[tag=urn:li:tag:t]',
        T('t'),
        undefined,
        { ...T('t'), context: 'c' },
      ],
    ],
  },
  {
    name: 'schemaMetadata: fields[] by fieldPath; a list without a rule (platformSchema.tables) is one value',
    aspect: 'schemaMetadata',
    base: { fields: [{ fieldPath: 'a', nativeDataType: 'int' }], platformSchema: { tables: ['t'] } },
    local: { fields: [{ fieldPath: 'a', nativeDataType: 'bigint' }], platformSchema: { tables: ['t', 'l'] } },
    remote: {
      fields: [{ fieldPath: 'a', nativeDataType: 'int', description: 'r' }, { fieldPath: 'b' }],
      platformSchema: { tables: ['r'] },
    },
    value: {
      fields: [{ fieldPath: 'a', nativeDataType: 'bigint', description: 'r' }, { fieldPath: 'b' }],
      platformSchema: { tables: ['t', 'l'] },
    },
    conflicts: [['platformSchema.tables', ['t'], ['t', 'l'], ['r']]],
  },
  // ---- upstream lineage: upstreams[] by dataset, fineGrainedLineages by upstreams + downstreams
  {
    name: 'lineage: upstreams by dataset (quoted in the path); a type changed differently conflicts',
    aspect: 'upstreamLineage',
    base: { upstreams: [{ dataset: DS('a'), type: 'TRANSFORMED', auditStamp: stamp(1) }] },
    local: {
      upstreams: [
        { dataset: DS('a'), type: 'COPY', auditStamp: stamp(2) },
        { dataset: DS('l'), type: 'COPY', auditStamp: stamp(2) },
      ],
    },
    remote: { upstreams: [{ dataset: DS('a'), type: 'VIEW', auditStamp: stamp(3) }] },
    value: {
      upstreams: [
        { dataset: DS('a'), type: 'COPY', auditStamp: stamp(3) },
        { dataset: DS('l'), type: 'COPY', auditStamp: stamp(2) },
      ],
    },
    conflicts: [[`upstreams[dataset="${DS('a')}"].type`, 'TRANSFORMED', 'COPY', 'VIEW']],
  },
  {
    name: 'lineage: fine-grained entries keyed by their columns, in any order',
    aspect: 'upstreamLineage',
    base: { upstreams: [], fineGrainedLineages: [{ upstreams: ['u1', 'u2'], downstreams: ['d'], confidenceScore: 1 }] },
    local: {
      upstreams: [],
      fineGrainedLineages: [{ upstreams: ['u2', 'u1'], downstreams: ['d'], confidenceScore: 0.5 }],
    },
    remote: {
      upstreams: [],
      fineGrainedLineages: [
        { upstreams: ['u1', 'u2'], downstreams: ['d'], confidenceScore: 1 },
        { upstreams: ['x'], downstreams: ['y'] },
      ],
    },
    value: {
      upstreams: [],
      fineGrainedLineages: [
        { upstreams: ['u2', 'u1'], downstreams: ['d'], confidenceScore: 0.5 },
        { upstreams: ['x'], downstreams: ['y'] },
      ],
    },
  },
  {
    name: 'lineage: a fine-grained entry changed on both sides conflicts at its path (key values as JSON)',
    aspect: 'upstreamLineage',
    base: { fineGrainedLineages: [{ upstreams: ['u'], downstreams: ['d'], confidenceScore: 1 }] },
    local: { fineGrainedLineages: [{ upstreams: ['u'], downstreams: ['d'], confidenceScore: 0.5 }] },
    remote: { fineGrainedLineages: [{ upstreams: ['u'], downstreams: ['d'], confidenceScore: 0.2 }] },
    value: { fineGrainedLineages: [{ upstreams: ['u'], downstreams: ['d'], confidenceScore: 0.5 }] },
    conflicts: [['fineGrainedLineages[upstreams=["u"],downstreams=["d"]].confidenceScore', 1, 0.5, 0.2]],
  },
  // ---- structured properties: properties[] by propertyUrn (and attribution source, as JSON Patch)
  {
    name: 'structured properties: by property; values set differently conflict',
    aspect: 'structuredProperties',
    base: { properties: [{ propertyUrn: 'urn:li:structuredProperty:tier', values: [{ string: 'gold' }] }] },
    local: {
      properties: [
        { propertyUrn: 'urn:li:structuredProperty:tier', values: [{ string: 'silver' }] },
        { propertyUrn: 'urn:li:structuredProperty:l', values: [{ double: 1 }] },
      ],
    },
    remote: { properties: [{ propertyUrn: 'urn:li:structuredProperty:tier', values: [{ string: 'bronze' }] }] },
    value: {
      properties: [
        { propertyUrn: 'urn:li:structuredProperty:tier', values: [{ string: 'silver' }] },
        { propertyUrn: 'urn:li:structuredProperty:l', values: [{ double: 1 }] },
      ],
    },
    conflicts: [
      [
        'properties[propertyUrn=urn:li:structuredProperty:tier].values',
        [{ string: 'gold' }],
        [{ string: 'silver' }],
        [{ string: 'bronze' }],
      ],
    ],
  },
  // ---- group members: sets of urns
  {
    name: 'corpGroupInfo: members and admins as sets',
    aspect: 'corpGroupInfo',
    base: { members: [U('a'), U('b')], admins: [U('a')], displayName: 'Eng' },
    local: { members: [U('a'), U('b'), U('l')], admins: [], displayName: 'Eng' },
    remote: { members: [U('b'), U('r')], admins: [U('a')], displayName: 'Engineering' },
    value: { members: [U('b'), U('l'), U('r')], admins: [], displayName: 'Engineering' },
  },
  {
    name: 'groupMembership: groups as a set',
    aspect: 'groupMembership',
    base: { groups: ['urn:li:corpGroup:a'] },
    local: { groups: ['urn:li:corpGroup:a', 'urn:li:corpGroup:l'] },
    remote: { groups: [] },
    value: { groups: ['urn:li:corpGroup:l'] },
  },
  {
    name: 'roleMembership: roles as a set',
    aspect: 'roleMembership',
    base: { roles: [] },
    local: { roles: ['urn:li:dataHubRole:Reader'] },
    remote: { roles: ['urn:li:dataHubRole:Editor'] },
    value: { roles: ['urn:li:dataHubRole:Editor', 'urn:li:dataHubRole:Reader'] },
  },
  // ---- scalars
  {
    name: 'deprecation: the same change on both sides is no conflict',
    aspect: 'deprecation',
    base: { deprecated: false, note: '', actor: U('a') },
    local: { deprecated: true, note: 'use v2', actor: U('b') },
    remote: { deprecated: true, note: 'use v2', actor: U('b') },
    value: { deprecated: true, note: 'use v2', actor: U('b') },
  },
  {
    name: 'deprecation: the note changed differently conflicts, other fields merge',
    aspect: 'deprecation',
    base: { deprecated: false, note: '', actor: U('a') },
    local: { deprecated: true, note: 'use v2', actor: U('a') },
    remote: { deprecated: false, note: 'still used', actor: U('a'), decommissionTime: 5 },
    value: { deprecated: true, note: 'use v2', actor: U('a'), decommissionTime: 5 },
    conflicts: [['note', '', 'use v2', 'still used']],
  },
  {
    name: 'editableDatasetProperties: description conflict; stamps never conflict',
    aspect: 'editableDatasetProperties',
    base: { description: 'a', created: stamp(1), lastModified: stamp(1) },
    local: { description: 'b', created: stamp(1), lastModified: stamp(2, U('l')) },
    remote: { description: 'c', created: stamp(1), lastModified: stamp(2, U('r')) },
    value: { description: 'b', created: stamp(1), lastModified: stamp(2, U('r')) },
    conflicts: [['description', 'a', 'b', 'c']],
  },
  // ---- the whole aspect
  {
    name: 'absent base: equal values merge',
    aspect: 'editableDatasetProperties',
    base: undefined,
    local: { description: 'same' },
    remote: { description: 'same' },
    value: { description: 'same' },
  },
  {
    name: 'absent base: different scalars conflict with an absent base, lists union',
    aspect: 'globalTags',
    base: null,
    local: { tags: [T('l')], note: 'x' },
    remote: { tags: [T('r')], note: 'y' },
    value: { tags: [T('l'), T('r')], note: 'x' },
    conflicts: [['note', undefined, 'x', 'y']],
  },
  {
    name: 'aspect deleted on one side, changed on the other: a conflict on the whole aspect',
    aspect: 'globalTags',
    base: { tags: [T('a')] },
    local: undefined,
    remote: { tags: [T('a'), T('b')] },
    value: undefined,
    conflicts: [['', { tags: [T('a')] }, undefined, { tags: [T('a'), T('b')] }]],
  },
  {
    name: 'aspect deleted on one side, unchanged on the other: deleted',
    aspect: 'globalTags',
    base: { tags: [T('a')] },
    local: { tags: [T('a')] },
    remote: null,
    value: undefined,
  },
  {
    name: 'a keyed list holding two elements with one key is merged as one value',
    aspect: 'globalTags',
    base: { tags: [T('a')] },
    local: { tags: [T('a'), T('a')] },
    remote: { tags: [T('a'), T('b')] },
    value: { tags: [T('a'), T('a')] },
    conflicts: [['tags', [T('a')], [T('a'), T('a')], [T('a'), T('b')]]],
  },
  {
    name: 'an aspect without rules: records merge by field, lists are one value',
    aspect: 'someAspectNobodyDeclared',
    base: { a: 1, nested: { x: 1, y: 1 }, list: [1] },
    local: { a: 2, nested: { x: 2, y: 1 }, list: [1] },
    remote: { a: 1, nested: { x: 1, y: 2 }, list: [2] },
    value: { a: 2, nested: { x: 2, y: 2 }, list: [2] },
  },
];

const asTuples = (conflicts: Conflict[]) => conflicts.map((c) => [c.path, c.base, c.local, c.remote]);

/**
 * A value with every list sorted (by canonical text): what two merges in either direction share. Where
 * the base holds a list, both give the same order; where it does not, each keeps its own side's order.
 */
const unordered = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(unordered).sort((a, b) => compareText(canonicalJson(a), canonicalJson(b)));
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unordered(x)]));
  return v;
};

describe('mergeAspect: rules per aspect', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const got = mergeAspect(c.aspect, c.base, c.local, c.remote, MERGE_RULES);
      assert.deepStrictEqual(asTuples(got.conflicts), c.conflicts ?? []);
      for (const conflict of got.conflicts) assert.equal(conflict.aspect, c.aspect);
      assert.deepStrictEqual(got.value, c.value);
      // Swapping the sides swaps local and remote in each conflict and, without conflicts, changes nothing.
      const swapped = mergeAspect(c.aspect, c.base, c.remote, c.local, MERGE_RULES);
      assert.deepStrictEqual(
        asTuples(swapped.conflicts),
        (c.conflicts ?? []).map(([p, b, l, r]) => [p, b, r, l]),
      );
      if (!c.conflicts) assert.deepStrictEqual(unordered(swapped.value), unordered(c.value));
    });
  }
});

describe('mergeAspect: order, sides without change, resolution', () => {
  it('a side without change yields the other side exactly, order included', () => {
    const base = { tags: [T('a'), T('b')] };
    const reordered = { tags: [T('c'), T('b'), T('a')] };
    assert.deepStrictEqual(mergeAspect('globalTags', base, base, reordered).value, reordered);
    assert.deepStrictEqual(mergeAspect('globalTags', base, reordered, base).value, reordered);
  });

  it("both sides changed: the base's elements in the base's order, then additions sorted by key", () => {
    const got = mergeAspect(
      'globalTags',
      { tags: [T('m'), T('b')] },
      { tags: [T('z'), T('b'), T('m'), T('c')] },
      { tags: [T('a'), T('m')] },
    );
    assert.deepStrictEqual(got.value, { tags: [T('m'), T('a'), T('c'), T('z')] });
    const record = mergeAspect(
      'datasetProperties',
      { customProperties: { z: '1', a: '1' } },
      { customProperties: { z: '2', a: '1', y: '1' } },
      { customProperties: { b: '1', z: '1', a: '1' } },
    ).value as { customProperties: object };
    assert.deepStrictEqual(Object.keys(record.customProperties), ['z', 'a', 'b', 'y']);
  });

  it("no common base (the aspect, or the list, new on both sides): this side's order is kept, the other side's additions follow in its order", () => {
    const col = (fieldPath: string) => ({ fieldPath, nativeDataType: 'string' });
    // Two files that never synced, each with the table's columns in its own order.
    const mine = { fields: [col('id'), col('name'), col('created_at')] };
    const theirs = { fields: [col('id'), col('email'), col('name'), col('age')] };
    const merged = mergeAspect('schemaMetadata', undefined, mine, theirs);
    assert.deepStrictEqual(merged.conflicts, []);
    assert.deepStrictEqual(
      (merged.value as typeof mine).fields.map((f) => f.fieldPath),
      ['id', 'name', 'created_at', 'email', 'age'],
    );
    // From the other side, the other order: each side keeps its own.
    assert.deepStrictEqual(
      (mergeAspect('schemaMetadata', undefined, theirs, mine).value as typeof mine).fields.map((f) => f.fieldPath),
      ['id', 'email', 'name', 'age', 'created_at'],
    );
    // A list the base lacks, inside a base that exists, is the same: tags new on a column.
    const got = mergeAspect(
      'globalTags',
      { tags: [] as unknown[] },
      { tags: [T('z'), T('b')] },
      { tags: [T('a'), T('b')] },
    );
    assert.deepStrictEqual(
      got.value,
      { tags: [T('a'), T('b'), T('z')] },
      'a base that holds the list (empty) sorts the additions',
    );
    const fresh = mergeAspect(
      'editableSchemaMetadata',
      { editableSchemaFieldInfo: [{ fieldPath: 'id' }] },
      { editableSchemaFieldInfo: [{ fieldPath: 'id', globalTags: { tags: [T('z'), T('b')] } }] },
      { editableSchemaFieldInfo: [{ fieldPath: 'id', globalTags: { tags: [T('a'), T('b')] } }] },
    );
    assert.deepStrictEqual(fresh.value, {
      editableSchemaFieldInfo: [{ fieldPath: 'id', globalTags: { tags: [T('z'), T('b'), T('a')] } }],
    });
  });

  it('stamps with equal times settle on the same value whichever side is local', () => {
    const l = { description: 'x', lastModified: stamp(5, U('l')) };
    const r = { description: 'x', lastModified: stamp(5, U('r')) };
    const one = mergeAspect('editableDatasetProperties', { description: 'a' }, l, r);
    const two = mergeAspect('editableDatasetProperties', { description: 'a' }, r, l);
    assert.deepStrictEqual(one, two);
    assert.deepStrictEqual(one.value, { description: 'x', lastModified: stamp(5, U('r')) });
    // lastObserved is a bare time.
    assert.deepStrictEqual(
      mergeAspect('x', { lastObserved: 1, v: 0 }, { lastObserved: 7, v: 1 }, { lastObserved: 3, v: 1 }).value,
      { lastObserved: 7, v: 1 },
    );
  });

  it('ours and theirs settle every conflict at once and report what they settled', () => {
    const base = {
      description: 'a',
      editableSchemaFieldInfo: [
        { fieldPath: 'id', description: 'a' },
        { fieldPath: 'gone', description: 'g' },
      ],
    };
    const local = {
      description: 'l',
      editableSchemaFieldInfo: [
        { fieldPath: 'id', description: 'l' },
        { fieldPath: 'new', description: 'n' },
      ],
    };
    const remote = {
      description: 'r',
      editableSchemaFieldInfo: [
        { fieldPath: 'id', description: 'r' },
        { fieldPath: 'gone', description: 'g2' },
      ],
    };
    const open = mergeAspect('editableSchemaMetadata', base, local, remote);
    assert.deepStrictEqual(
      open.conflicts.map((c) => c.path),
      ['description', 'editableSchemaFieldInfo[fieldPath=id].description', 'editableSchemaFieldInfo[fieldPath=gone]'],
    );
    const ours = mergeAspect('editableSchemaMetadata', base, local, remote, MERGE_RULES, { resolve: 'ours' });
    assert.deepStrictEqual(ours.conflicts, []);
    assert.deepStrictEqual(ours.resolved, open.conflicts);
    assert.deepStrictEqual(ours.value, {
      description: 'l',
      editableSchemaFieldInfo: [
        { fieldPath: 'id', description: 'l' },
        { fieldPath: 'new', description: 'n' },
      ],
    });
    const theirs = mergeAspect('editableSchemaMetadata', base, local, remote, MERGE_RULES, { resolve: 'theirs' });
    assert.deepStrictEqual(theirs.conflicts, []);
    assert.deepStrictEqual(theirs.value, {
      description: 'r',
      editableSchemaFieldInfo: [
        { fieldPath: 'id', description: 'r' },
        { fieldPath: 'gone', description: 'g2' },
        { fieldPath: 'new', description: 'n' },
      ],
    });
    // Deleting the aspect against an edit: ours keeps the deletion, theirs the edit.
    assert.equal(
      mergeAspect('globalTags', { tags: [] }, undefined, { tags: [T('a')] }, MERGE_RULES, { resolve: 'ours' }).value,
      undefined,
    );
    assert.deepStrictEqual(
      mergeAspect('globalTags', { tags: [] }, undefined, { tags: [T('a')] }, MERGE_RULES, { resolve: 'theirs' }).value,
      { tags: [T('a')] },
    );
  });

  it('the inputs are not modified', () => {
    const base = { tags: [T('a')] };
    const local = { tags: [T('a'), T('l')] };
    const remote = { tags: [{ ...T('a'), context: 'r' }] };
    const before = structuredClone([base, local, remote]);
    mergeAspect('globalTags', base, local, remote);
    assert.deepStrictEqual([base, local, remote], before);
  });
});

describe('path syntax', () => {
  const paths: [PathSegment[], string][] = [
    [[], ''],
    [[{ field: 'description' }], 'description'],
    [
      [{ field: 'globalTags' }, { field: 'tags' }, { key: { tag: 'urn:li:tag:pii' } }],
      'globalTags.tags[tag=urn:li:tag:pii]',
    ],
    [
      [{ field: 'owners' }, { key: { owner: U('ana'), type: 'DATAOWNER' } }, { field: 'source' }],
      'owners[owner=urn:li:corpuser:ana,type=DATAOWNER].source',
    ],
    [[{ field: 'upstreams' }, { key: { dataset: DS('a') } }], `upstreams[dataset="${DS('a')}"]`],
    [[{ field: 'customProperties' }, { field: 'a.b c' }], 'customProperties["a.b c"]'],
    [[{ field: 'x y' }, { field: 'z' }], '["x y"].z'],
    [[{ field: 'groups' }, { value: 'urn:li:corpGroup:eng' }], 'groups[=urn:li:corpGroup:eng]'],
    [[{ field: 'list' }, { value: 5 }, { field: 'a' }], 'list[=5].a'],
    [[{ field: 'list' }, { value: '5' }], 'list[="5"]'],
    [[{ field: 'list' }, { value: 'null' }], 'list[="null"]'],
    [[{ field: 'list' }, { value: null }], 'list[=null]'],
    [[{ field: 'tags' }, { key: {} }], 'tags[]'],
    [
      [{ field: 'f' }, { key: { upstreams: ['a,b', 'c]'], downstreams: ['d'] } }],
      'f[upstreams=["a,b","c]"],downstreams=["d"]]',
    ],
    [
      [{ field: 'p' }, { key: { propertyUrn: 'urn:li:structuredProperty:x', 'attribution.source': 'urn:li:s' } }],
      'p[propertyUrn=urn:li:structuredProperty:x,attribution.source=urn:li:s]',
    ],
    [[{ field: 'e' }, { key: { url: 'https://x.org/a?b=c' } }], 'e[url="https://x.org/a?b=c"]'],
    [[{ field: 'e' }, { key: { v: 'with "quote" and \\' } }], 'e[v="with \\"quote\\" and \\\\"]'],
  ];
  for (const [segments, text] of paths) {
    it(`${JSON.stringify(text)} round-trips`, () => {
      assert.equal(formatPath(segments), text);
      assert.deepStrictEqual(parsePath(text), segments);
    });
  }

  it('refuses text formatPath cannot write', () => {
    for (const bad of ['.a', 'a..b', 'a[', 'a[x=1', 'a[="x', 'a[x=]', 'a b', 'a[x=has space]', 'a]']) {
      assert.throws(() => parsePath(bad), BadRequestError, bad);
    }
  });

  it('random segments round-trip', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
    const segment: fc.Arbitrary<PathSegment> = fc.oneof(
      fc.string().map((field) => ({ field })),
      fc
        .dictionary(
          fc.constantFrom('a', 'b.c', 'fieldPath'),
          fc.oneof(fc.string(), fc.integer(), fc.array(fc.string(), { maxLength: 2 })),
        )
        .map((key) => ({ key: { ...key } })),
      value.map((v) => ({ value: v })),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (segments) => {
        assert.deepStrictEqual(parsePath(formatPath(segments)), segments);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});

describe('rules table', () => {
  it('keys are the ones the JSON Patch templates use', () => {
    const lists = (aspect: string) => MERGE_RULES.aspects[aspect]?.lists ?? {};
    assert.deepStrictEqual(lists('globalTags')['tags']?.key, ['tag']);
    assert.deepStrictEqual(lists('glossaryTerms')['terms']?.key, ['urn']);
    assert.deepStrictEqual(lists('ownership')['owners']?.key, ['owner', 'type']);
    assert.deepStrictEqual(lists('upstreamLineage')['upstreams']?.key, ['dataset']);
    assert.deepStrictEqual(lists('institutionalMemory')['elements']?.key, ['url']);
    assert.deepStrictEqual(lists('structuredProperties')['properties']?.key, ['propertyUrn', 'attribution.source']);
    assert.deepStrictEqual(lists('editableSchemaMetadata')['editableSchemaFieldInfo']?.key, ['fieldPath']);
    assert.deepStrictEqual(Object.keys(lists('editableSchemaMetadata')['editableSchemaFieldInfo']?.nested ?? {}), [
      'globalTags.tags',
      'glossaryTerms.terms',
    ]);
  });

  it("is built from the aspects' declared merge keys: every declared keyed list is a list of sync with the same key", () => {
    for (const def of ASPECTS) {
      for (const [path, key] of Object.entries({ ...def.looseMergeKeys, ...def.mergeKeys })) {
        const parts = path.split('[].');
        let list = MERGE_RULES.aspects[def.name]?.lists?.[parts[0]!];
        for (const part of parts.slice(1)) list = list?.nested?.[part];
        assert.deepStrictEqual(list?.key, key, `${def.name} ${path}`);
      }
    }
    // A declaration sync has never heard of is merged by its keys, nested lists included.
    const rules = mergeRulesOf([
      ...ASPECTS,
      { name: 'newAspect', mergeKeys: { items: ['id'], 'items[].parts': 'value' } },
    ]);
    assert.deepStrictEqual(rules.aspects['newAspect'], {
      lists: { items: { key: ['id'], nested: { parts: { key: 'value' } } } },
    });
    const merged = mergeAspect(
      'newAspect',
      { items: [{ id: 'a', parts: [1] }] },
      { items: [{ id: 'a', parts: [1, 2] }] },
      { items: [{ id: 'a', parts: [1, 3] }, { id: 'b' }] },
      rules,
    );
    assert.deepStrictEqual(merged.value, { items: [{ id: 'a', parts: [1, 2, 3] }, { id: 'b' }] });
  });

  it('refuses sync additions that do not fit the declarations', () => {
    const without = ASPECTS.filter((a) => a.name !== 'globalTags');
    assert.throws(() => mergeRulesOf(without), /a label for globalTags tags, which no declaration keys/);
    const clash = [
      ...ASPECTS.filter((a) => a.name !== 'schemaMetadata'),
      { name: 'schemaMetadata', mergeKeys: { fields: ['fieldPath'] } },
    ];
    assert.throws(() => mergeRulesOf(clash), /schemaMetadata fields is keyed by its declaration already/);
    assert.throws(
      () => mergeRulesOf([...ASPECTS, { name: 'x', mergeKeys: { 'a[].b': 'value' } }]),
      /merge keys of x: a holds keyed lists but has no keys itself/,
    );
  });

  it('a malformed table is refused when compiled', () => {
    const bad: MergeRules = { stamps: [], aspects: { x: { lists: { a: { key: ['not a name'] } } } } };
    assert.throws(() => compileRules(bad), /key fields must be dotted names/);
    const through: MergeRules = {
      stamps: [],
      aspects: { x: { lists: { a: { key: 'value' }, 'a.b': { key: 'value' } } } },
    };
    assert.throws(() => compileRules(through), /goes through a list/);
  });
});

// ---------- property test: random edits on both sides of a common base ----------

/** A small model of an aspect's shape, to generate values and edits from a stream of numbers. */
type Shape =
  | { record: Record<string, Shape>; required?: readonly string[] }
  | { keyed: string; pool: readonly string[]; element: Shape }
  | { set: readonly string[] }
  | { map: readonly string[]; value: Shape }
  | { scalar: readonly unknown[] }
  | { stamp: true };

const text: Shape = { scalar: ['a', 'b', 'c', ''] };
const stampShape: Shape = { stamp: true };
const tagsShape: Shape = {
  record: {
    tags: {
      keyed: 'tag',
      pool: ['urn:li:tag:a', 'urn:li:tag:b', 'urn:li:tag:c'],
      element: { record: { tag: text, context: text }, required: ['tag'] },
    },
  },
  required: ['tags'],
};
const termsShape: Shape = {
  record: {
    terms: {
      keyed: 'urn',
      pool: ['urn:li:glossaryTerm:a', 'urn:li:glossaryTerm:b'],
      element: { record: { urn: text, context: text }, required: ['urn'] },
    },
    auditStamp: stampShape,
  },
  required: ['terms'],
};
const column = (pathField: string): Shape => ({
  keyed: pathField,
  pool: ['id', 'name', 'a.b'],
  element: {
    record: { fieldPath: text, description: text, globalTags: tagsShape, glossaryTerms: termsShape },
    required: ['fieldPath'],
  },
});

const SHAPES: Record<string, Shape> = {
  globalTags: tagsShape,
  glossaryTerms: termsShape,
  ownership: {
    record: {
      owners: {
        keyed: 'owner',
        pool: ['urn:li:corpuser:a', 'urn:li:corpuser:b', 'urn:li:corpuser:c'],
        element: {
          record: {
            owner: text,
            type: { scalar: ['DATAOWNER', 'TECHNICAL_OWNER'] },
            source: { record: { type: { scalar: ['MANUAL', 'SERVICE'] } } },
          },
          required: ['owner'],
        },
      },
      ownerTypes: {
        map: ['urn:li:ownershipType:x', 'urn:li:ownershipType:y'],
        value: { set: ['urn:li:corpuser:a', 'urn:li:corpuser:b'] },
      },
      lastModified: stampShape,
    },
    required: ['owners'],
  },
  institutionalMemory: {
    record: {
      elements: {
        keyed: 'url',
        pool: ['https://a', 'https://b', 'https://c'],
        element: { record: { url: text, description: text, createStamp: stampShape }, required: ['url'] },
      },
    },
    required: ['elements'],
  },
  datasetProperties: {
    record: {
      description: text,
      name: text,
      customProperties: { map: ['team', 'tier', 'a.b'], value: text },
      tags: { set: ['x', 'y', 'z'] },
    },
  },
  editableSchemaMetadata: {
    record: { editableSchemaFieldInfo: column('fieldPath'), created: stampShape, lastModified: stampShape },
    required: ['editableSchemaFieldInfo'],
  },
  schemaMetadata: { record: { fields: column('fieldPath'), schemaName: text }, required: ['fields'] },
  upstreamLineage: {
    record: {
      upstreams: {
        keyed: 'dataset',
        pool: [DS('a'), DS('b'), DS('c')],
        element: {
          record: { dataset: text, type: { scalar: ['COPY', 'VIEW', 'TRANSFORMED'] }, auditStamp: stampShape },
          required: ['dataset'],
        },
      },
    },
    required: ['upstreams'],
  },
  structuredProperties: {
    record: {
      properties: {
        keyed: 'propertyUrn',
        pool: ['urn:li:structuredProperty:a', 'urn:li:structuredProperty:b'],
        element: {
          record: {
            propertyUrn: text,
            values: { scalar: [[{ string: 'x' }], [{ string: 'y' }], [{ double: 1 }, { double: 2 }]] },
          },
          required: ['propertyUrn'],
        },
      },
    },
    required: ['properties'],
  },
  corpGroupInfo: {
    record: {
      displayName: text,
      members: { set: ['urn:li:corpuser:a', 'urn:li:corpuser:b', 'urn:li:corpuser:c'] },
      groups: { set: ['urn:li:corpGroup:g', 'urn:li:corpGroup:h'] },
    },
  },
  groupMembership: {
    record: { groups: { set: ['urn:li:corpGroup:g', 'urn:li:corpGroup:h', 'urn:li:corpGroup:i'] } },
    required: ['groups'],
  },
  deprecation: {
    record: {
      deprecated: { scalar: [true, false] },
      note: text,
      actor: { scalar: ['urn:li:corpuser:a', 'urn:li:corpuser:b'] },
      decommissionTime: { scalar: [1, 2] },
    },
    required: ['deprecated', 'note', 'actor'],
  },
};

/**
 * Random choices read from a list of numbers; once it is used up, from a small generator seeded by
 * the list, so that long edit sequences stay varied (and an empty list still means "no choices").
 */
class Choices {
  private i = 0;
  private seed: number;
  constructor(private readonly numbers: readonly number[]) {
    this.seed = numbers.reduce((a, n) => (a * 31 + n + 1) >>> 0, 7) || 7;
  }
  pick(n: number): number {
    let v = this.numbers[this.i++];
    if (v === undefined) {
      if (this.numbers.length === 0) return 0;
      // xorshift32
      this.seed ^= this.seed << 13;
      this.seed ^= this.seed >>> 17;
      this.seed ^= this.seed << 5;
      this.seed >>>= 0;
      v = this.seed;
    }
    return n <= 0 ? 0 : v % n;
  }
}

function generate(shape: Shape, ch: Choices, key?: { field: string; value: string }): unknown {
  if ('record' in shape) {
    const out: Record<string, unknown> = {};
    for (const [name, s] of Object.entries(shape.record)) {
      if (key && name === key.field) out[name] = key.value;
      else if (shape.required?.includes(name) || ch.pick(3) > 0) out[name] = generate(s, ch);
    }
    return out;
  }
  if ('keyed' in shape) {
    const chosen = shape.pool.filter(() => ch.pick(2) === 1);
    return chosen.map((k) => generate(shape.element, ch, { field: shape.keyed, value: k }));
  }
  if ('set' in shape) return shape.set.filter(() => ch.pick(2) === 1);
  if ('map' in shape)
    return Object.fromEntries(shape.map.filter(() => ch.pick(2) === 1).map((k) => [k, generate(shape.value, ch)]));
  if ('scalar' in shape) return shape.scalar[ch.pick(shape.scalar.length)];
  return { time: 1 + ch.pick(4), actor: `urn:li:corpuser:${['a', 'b'][ch.pick(2)]}` };
}

/** One random edit somewhere inside `value` (a fresh value is returned; the input is not modified). */
function edit(value: unknown, shape: Shape, ch: Choices, reorder: boolean): unknown {
  if ('record' in shape) {
    const obj = { ...(value as Record<string, unknown>) };
    const names = Object.keys(shape.record);
    const name = names[ch.pick(names.length)]!;
    const s = shape.record[name]!;
    const required = shape.required?.includes(name) ?? false;
    const action = ch.pick(4);
    if (obj[name] === undefined) obj[name] = generate(s, ch);
    else if (action === 0 && !required) delete obj[name];
    else obj[name] = edit(obj[name], s, ch, reorder);
    return obj;
  }
  if ('keyed' in shape) {
    const list = [...(value as Record<string, unknown>[])];
    const action = ch.pick(reorder ? 4 : 3);
    if (action === 0) {
      const k = shape.pool[ch.pick(shape.pool.length)]!;
      if (!list.some((e) => e[shape.keyed] === k))
        list.splice(
          ch.pick(list.length + 1),
          0,
          generate(shape.element, ch, { field: shape.keyed, value: k }) as Record<string, unknown>,
        );
    } else if (action === 1 && list.length > 0) {
      list.splice(ch.pick(list.length), 1);
    } else if (action === 2 && list.length > 0) {
      const i = ch.pick(list.length);
      const element = shape.element;
      if ('record' in element) {
        // Edit a field other than the key.
        const editable: Shape = {
          record: Object.fromEntries(Object.entries(element.record).filter(([n]) => n !== shape.keyed)),
          required: element.required,
        };
        list[i] = { ...(edit(list[i], editable, ch, reorder) as object), [shape.keyed]: list[i]![shape.keyed] };
      }
    } else if (action === 3 && list.length > 1) {
      list.reverse();
    }
    return list;
  }
  if ('set' in shape) {
    const list = [...(value as unknown[])];
    const action = ch.pick(reorder ? 3 : 2);
    const v = shape.set[ch.pick(shape.set.length)];
    if (action === 0 && !list.includes(v)) list.splice(ch.pick(list.length + 1), 0, v);
    else if (action === 1) return list.filter((x) => x !== v);
    else if (action === 2) list.reverse();
    return list;
  }
  if ('map' in shape) {
    const obj = { ...(value as Record<string, unknown>) };
    const k = shape.map[ch.pick(shape.map.length)]!;
    if (obj[k] === undefined) obj[k] = generate(shape.value, ch);
    else if (ch.pick(3) === 0) delete obj[k];
    else obj[k] = edit(obj[k], shape.value, ch, reorder);
    return obj;
  }
  return generate(shape, ch);
}

/** A side: no change, a few edits, or (rarely) the aspect deleted. */
function side(base: unknown, shape: Shape, numbers: readonly number[], reorder: boolean): unknown {
  const ch = new Choices(numbers);
  const edits = ch.pick(7);
  if (base !== undefined && ch.pick(12) === 0) return undefined;
  let v = base === undefined ? (ch.pick(2) === 0 ? undefined : generate(shape, ch)) : base;
  for (let i = 0; i < edits && v !== undefined; i++) v = edit(v, shape, ch, reorder);
  return v;
}

const numbers = fc.array(fc.nat(1000), { maxLength: 60 });

/** Whether one path is the other or lies inside it. */
const related = (p: string, q: string) => {
  const inside = (a: string, b: string) => a === '' || b === a || b.startsWith(`${a}.`) || b.startsWith(`${a}[`);
  return inside(p, q) || inside(q, p);
};

/**
 * Every change one side made (as `diffAspect` sees it) at a place the other side left alone is in
 * the merge exactly as that side made it.
 */
function assertIndependentChangesKept(
  aspect: string,
  base: unknown,
  mine: unknown,
  theirs: unknown,
  merged: unknown,
): void {
  const theirPaths = diffAspect(aspect, base, theirs).map((c) => c.path);
  const mergedChanges = new Set(diffAspect(aspect, base, merged).map((c) => canonicalJson(c)));
  for (const change of diffAspect(aspect, base, mine)) {
    if (theirPaths.some((p) => related(p, change.path))) continue;
    assert.ok(mergedChanges.has(canonicalJson(change)), `change not kept in the merge: ${change.text}`);
  }
}

describe('mergeAspect: property test over random edits', () => {
  for (const [aspect, shape] of Object.entries(SHAPES)) {
    it(`${aspect}: symmetric; a side without change gives the other side; the merge absorbs both sides' changes`, () => {
      let merged = 0;
      fc.assert(
        fc.property(numbers, numbers, numbers, fc.boolean(), fc.boolean(), (b, l, r, reorder, absentBase) => {
          const base = absentBase && b.length % 5 === 0 ? undefined : generate(shape, new Choices(b));
          const local = side(base, shape, l, reorder);
          const remote = side(base, shape, r, reorder);
          const frozen = canonicalJson([base, local, remote]);

          const one = mergeAspect(aspect, base, local, remote);
          const two = mergeAspect(aspect, base, remote, local);
          // Conflicts are the same places whichever side is local.
          assert.deepStrictEqual(two.conflicts.map((c) => c.path).sort(), one.conflicts.map((c) => c.path).sort());
          // A side with no change yields the other side's value exactly.
          assert.deepStrictEqual(mergeAspect(aspect, base, base, remote), {
            value: remote,
            conflicts: [],
            resolved: [],
          });
          assert.deepStrictEqual(mergeAspect(aspect, base, local, base), { value: local, conflicts: [], resolved: [] });
          // ours/theirs: no conflict left, and theirs with the sides swapped is ours.
          const ours = mergeAspect(aspect, base, local, remote, MERGE_RULES, { resolve: 'ours' });
          const theirs = mergeAspect(aspect, base, remote, local, MERGE_RULES, { resolve: 'theirs' });
          assert.deepStrictEqual(ours.conflicts, []);
          assert.deepStrictEqual(theirs.conflicts, []);
          assert.deepStrictEqual(ours.value, one.value);
          assert.deepStrictEqual(unordered(theirs.value), unordered(ours.value));
          assert.equal(ours.resolved.length, one.conflicts.length);

          if (one.conflicts.length === 0) {
            merged++;
            // Merging in either argument order gives the same value (up to the order of what the base lacked).
            assert.deepStrictEqual(unordered(two.value), unordered(one.value));
            assert.deepStrictEqual(two.conflicts, []);
            assertIndependentChangesKept(aspect, base, local, remote, one.value);
            assertIndependentChangesKept(aspect, base, remote, local, one.value);
            if (!reorder) {
              // The merge already holds each side's changes: merging it with either side again
              // changes nothing and raises no conflict, so both sides converge on it — up to order: a
              // side whose edits left its list a permutation of the base's (a value removed and added
              // again) changed only the order, and against a merge that kept the base's order, that
              // side is the only one that changed it, so its order wins.
              for (const s of [local, remote]) {
                const again = mergeAspect(aspect, base, one.value, s);
                assert.deepStrictEqual(again.conflicts, []);
                assert.deepStrictEqual(unordered(again.value), unordered(one.value));
              }
            }
            // Both sides set to the merge, with the merge as the new base, stay there.
            assert.deepStrictEqual(mergeAspect(aspect, one.value, one.value, one.value).value, one.value);
          } else {
            for (const c of one.conflicts)
              assert.ok(!deepEqual(c.local, c.remote), `conflict at ${c.path} with equal sides`);
          }
          assert.equal(canonicalJson([base, local, remote]), frozen, 'inputs unchanged');
        }),
        { numRuns: propertyRuns(400) },
      );
      assert.ok(merged > 40, `only ${merged} of 400 runs merged without conflict`);
    });
  }
});

describe('reconcile: a removal on one side against a change on the other', () => {
  const tagsOf = (...n: string[]) => ({ tags: n.map((x) => ({ tag: `urn:li:tag:${x}` })) });
  const base = { version: '1', hash: hashValue(tagsOf('a')) };
  // The removed side's history went with the aspect, and the remote's is not read: the base value is in neither.
  const input = (local: unknown, remote: unknown) => ({
    aspectName: 'globalTags',
    base,
    local,
    remote,
    localHistory: () => [],
    remoteHistory: undefined,
  });

  it('is a conflict over the whole aspect, whichever side removed it, never the change taken as new', () => {
    for (const [local, remote] of [
      [undefined, tagsOf('a', 'b')],
      [tagsOf('a', 'b'), undefined],
    ] as const) {
      const o = reconcile(input(local, remote));
      assert.equal(o.kind, 'merged');
      assert.deepEqual(o.kind === 'merged' && o.conflicts.map((c) => [c.path, c.local, c.remote]), [
        ['', local, remote],
      ]);
    }
  });

  it('ours keeps this side (the removal), theirs the other; a removal of what did not change is no conflict', () => {
    const ours = reconcile({ ...input(undefined, tagsOf('a', 'b')), resolve: 'ours' as const });
    assert.deepEqual(ours.kind === 'merged' && [ours.value, ours.conflicts.length, ours.resolved.length], [
      undefined,
      0,
      1,
    ]);
    const theirs = reconcile({ ...input(undefined, tagsOf('a', 'b')), resolve: 'theirs' as const });
    assert.deepEqual(theirs.kind === 'merged' && theirs.value, tagsOf('a', 'b'));
    assert.deepEqual(reconcile(input(undefined, tagsOf('a'))), { kind: 'keepLocal' });
  });
});
