// Every field of every entity type the GraphQL schema serves, and of every root query, selected once
// against a catalog that fills them (test/fixtures/every-field.ts): a resolver that answers null or []
// although the data is there (a misspelled read-model key, a lost fallback) fails here. The
// documents are generated from the executable schema, so a field added to the SDL is selected too and
// must be filled by the fixture or listed in ALLOWED_EMPTY with its reason. A listed field that
// starts answering fails as well: the list can only shrink. Only the payloads of mutations are left
// to the tests that make those writes.
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
import { EVERY_FIELD_ROOTS, EVERY_FIELD_UNSERVED, QUERY_URNS, RELATIONSHIP_TYPES, U } from './fixtures/every-field.ts';
import { startEveryFieldServer, type GqlServer } from './graphql-helpers.ts';

/** Object fields are expanded this deep below an entity; deeper ones are left out (and reported). */
const MAX_DEPTH = 6;

/**
 * Arguments of the fields that take some, by `Type.field` (or `*.field` for every type): each entry
 * is one selection of the field, under an alias, so a field can be read both ways (UPSTREAM and
 * DOWNSTREAM lineage); the field counts as answered when any of them answers.
 */
const ARGS: Record<string, string[]> = {
  '*.relationships': ['OUTGOING', 'INCOMING'].map(
    (d) => `(input: { types: ${JSON.stringify(RELATIONSHIP_TYPES)}, direction: ${d} })`,
  ),
  '*.lineage': ['UPSTREAM', 'DOWNSTREAM'].map((d) => `(input: { direction: ${d} })`),
  '*.relatedDocuments': ['(input: {})'],
  // A query that matches a term (matchedFields, with the entity), asking for an index field back (extraProperties).
  ...Object.fromEntries(
    ['Domain.entities', 'DataProduct.entities', 'VersionSet.versionsSearch'].map((f) => [
      f,
      ['(input: { query: "Revenue", searchFlags: { fetchExtraFields: ["name"] } })'],
    ]),
  ),
  // The root queries: by urn on the fixture's entities (read whole above; here by urn only), lists and searches on all of it.
  ...Object.fromEntries(
    Object.entries(QUERY_URNS).map(([f, urn]) => [`Query.${f}`, [`(urn: ${JSON.stringify(urn)})`]]),
  ),
  'Query.entities': [`(urns: ${JSON.stringify([U.dataset, U.chart])})`],
  'Query.listOwnershipTypes': ['(input: {})'],
  'Query.listAccessTokens': ['(input: {})'],
  'Query.search': ['(input: { type: DATASET, query: "Revenue", searchFlags: { fetchExtraFields: ["name"] } })'],
  'Query.searchAcrossEntities': ['(input: { query: "Revenue", searchFlags: { fetchExtraFields: ["name"] } })'],
  'Query.semanticSearch': ['(input: { type: DATASET, query: "orders" })'],
  'Query.semanticSearchAcrossEntities': ['(input: { query: "orders" })'],
  'Query.scrollAcrossEntities': ['(input: { query: "Revenue", count: 2 })'],
  'Query.aggregateAcrossEntities': ['(input: { query: "*" })'],
  'Query.autoComplete': ['(input: { type: DATASET, query: "ord" })'],
  'Query.autoCompleteForMultiple': ['(input: { query: "ord" })'],
  'Query.browseV2': [`(input: { type: DATASET, path: [${JSON.stringify(U.parentContainer)}] })`],
  'Query.listQueries': ['(input: {})'],
  'Query.searchAcrossLineage': ['UPSTREAM', 'DOWNSTREAM'].map(
    (d) => `(input: { urn: ${JSON.stringify(U.dataset)}, direction: ${d}, query: "Revenue" })`,
  ),
  // One result a page: there is a next page to scroll to.
  'Query.scrollAcrossLineage': ['UPSTREAM', 'DOWNSTREAM'].map(
    (d) => `(input: { urn: ${JSON.stringify(U.dataset)}, direction: ${d}, query: "Revenue", count: 1 })`,
  ),
  'Query.listSecrets': ['(input: {})'],
  'Query.getSecretValues': ['(input: { secrets: ["ef_password"] })'],
  'Query.listIngestionSources': ['(input: {})'],
  'Query.listRoles': ['(input: {})'],
  'Query.getGrantedPrivileges': ['(input: { actorUrn: "urn:li:corpuser:datahub" })'],
  'Query.getQuickFilters': ['(input: {})'],
  'Query.listRecommendations': ['(input: { userUrn: "urn:li:corpuser:datahub", requestContext: { scenario: HOME } })'],
  'Query.getInviteToken': [`(input: { roleUrn: ${JSON.stringify(U.role)} })`],
  'Query.getSchemaVersionList': [`(input: { datasetUrn: ${JSON.stringify(U.dataset)} })`],
  'Query.getSchemaBlame': [`(input: { datasetUrn: ${JSON.stringify(U.dataset)} })`],
  'Query.listMyViews': ['(input: {})'],
  'Query.listGlobalViews': ['(input: {})'],
  'Container.entities': ['(input: { query: "Revenue" })'],
  'Query.listPosts': ['(input: {})'],
  'Query.batchGetStepStates': ['(input: { ids: ["ef_step"] })'],
  'Query.browsePaths': [`(input: { type: DATASET, urn: ${JSON.stringify(U.dataset)} })`],
  'Query.bulkEntityDataProducts': [`(input: { urns: ${JSON.stringify([U.dataset])} })`],
  'Query.getTimeline': [`(input: { urn: ${JSON.stringify(U.dataset)} })`],
  // A table and a topic: their schemas are a TableSchema and a KeyValueSchema.
  'Query.versionedDataset': [U.dataset, U.topic].map((u) => `(urn: ${JSON.stringify(u)})`),
  'Query.listUsers': ['(input: {})'],
  'Query.listGroups': ['(input: {})'],
  'Query.listDomains': ['(input: {})'],
  'Query.searchUsers': ['(input: { query: "*" })'],
  'Query.getEntityCounts': ['(input: { types: [DATASET, CORP_USER] })'],
  'Query.getRootGlossaryTerms': ['(input: { start: 0, count: 10 })'],
  'Dataset.runs': ['(direction: OUTGOING)', '(direction: INCOMING)'],
  // The term's latest schema is a key-value one, its first a table's (TableSchema, foreign keys).
  'GlossaryTerm.schemaMetadata': ['', '(version: 1)'],
  // One result a page: the dataset has two siblings, so there is a next page to scroll to.
  'Dataset.siblingsSearch': ['(input: { query: "Revenue", count: 1, searchFlags: { fetchExtraFields: ["name"] } })'],
};

