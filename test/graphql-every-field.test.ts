// Every field of every entity type the GraphQL schema serves, selected once against a catalog that
// fills them (test/fixtures/every-field.ts): a resolver that answers null or [] although the data is
// there (a misspelled read-model key, a lost fallback) fails here. The documents are generated from
// the executable schema, so a field added to the SDL is selected too and must be filled by the
// fixture or listed in ALLOWED_EMPTY with its reason. A listed field that starts answering fails as
// well: the list can only shrink.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  getNamedType,
  GraphQLObjectType,
  isAbstractType,
  isLeafType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { getSchema } from '../src/server/graphql/schema.ts';
import { EVERY_FIELD_ROOTS, EVERY_FIELD_UNSERVED, RELATIONSHIP_TYPES } from './fixtures/every-field.ts';
import { startEveryFieldServer, type GqlServer } from './graphql-helpers.ts';

/** Object fields are expanded this deep below an entity; deeper ones are left out (and reported). */
const MAX_DEPTH = 6;

/**
 * Arguments of the fields that take some, by `Type.field` (or `*.field` for every type): each entry
 * is one selection of the field, under an alias, so a field can be read both ways (UPSTREAM and
 * DOWNSTREAM lineage); the field counts as answered when any of them answers.
 */
const ARGS: Record<string, string[]> = {
  '*.relationships': ['OUTGOING', 'INCOMING'].map((d) => `(input: { types: ${JSON.stringify(RELATIONSHIP_TYPES)}, direction: ${d} })`),
  '*.lineage': ['UPSTREAM', 'DOWNSTREAM'].map((d) => `(input: { direction: ${d} })`),
  '*.relatedDocuments': ['(input: {})'],
  // A query that matches a term (matchedFields, with the entity), asking for an index field back (extraProperties).
  ...Object.fromEntries(['Domain.entities', 'DataProduct.entities', 'VersionSet.versionsSearch'].map((f) => [f, ['(input: { query: "Revenue", searchFlags: { fetchExtraFields: ["name"] } })']])),
};

/**
 * Fields that answer null or [] on the fixture, each with the reason; `BUG:` marks one that should
 * answer and does not (to be fixed in src). Keys are `Type.field`; a plain reason allows it below
 * every entity type, `{ below, why }` below those entity types only.
 */
const ALLOWED_EMPTY: Record<string, string | { below: string[]; why: string }> = {
  'Chart.health': 'health comes from assertions, and assertions check datasets and data jobs only',
  'Dashboard.health': 'health comes from assertions, and assertions check datasets and data jobs only',
  'DataFlow.health': 'health comes from assertions, and assertions check datasets and data jobs only',
  'Health.activeIncidentHealthDetails': 'no incidents are kept, so there is no incident health',
  'Health.latestAssertionStatusByType': 'health names the failing assertions (causes), not a status per assertion type',
  'DatasetStatsSummary.queryCountPercentileLast30Days': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.queryCountRankLast30Days': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.rowCountPercentile': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.sizeInBytesPercentile': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.uniqueUserPercentileLast30Days': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.uniqueUserRankLast30Days': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.updateCountPercentileLast30Days': 'no percentile or rank over the catalog is computed',
  'EntityRelationship.created': 'the relationship index keeps no creation stamp per edge',
  'SchemaFieldEntity.businessAttributes': 'business attributes are not kept by this catalog',
  'SearchResult.insights': 'search computes no insights',
  'SearchResults.suggestions': 'search makes no spelling suggestions',
  'FacetMetadata.entity': 'a facet is a field, not an entity (its values carry their entities)',
  'AggregationMetadata.displayName': 'facet values are shown by their entity or value, no display name is computed',
  'ChangeAuditStamps.deleted': 'BUG: the notebook read model answers deleted: null without reading the stored changeAuditStamps.deleted',
  'DataPlatformProperties.logoUrl': 'BUG: platforms are built from their urn alone; the logoUrl of a stored dataPlatformInfo is not read',
  'EntityLineageResult.relationships': { below: ['DataFlow', 'MLFeatureTable'], why: 'no lineage relationship has a flow or a feature table at either end' },
  ...Object.fromEntries(['createdOn', 'createdActor', 'updatedOn', 'updatedActor'].map((f) => [`LineageRelationship.${f}`, {
    below: ['MLModel', 'MLModelGroup', 'MLFeature', 'MLPrimaryKey', 'SchemaFieldEntity'],
    why: 'ML lineage (trainingJobs, mlFeatures, sources, groups) and column lineage are plain urns: their edges carry no stamps',
  }])),
};