/**
 * Fields that answer null or [] on the fixture, each with the reason; `BUG:` marks one that should
 * answer and does not (to be fixed in src). Keys are `Type.field`; a plain reason allows it below
 * every entity type, `{ below, why }` below those entity types only.
 */
/** The entity types that carry `privileges` (EntityPrivileges), in the order the fixture reads them. */
const PRIVILEGED_TYPES = [
  'Dataset',
  'CorpUser',
  'CorpGroup',
  'GlossaryTerm',
  'GlossaryNode',
  'Domain',
  'Container',
  'Chart',
  'Dashboard',
  'DataFlow',
  'DataJob',
  'DataProduct',
  'MLModel',
  'MLModelGroup',
  'MLFeature',
  'MLPrimaryKey',
  'MLFeatureTable',
  'Document',
  'Application',
];

/** An EntityPrivileges field DataHub answers for some entity types only: empty below every other one. */
const answeredOnlyBy = (types: string[], why: string) => ({
  below: PRIVILEGED_TYPES.filter((type) => !types.includes(type)),
  why,
});

const ALLOWED_EMPTY: Record<string, string | { below: string[]; why: string }> = {
  'Health.causes': {
    below: ['Chart', 'Dashboard', 'DataFlow'],
    why: 'their health is from incidents only (no assertion checks them), and an INCIDENTS health names no causes, as in DataHub',
  },
  'Health.latestAssertionStatusByType': 'health names the failing assertions (causes), not a status per assertion type',
  'DatasetStatsSummary.queryCountPercentileLast30Days': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.queryCountRankLast30Days': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.rowCountPercentile': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.sizeInBytesPercentile': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.uniqueUserPercentileLast30Days': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.uniqueUserRankLast30Days': 'no percentile or rank over the catalog is computed',
  'DatasetStatsSummary.updateCountPercentileLast30Days': 'no percentile or rank over the catalog is computed',
  'EntityRelationship.created': 'the relationship index keeps no creation stamp per edge',
  'EntityRelationshipsResult.relationships': {
    below: ['Query'],
    why: 'the access token of listAccessTokens (the one entity read whole there) has no edges',
  },
  'SchemaFieldEntity.businessAttributes': 'business attributes are not kept by this catalog',
  'SearchResult.insights': 'search computes no insights',
  'SearchAcrossLineageResult.insights': 'search computes no insights',
  'FreshnessStats.systemFreshness': 'answers come from the data file as of the request: no system lags behind it',
  'EntityPrivileges.canManageChildren': answeredOnlyBy(['GlossaryNode'], 'DataHub answers it for glossary nodes only'),
  'EntityPrivileges.canManageEntity': answeredOnlyBy(
    ['GlossaryTerm', 'GlossaryNode', 'Document'],
    'DataHub answers it for glossary terms and nodes, business attributes and documents only',
  ),
  'EntityPrivileges.canEditEmbed': answeredOnlyBy(
    ['Dataset', 'Chart', 'Dashboard'],
    'DataHub answers it for datasets, charts and dashboards only',
  ),
  'EntityPrivileges.canEditQueries': answeredOnlyBy(['Dataset'], 'DataHub answers it for datasets only'),
  'EntityPrivileges.canEditSchemaFieldTags': answeredOnlyBy(['Dataset'], 'DataHub answers it for datasets only'),
  'EntityPrivileges.canEditSchemaFieldGlossaryTerms': answeredOnlyBy(
    ['Dataset'],
    'DataHub answers it for datasets only',
  ),
  'EntityPrivileges.canEditSchemaFieldDescription': answeredOnlyBy(['Dataset'], 'DataHub answers it for datasets only'),
  'EntityPrivileges.canViewDatasetUsage': answeredOnlyBy(['Dataset'], 'DataHub answers it for datasets only'),
  'EntityPrivileges.canViewDatasetProfile': answeredOnlyBy(['Dataset'], 'DataHub answers it for datasets only'),
  'EntityPrivileges.canViewDatasetOperations': answeredOnlyBy(['Dataset'], 'DataHub answers it for datasets only'),
  'RecommendationParams.entityProfileParams': 'the home page modules open a search, not an entity page',
  'SearchParams.types': "a home page module's search is across every type, as in DataHub",
  'SearchParams.query': "a home page module's search has no query text, only its filter, as in DataHub",
  'SearchResult.extraProperties': {
    below: ['Container'],
    why: "a container's entities input has no search flags, so no extra field is asked for (as in DataHub)",
  },
  'Chart.statsSummary': 'DataHub computes no chart usage: its resolver answers null',
  'SchemaField.glossaryTerms': {
    below: ['Assertion'],
    why: "an assertion's expected columns are read as a dataset's are; their terms would lie deeper than MAX_DEPTH (the Dataset documents check them)",
  },
  'DashboardStatsSummary.viewCountLast30Days':
    'DataHub never computes it (its resolver sets the total view count only)',
  'ListPostsResult.posts': 'posts are not kept by this catalog',
  'Query.latestProductUpdate': "DataHub's product updates are off here (appConfig's showProductUpdates)",
  'PoliciesConfig.platformPrivileges': 'there is no policy engine here, so no privilege to put in a policy',
  'PoliciesConfig.resourcePrivileges': 'there is no policy engine here, so no privilege to put in a policy',
  'Privileges.evaluationDetails': 'no policy ever denies here: there is nothing to explain',
  'GlobalHomePageSettings.defaultTemplate': 'page templates are not served here',
  'CorpUserHomePageSettings.pageTemplate': 'page templates are not served here',
  'VisualConfig.appTitle': "DataHub's default: no title of the app's own",
  'ThemeConfig.themeId': "DataHub's default: no custom theme",
  'EntityProfileConfig.defaultTab': "DataHub's default: no default tab on a domain's page",
  'SemanticSearchConfig.enabledEntities': 'semantic search is disabled here',
  'SemanticSearchConfig.embeddingConfig': 'semantic search is disabled here',
  'SearchResults.suggestions': 'search makes no spelling suggestions',
  'FacetMetadata.entity': 'a facet is a field, not an entity (its values carry their entities)',
  'AggregationMetadata.displayName': 'facet values are shown by their entity or value, no display name is computed',
  'Query.semanticSearch': 'semantic search is disabled here: the query answers an error',
  'VersionedDataset.relationships': 'DataHub answers no relationships for a dataset at a version (a static null)',
  'ApplicationProperties.numAssets':
    'DataHub declares it for applications but never sets it (it counts data products only)',
  'RawAspect.renderSpec': "no aspect is declared for automatic rendering (none is in DataHub's core model either)",
  'Dataset.platformNativeType': 'DataHub declares it deprecated and never sets it',
  'AssetSummarySettingsTemplate.template': 'page templates are not served here',
  'Query.semanticSearchAcrossEntities': 'semantic search is disabled here: the query answers an error',
  'EntityLineageResult.relationships': {
    below: ['DataFlow', 'MLFeatureTable'],
    why: 'no lineage relationship has a flow or a feature table at either end',
  },
  ...Object.fromEntries(
    ['createdOn', 'createdActor', 'updatedOn', 'updatedActor'].map((f) => [
      `LineageRelationship.${f}`,
      {
        below: ['MLModel', 'MLModelGroup', 'MLFeature', 'MLPrimaryKey', 'SchemaFieldEntity'],
        why: 'ML lineage (trainingJobs, mlFeatures, sources, groups) and column lineage are plain urns: their edges carry no stamps',
      },
    ]),
  ),
};

/** ALLOWED_EMPTY as `Root > Type.field` (or `* > Type.field` for every root) → reason. */
/** The entity types of EVERY_FIELD_UNSERVED that no query answers at all (no root field reads them whole). */
const NEVER_ANSWERED = new Set(
  Object.entries(EVERY_FIELD_UNSERVED)
    .filter(([, v]) => v.neverAnswered === true)
    .map(([k]) => k),
);

const ALLOWED = new Map(
  Object.entries(ALLOWED_EMPTY).flatMap(([key, v]) =>
    typeof v === 'string' ? [[`* > ${key}`, v]] : v.below.map((root) => [`${root} > ${key}`, v.why]),
  ),
);

/** The reason a field may answer nothing when read below `root`, if any. */
const allowedEmpty = (root: string, key: string): string | undefined =>
  ALLOWED.get(`${root} > ${key}`) ?? ALLOWED.get(`* > ${key}`);

/** What the documents of one entity type select: the fields of each root type are checked apart. */
interface Plan {
  root: string;
  /** `Type.field` of every field the documents select. */
  selected: Set<string>;
  /** `Type.field` of object-typed fields left out at MAX_DEPTH. */
  cut: Set<string>;
  /** Object types selected through fields none of which is in ALLOWED_EMPTY: each must be answered somewhere. */
  expectedTypes: Set<string>;
  /** Entity types read whole on their own: met below anything else, they are read by urn only. */
  readAlone: Set<string>;
  entityTypes: Set<string>;
}