/** ALLOWED_EMPTY as `Root > Type.field` (or `* > Type.field` for every root) → reason. */
const ALLOWED = new Map(
  Object.entries(ALLOWED_EMPTY).flatMap(([key, v]) => (typeof v === 'string' ? [[`* > ${key}`, v]] : v.below.map((root) => [`${root} > ${key}`, v.why]))),
);

/** The reason a field may answer nothing when read below `root`, if any. */
const allowedEmpty = (root: string, key: string): string | undefined => ALLOWED.get(`${root} > ${key}`) ?? ALLOWED.get(`* > ${key}`);

/** What the documents of one entity type select: the fields of each root type are checked apart. */
interface Plan {
  root: string;
  /** `Type.field` of every field the documents select. */
  selected: Set<string>;
  /** `Type.field` of object-typed fields left out at MAX_DEPTH. */
  cut: Set<string>;
  /** Object types selected through fields none of which is in ALLOWED_EMPTY: each must be answered somewhere. */
  expectedTypes: Set<string>;
  entityTypes: Set<string>;
}

function argsOf(type: string, field: GraphQLField<unknown, unknown>): string[] {
  const given = ARGS[`${type}.${field.name}`] ?? (field.args.length > 0 ? ARGS[`*.${field.name}`] : undefined);
  if (given) return given;
  const required = field.args.filter((a) => a.type.toString().endsWith('!') && a.defaultValue === undefined);
  assert.deepEqual(required.map((a) => a.name), [], `${type}.${field.name} takes required arguments: give them in ARGS`);
  return [''];
}

/**
 * The selection set of `type`: every field, object fields expanded, entities met below the top by urn
 * only (each entity type is read whole on its own). `allowed`: reached through a field of
 * ALLOWED_EMPTY, so the type need not be answered.
 */
function selectionOf(schema: GraphQLSchema, plan: Plan, type: GraphQLObjectType, depth: number, allowed: boolean): string {
  if (!allowed) plan.expectedTypes.add(type.name);
  const parts = ['__typename'];
  for (const field of Object.values(type.getFields())) {
    const key = `${type.name}.${field.name}`;
    const named = getNamedType(field.type);
    const below = allowed || allowedEmpty(plan.root, key) !== undefined;
    const inner = isLeafType(named) ? '' : depth >= MAX_DEPTH ? undefined : ` { ${innerSelection(schema, plan, named, depth + 1, below)} }`;
    if (inner === undefined) {
      plan.cut.add(key);
      continue;
    }
    plan.selected.add(key);
    argsOf(type.name, field).forEach((args, i) => parts.push(`${field.name}__${i}: ${field.name}${args}${inner}`));
  }
  return parts.join(' ');
}

function innerSelection(schema: GraphQLSchema, plan: Plan, named: GraphQLNamedType, depth: number, allowed: boolean): string {
  const of = (t: GraphQLObjectType) => (plan.entityTypes.has(t.name) ? '__typename urn' : selectionOf(schema, plan, t, depth, allowed));
  if (named instanceof GraphQLObjectType) return of(named);
  assert.ok(isAbstractType(named), named.name);
  return ['__typename', ...schema.getPossibleTypes(named).map((t) => `... on ${t.name} { ${of(t)} }`)].join(' ');
}