function argsOf(type: string, field: GraphQLField<unknown, unknown>): string[] {
  const given = ARGS[`${type}.${field.name}`] ?? (field.args.length > 0 ? ARGS[`*.${field.name}`] : undefined);
  if (given) return given;
  const required = field.args.filter((a) => a.type.toString().endsWith('!') && a.defaultValue === undefined);
  assert.deepEqual(
    required.map((a) => a.name),
    [],
    `${type}.${field.name} takes required arguments: give them in ARGS`,
  );
  return [''];
}

/**
 * The selection set of `type`: every field, object fields expanded, entities met below the top by urn
 * only (each entity type is read whole on its own). `allowed`: reached through a field of
 * ALLOWED_EMPTY, so the type need not be answered.
 */
function selectionOf(
  schema: GraphQLSchema,
  plan: Plan,
  type: GraphQLObjectType,
  depth: number,
  allowed: boolean,
): string {
  if (!allowed) plan.expectedTypes.add(type.name);
  const parts = ['__typename'];
  for (const field of Object.values(type.getFields())) {
    const key = `${type.name}.${field.name}`;
    const named = getNamedType(field.type);
    const below = allowed || allowedEmpty(plan.root, key) !== undefined;
    const inner = isLeafType(named)
      ? ''
      : depth >= MAX_DEPTH
        ? undefined
        : ` { ${innerSelection(schema, plan, named, depth + 1, below)} }`;
    if (inner === undefined) {
      if (!below) plan.cut.add(key);
      continue;
    }
    plan.selected.add(key);
    // Aliased by type too: the same field name may have another type in a sibling inline fragment.
    argsOf(type.name, field).forEach((args, i) => {
      parts.push(`${field.name}__${type.name}${i}: ${field.name}${args}${inner}`);
    });
  }
  return parts.join(' ');
}

function innerSelection(
  schema: GraphQLSchema,
  plan: Plan,
  named: GraphQLNamedType,
  depth: number,
  allowed: boolean,
): string {
  if (named instanceof GraphQLObjectType)
    // An entity read whole elsewhere, or never answered by any query: by urn only.
    return plan.readAlone.has(named.name) || NEVER_ANSWERED.has(named.name)
      ? '__typename urn'
      : selectionOf(schema, plan, named, depth, allowed);
  assert.ok(isAbstractType(named), named.name);
  // Through `Entity` (or a union of entity types), every entity type is met by urn only.
  const of = (t: GraphQLObjectType) =>
    plan.entityTypes.has(t.name) ? '__typename urn' : selectionOf(schema, plan, t, depth, allowed);
  return ['__typename', ...schema.getPossibleTypes(named).map((t) => `... on ${t.name} { ${of(t)} }`)].join(' ');
}

/**
 * The object types a type's fields lead to, through lists, unions and interfaces; entity types met
 * through an interface or a union only when `served` (the others are met only through a field of
 * their own type).
 */
function reachableFrom(
  schema: GraphQLSchema,
  from: GraphQLObjectType,
  entityTypes: Set<string>,
  served: Set<string>,
): Set<string> {
  const found = new Set<string>();
  const visit = (t: GraphQLNamedType, throughAbstract: boolean): void => {
    if (isLeafType(t) || found.has(t.name)) return;
    if (isAbstractType(t)) {
      for (const p of schema.getPossibleTypes(t)) visit(p, true);
      return;
    }
    // An entity type no query ever answers is not followed, wherever a field returns it.
    const unserved = NEVER_ANSWERED.has(t.name);
    if (
      !(t instanceof GraphQLObjectType) ||
      ((throughAbstract || unserved) && entityTypes.has(t.name) && !served.has(t.name))
    )
      return;
    found.add(t.name);
    for (const f of Object.values(t.getFields())) visit(getNamedType(f.type), false);
  };
  visit(from, false);
  return found;
}

/** A value that answers: not null, not an empty list, not an empty string. */
const answers = (v: unknown): boolean =>
  v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Records the object types a response holds and the `Type.field`s that answer in it (aliases are `field__TypeN`). */
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
    if (typeof type === 'string' && answers(v)) seen.answered.add(`${type}.${alias.split('__')[0]}`);
    collect(v, seen);
  }
}