/** A value that answers: not null, not an empty list, not an empty string. */
const answers = (v: unknown): boolean => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Records the object types a response holds and the `Type.field`s that answer in it (aliases are `field__i`). */
function collect(value: unknown, seen: { types: Set<string>; answered: Set<string> }): void {
  if (Array.isArray(value)) {
    for (const v of value) collect(v, seen);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  const type = obj['__typename'];
  if (typeof type === 'string') seen.types.add(type);
  for (const [alias, v] of Object.entries(obj)) {
    if (alias === '__typename') continue;
    if (typeof type === 'string' && answers(v)) seen.answered.add(`${type}.${alias.replace(/__\d+$/, '')}`);
    collect(v, seen);
  }
}

describe('GraphQL: every field of every entity type answers on a filled catalog', () => {
  let srv: GqlServer;
  const schema = getSchema();
  const entityTypes = new Set(schema.getPossibleTypes(schema.getType('Entity') as never).map((t) => t.name));

  before(async () => {
    srv = await startEveryFieldServer();
  });
  after(() => srv.close());

  it('the fixture names one entity for every entity type of the schema, or says why it cannot', () => {
    const named = [...Object.keys(EVERY_FIELD_ROOTS), ...Object.keys(EVERY_FIELD_UNSERVED)].sort();
    assert.deepEqual(named, [...entityTypes].sort());
  });

  // Each entity type is checked on its own (`Root > Type.field`): the same GraphQL type (Deprecation,
  // Ownership …) is built by different code for different entity types, and one that answers must not
  // hide another that does not.
  it('every entity type answers every field it has', async () => {
    const failures = { cut: [] as string[], neverAnswered: [] as string[], empty: [] as string[] };
    const answeredAnywhere = new Set<string>();
    const selectedAnywhere = new Set<string>();
    for (const [root, urns] of Object.entries(EVERY_FIELD_ROOTS)) {
      const plan: Plan = { root, selected: new Set(), cut: new Set(), expectedTypes: new Set(), entityTypes };
      const seen = { types: new Set<string>(), answered: new Set<string>() };
      const selection = selectionOf(schema, plan, schema.getType(root) as GraphQLObjectType, 0, false);
      for (const urn of urns) {
        const r = await srv.gql(`{ entity(urn: ${JSON.stringify(urn)}) { ... on ${root} { ${selection} } } }`);
        assert.equal(r.body.errors, undefined, `${urn}: ${JSON.stringify(r.body.errors?.slice(0, 3))}`);
        assert.equal(r.body.data.entity?.__typename, root, `${urn} is not served as a ${root}`);
        collect(r.body.data, seen);
      }
      const at = (k: string) => `${root} > ${k}`;
      for (const k of plan.selected) selectedAnywhere.add(at(k)).add(`* > ${k}`);
      for (const k of seen.answered) answeredAnywhere.add(at(k)).add(`* > ${k}`);
      failures.cut.push(...[...plan.cut].filter((k) => !plan.selected.has(k)).map(at));
      failures.neverAnswered.push(...[...plan.expectedTypes].filter((t) => !seen.types.has(t)).map(at));
      // A field of a type no response held is covered by the check on types (or lies below an allowed field).
      failures.empty.push(...[...plan.selected].filter((k) => seen.types.has(k.split('.')[0]!) && !seen.answered.has(k) && allowedEmpty(root, k) === undefined).map(at));
    }
    if (process.env['EVERY_FIELD_DEBUG']) console.log(JSON.stringify(failures, null, 1));
    assert.deepEqual(failures.cut, [], `fields never selected (deeper than ${MAX_DEPTH}): raise MAX_DEPTH`);
    assert.deepEqual(failures.neverAnswered, [], 'object types no response held (the fields leading to them answer null or [] everywhere)');
    assert.deepEqual(failures.empty, [], 'fields that answer null or [] on the fixture: fill them in test/fixtures/every-field.ts');
    const nowAnswering = [...ALLOWED.keys()].filter((k) => answeredAnywhere.has(k));
    assert.deepEqual(nowAnswering, [], 'fields of ALLOWED_EMPTY that answer now: remove them from the list');
    const stale = [...ALLOWED.keys()].filter((k) => !selectedAnywhere.has(k));
    assert.deepEqual(stale, [], 'fields of ALLOWED_EMPTY that the documents do not select');
  });

  it('entity types without a fixture entity are still not served (entity(urn) answers null for them)', async () => {
    for (const [typeName, { urn }] of Object.entries(EVERY_FIELD_UNSERVED)) {
      const data = await srv.ok(`{ entity(urn: ${JSON.stringify(urn)}) { __typename } }`);
      assert.equal(data.entity, null, `${typeName} is served now: give it a fixture entity in EVERY_FIELD_ROOTS`);
    }
  });
});