describe('GraphQL: every field of every entity type and root query answers on a filled catalog', () => {
  let srv: GqlServer;
  const schema = getSchema();
  const entityTypes = new Set(schema.getPossibleTypes(schema.getType('Entity') as never).map((t) => t.name));
  const readAlone = new Set(Object.keys(EVERY_FIELD_ROOTS));

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
  it('every entity type, and every root query, answers every field it has', async () => {
    const failures = { cut: [] as string[], neverAnswered: [] as string[], empty: [] as string[] };
    const answeredAnywhere = new Set<string>();
    const selectedAnywhere = new Set<string>();
    // The entity types, each on its fixture entities, then the root queries (whose entities are read by urn only).
    const roots: Array<[string, Array<string | undefined>]> = [
      ...Object.entries(EVERY_FIELD_ROOTS),
      ['Query', [undefined]],
    ];
    for (const [root, urns] of roots) {
      const plan: Plan = {
        root,
        selected: new Set(),
        cut: new Set(),
        expectedTypes: new Set(),
        readAlone,
        entityTypes,
      };
      const seen = { types: new Set<string>(), answered: new Set<string>() };
      const selection = selectionOf(schema, plan, schema.getType(root) as GraphQLObjectType, 0, false);
      for (const urn of urns) {
        // One document per type, the urn a variable: the server compiles it once for all the type's entities.
        const r = await (urn === undefined
          ? srv.gql(`{ ${selection} }`)
          : srv.gql(`query($urn: String!) { entity(urn: $urn) { ... on ${root} { ${selection} } } }`, { urn }));
        // Only a root query of ALLOWED_EMPTY may fail (it answers null, and must go on failing).
        const errors = (r.body.errors ?? []).filter(
          (e: { path?: string[] }) => allowedEmpty(root, `${root}.${String(e.path?.[0]).split('__')[0]}`) === undefined,
        );
        assert.deepEqual(errors, [], `${urn ?? root}: ${JSON.stringify(errors.slice(0, 3))}`);
        if (urn !== undefined) assert.equal(r.body.data.entity?.__typename, root, `${urn} is not served as a ${root}`);
        collect(urn === undefined ? { __typename: 'Query', ...r.body.data } : r.body.data, seen);
      }
      const at = (k: string) => `${root} > ${k}`;
      for (const k of plan.selected) selectedAnywhere.add(at(k)).add(`* > ${k}`);
      for (const k of seen.answered) answeredAnywhere.add(at(k)).add(`* > ${k}`);
      failures.cut.push(...[...plan.cut].filter((k) => !plan.selected.has(k)).map(at));
      failures.neverAnswered.push(...[...plan.expectedTypes].filter((t) => !seen.types.has(t)).map(at));
      // A field of a type no response held is covered by the check on types (or lies below an allowed field).
      failures.empty.push(
        ...[...plan.selected]
          .filter(
            (k) => seen.types.has(k.split('.')[0]!) && !seen.answered.has(k) && allowedEmpty(root, k) === undefined,
          )
          .map(at),
      );
    }
    // Every object type a read can reach is selected (left out: the payloads only mutations return,
    // types no field returns, defined for the fragments of DataHub's clients, and the entity types
    // of EVERY_FIELD_UNSERVED, which no query returns).
    const selectedTypes = new Set([...selectedAnywhere].map((k) => k.slice(k.indexOf('> ') + 2, k.lastIndexOf('.'))));
    const unread = [...reachableFrom(schema, schema.getQueryType()!, entityTypes, readAlone)].filter(
      (t) => !selectedTypes.has(t),
    );
    assert.deepEqual(unread, [], 'object types a query can reach that no document selects');
    assert.deepEqual(failures.cut, [], `fields never selected (deeper than ${MAX_DEPTH}): raise MAX_DEPTH`);
    assert.deepEqual(
      failures.neverAnswered,
      [],
      'object types no response held (the fields leading to them answer null or [] everywhere)',
    );
    assert.deepEqual(
      failures.empty,
      [],
      'fields that answer null or [] on the fixture: fill them in test/fixtures/every-field.ts',
    );
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
