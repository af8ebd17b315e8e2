// DataHub's MCP server for AI assistants (mcp-server-datahub 0.8.0, pinned in scripts/interop-venv.sh)
// against a real `catalog serve` on the sample (issue 13 "Done when", issue 14 item 5): its FastMCP app
// runs in process with the mutation and user tools switched on, and a fastmcp Client calls each tool
// through the app's own MCP path (test/interop/py/mcp_tools.py). Every answer is asserted, and every
// write is read back independently — GraphQL over fetch and `datahub get` — after the add and after
// the remove. Without the interop virtualenv the suite fails, saying to run scripts/setup.sh.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('MCP INTEROP SUITE');

const D = S.usersCreated;
const D2 = S.usersDeleted;
const PII = 'urn:li:tag:PII';
const TERM = 'urn:li:glossaryTerm:Revenue';
const DOMAIN = 'urn:li:domain:marketing';
const RETENTION = 'urn:li:structuredProperty:io.catalog.retentionDays';
const TECHNICAL = 'urn:li:ownershipType:__system__technical_owner';
const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;

/** What the tools list shows on a server reporting DataHub v1.7.0.1 (every `@min_version(oss="1.4.0")` tool unlocked). */
const TOOLS = [
  'add_owners',
  'add_structured_properties',
  'add_tags',
  'add_terms',
  'get_aspect_history',
  'get_dataset_queries',
  'get_entities',
  'get_lineage',
  'get_lineage_paths_between',
  'get_me',
  'list_schema_fields',
  'remove_domains',
  'remove_owners',
  'remove_structured_properties',
  'remove_tags',
  'remove_terms',
  'save_document',
  'search',
  'set_domains',
  'update_description',
];
/** Shown by the MCP server's DocumentToolsMiddleware only once the catalog holds a document. */
const DOCUMENT_TOOLS = ['grep_documents', 'search_documents'];

type Answer = { ok: true; data: any } | { ok: false; error: string };
type Call = [tool: string, args: Record<string, unknown>];

/** Everything about the dataset the tools change, as DataHub's GraphQL reads it. */
const READ_BACK = `query readBack($urn: String!) {
  dataset(urn: $urn) {
    properties { description }
    editableProperties { description }
    tags { tags { tag { urn } } }
    glossaryTerms { terms { term { urn } } }
    ownership { owners { owner { ... on CorpUser { urn } ... on CorpGroup { urn } } ownershipType { urn } } }
    domain { domain { urn } }
    structuredProperties { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } }
    schemaMetadata { fields { fieldPath description tags { tags { tag { urn } } } glossaryTerms { terms { term { urn } } } } }
  }
}`;

describe("mcp-server-datahub's tools against catalog serve", { skip: !hasPython && 'python3 missing' }, () => {
  let t: Interop;
  /** The document save_document created (test 3), for grep_documents later. */
  let savedDocument = '';

  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${t.server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: any; errors?: unknown[] };
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data;
  };
  /** Runs the calls through the MCP app in one Python process; returns the listed tools and one answer per call. */
  const mcp = (calls: Call[]): Promise<{ tools: string[]; results: Answer[] }> =>
    t.py('mcp_tools.py', [JSON.stringify(calls)]);
  const ok = (a: Answer): any => {
    assert.ok(a.ok, `the tool failed: ${(a as { error: string }).error}`);
    return a.data;
  };
  const failed = (a: Answer): string => {
    assert.ok(!a.ok, `expected the tool to fail, it answered ${JSON.stringify(a)}`);
    return a.error;
  };
  /** The dataset read back through GraphQL, reduced to what the tools change. */
  const readBack = async (urn: string) => {
    const d = (await gql(READ_BACK, { urn })).dataset;
    return {
      description: d.properties.description,
      editedDescription: d.editableProperties?.description ?? null,
      tags: (d.tags?.tags ?? []).map((x: any) => x.tag.urn),
      terms: (d.glossaryTerms?.terms ?? []).map((x: any) => x.term.urn),
      owners: d.ownership.owners.map((o: any) => [o.owner.urn, o.ownershipType.urn]),
      domain: d.domain?.domain.urn ?? null,
      properties: (d.structuredProperties?.properties ?? []).map((p: any) => [
        p.structuredProperty.urn,
        p.values.map((v: any) => v.numberValue),
      ]),
      columns: Object.fromEntries(
        d.schemaMetadata.fields.map((f: any) => [
          f.fieldPath,
          {
            description: f.description,
            tags: (f.tags?.tags ?? []).map((x: any) => x.tag.urn),
            terms: (f.glossaryTerms?.terms ?? []).map((x: any) => x.term.urn),
          },
        ]),
      ),
    };
  };
  /** The stored aspects, as `datahub get` prints them. */
  const aspects = async (urn: string, names: string[]) => {
    const r = await t.dh(['get', '--urn', urn, ...names.flatMap((n) => ['-a', n])]);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };

  before(async () => {
    t = await startInterop();
    // What the tools assign must exist first (they check, as DataHub's agents are told to): a tag, a
    // glossary term, a domain, a numeric structured property; and lineage fct_users_created → fct_users_deleted
    // with a column edge user_id → user_id, written as the upstreamLineage aspect ingestion writes.
    await gql('mutation { createTag(input: {id: "PII", name: "PII", description: "Personal data"}) }');
    await gql('mutation { createGlossaryTerm(input: {id: "Revenue", name: "Revenue", description: "Money in"}) }');
    await gql(
      'mutation { createDomain(input: {id: "marketing", name: "Marketing", description: "Campaigns and sign-ups"}) }',
    );
    await gql(`mutation { createStructuredProperty(input: {id: "io.catalog.retentionDays", qualifiedName: "io.catalog.retentionDays", displayName: "Retention (days)",
      valueType: "urn:li:dataType:datahub.number", cardinality: SINGLE, entityTypes: ["urn:li:entityType:datahub.dataset"]}) { urn } }`);
    const stamp = { time: 1700000000000, actor: S.datahub };
    const lineage = {
      upstreams: [{ dataset: D, type: 'TRANSFORMED', auditStamp: stamp }],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [field(D, 'user_id')],
          downstreamType: 'FIELD',
          downstreams: [field(D2, 'user_id')],
        },
      ],
    };
    const res = await fetch(`${t.server.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        proposal: {
          entityType: 'dataset',
          entityUrn: D2,
          changeType: 'UPSERT',
          aspectName: 'upstreamLineage',
          aspect: { value: JSON.stringify(lineage), contentType: 'application/json' },
        },
      }),
    });
    assert.equal(res.status, 200, await res.text());
  });
  after(async () => {
    await t?.server.stop();
  });

  it('lists every tool DataHub 1.7 unlocks, and answers get_me, search and get_aspect_history', async () => {
    const r = await mcp([
      ['get_me', {}],
      ['search', { query: 'users' }],
      ['search', { query: '*', filter: 'entity_type = dataset AND platform = kafka' }],
      ['search', { query: '/q fct_users*', filter: 'owner = urn:li:corpuser:jdoe' }],
      ['search', { query: '*', filter: 'tag = urn:li:tag:Legacy', num_results: 0 }],
      ['search', { query: '*', filter: 'entity_type = glossary_term' }],
      ['get_aspect_history', { urns: [S.hiveSample], aspect_names: ['ownership', 'globalTags'] }],
      ['get_dataset_queries', { urn: D }],
    ]);
    // The version gate reads /config (v1.7.0.1 ≥ the tools' oss="1.4.0"); the document tools stay hidden
    // while the catalog has no document.
    assert.deepEqual(r.tools, TOOLS);
    const [me, users, kafka, jdoe, legacy, terms, history, queries] = r.results.map((a) => ok(a));

    assert.equal(me.success, true);
    assert.deepEqual(
      { urn: me.data.corpUser.urn, exists: me.data.corpUser.exists, displayName: me.data.corpUser.info.displayName },
      { urn: S.datahub, exists: true, displayName: 'DataHub' },
    );
    assert.deepEqual(
      me.data.corpUser.groups.relationships.map((x: any) => x.entity.urn),
      [S.bfoo],
    );

    const urns = (x: any) => x.searchResults.map((s: any) => s.entity.urn).sort();
    assert.deepEqual(urns(users), [D, D2].sort());
    assert.equal(users.total, 2);
    assert.deepEqual(urns(kafka), [S.kafkaSample]);
    assert.deepEqual(urns(jdoe), [D, D2].sort());
    // num_results 0 asks for the facets alone.
    assert.equal(legacy.searchResults, undefined);
    assert.equal(legacy.total, 1);
    const platforms = legacy.facets.find((f: any) => f.field === 'platform');
    assert.deepEqual(
      platforms.aggregations.map((a: any) => [a.value, a.count]),
      [['urn:li:dataPlatform:hive', 1]],
    );
    assert.deepEqual(urns(terms), [TERM]);

    const [ownership, tags] = history.results;
    assert.deepEqual(ownership.current.value.owners, [
      { owner: S.jdoe, type: 'DATAOWNER' },
      { owner: S.datahub, type: 'DATAOWNER' },
    ]);
    assert.deepEqual(tags.current.value, { tags: [{ tag: S.legacy }] });
    assert.deepEqual(
      [ownership.history, tags.history, ownership.error, tags.error],
      [[], [], null, null],
      'the sample wrote each aspect once',
    );
    assert.deepEqual(
      queries,
      { start: 0, count: 0, total: 0 },
      'no query entity mentions the dataset (interop-documents.test.ts covers some that do)',
    );
  });

  it("search: /q boolean OR, and a type filter's facet listed once", async () => {
    const r = await mcp([
      ['search', { query: '/q kafka OR hdfs' }],
      ['search', { query: '*', filter: 'entity_type = dataset AND platform = kafka' }],
    ]);
    const [either, kafka] = r.results.map((a) => ok(a));
    assert.deepEqual(either.searchResults.map((s: any) => s.entity.urn).sort(), [S.hdfsSample, S.kafkaSample].sort());
    const types = kafka.facets.find((f: any) => f.field === '_entityType');
    assert.deepEqual(
      types.aggregations.map((a: any) => [a.value, a.count]),
      [['DATASET', 1]],
    );
  });

  it('get_entities reads a dataset with its schema, and a list of urns; list_schema_fields, get_lineage and get_lineage_paths_between read what was written', async () => {
    const r = await mcp([
      ['get_entities', { urns: D }],
      [
        'get_entities',
        { urns: [S.hiveSample, S.jdoe, PII, TERM, DOMAIN, 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)'] },
      ],
      ['list_schema_fields', { urn: D, keywords: ['session'] }],
      ['get_lineage', { urn: D2, upstream: true }],
      ['get_lineage', { urn: D, upstream: false, max_hops: 3 }],
      ['get_lineage', { urn: D2, column: 'user_id', upstream: true }],
      ['get_lineage_paths_between', { source_urn: D, target_urn: D2 }],
      [
        'get_lineage_paths_between',
        { source_urn: D, source_column: 'user_id', target_urn: D2, target_column: 'user_id', direction: 'downstream' },
      ],
    ]);
    const [dataset, list, fields, up, down, column, paths, columnPaths] = r.results.map((a) => ok(a));

    assert.equal(dataset.urn, D);
    assert.equal(dataset.properties.name, 'fct_users_created');
    assert.equal(dataset.properties.description, 'table containing all the users created on a single day');
    assert.deepEqual(dataset.schemaMetadata.fields.map((f: any) => [f.fieldPath, f.description]).sort(), [
      ['browser_id', 'Cookie attached to identify the browser'],
      ['session_id', 'Cookie attached to identify the session'],
      ['timestamp', 'Timestamp user was created at'],
      ['user_id', 'Id of the user created'],
      ['user_name', 'Name of the user who signed up'],
    ]);

    assert.deepEqual(
      list.map((e: any) => e.urn),
      [S.hiveSample, S.jdoe, PII, TERM, DOMAIN, 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)'],
    );
    assert.deepEqual(list[5], {
      error: 'Entity urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD) not found',
      urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)',
    });
    assert.deepEqual(
      list.slice(0, 5).map((e: any) => e.error),
      [undefined, undefined, undefined, undefined, undefined],
    );
    assert.deepEqual(
      list[0].tags.tags.map((x: any) => x.tag.urn),
      [S.legacy],
    );
    assert.equal(list[1].properties.displayName, 'John Doe');
    assert.equal(list[2].properties.name, 'PII');
    assert.equal(list[3].properties.name, 'Revenue');
    assert.equal(list[4].properties.name, 'Marketing');

    assert.deepEqual(
      { total: fields.totalFields, matching: fields.matchingCount, first: fields.fields[0].fieldPath },
      { total: 5, matching: 1, first: 'session_id' },
    );

    assert.deepEqual(
      up.upstreams.searchResults.map((x: any) => [x.entity.urn, x.degree]),
      [[D, 1]],
    );
    assert.deepEqual(
      down.downstreams.searchResults.map((x: any) => [x.entity.urn, x.degree]),
      [[D2, 1]],
    );
    assert.deepEqual(
      column.upstreams.searchResults.map((x: any) => [x.entity.urn, x.lineageColumns]),
      [[D, ['user_id']]],
    );
    assert.deepEqual(
      paths.paths.map((p: any) => p.path.map((x: any) => x.urn)),
      [[D, D2]],
    );
    assert.deepEqual(
      columnPaths.paths.map((p: any) => p.path.map((x: any) => x.urn)),
      [[field(D, 'user_id'), field(D2, 'user_id')]],
    );
  });

  it('add_tags, add_terms, add_owners, set_domains, update_description, add_structured_properties and save_document write what DataHub writes', async () => {
    const r = await mcp([
      ['add_tags', { tag_urns: [PII], entity_urns: [D, D], column_paths: [null, 'user_id'] }],
      ['add_terms', { term_urns: [TERM], entity_urns: [D, D], column_paths: [null, 'user_name'] }],
      ['add_owners', { owner_urns: [S.bfoo, S.datahub], entity_urns: [D], ownership_type: 'TECHNICAL_OWNER' }],
      ['set_domains', { domain_urn: DOMAIN, entity_urns: [D, D2] }],
      ['update_description', { entity_urn: D, column_path: 'user_id', description: 'The user id' }],
      ['update_description', { entity_urn: D, column_path: 'user_id', operation: 'append', description: ' (PII)' }],
      ['update_description', { entity_urn: D, description: 'One row per user sign-up' }],
      ['add_structured_properties', { property_values: { [RETENTION]: ['90'] }, entity_urns: [D] }],
      [
        'save_document',
        {
          document_type: 'Insight',
          title: 'Sign-up pattern',
          content: 'Sign-ups peak on Mondays.',
          related_assets: [D],
        },
      ],
      // What the tools refuse before writing anything: assignees that do not exist.
      ['add_tags', { tag_urns: ['urn:li:tag:Nope'], entity_urns: [D] }],
      ['add_terms', { term_urns: ['urn:li:glossaryTerm:Nope'], entity_urns: [D] }],
      ['add_owners', { owner_urns: ['urn:li:corpuser:nobody'], entity_urns: [D], ownership_type: 'BUSINESS_OWNER' }],
      ['set_domains', { domain_urn: 'urn:li:domain:nope', entity_urns: [D] }],
      ['add_tags', { tag_urns: [TERM], entity_urns: [D] }],
      // What an agent reads next sees every edit at once (docs/design.md §2.7: search is consistent at once).
      ['get_entities', { urns: D }],
      ['list_schema_fields', { urn: D, keywords: ['PII'] }],
      ['search', { query: '*', filter: 'tag = urn:li:tag:PII' }],
      [
        'search',
        { query: '*', filter: 'domain = urn:li:domain:marketing AND glossary_term = urn:li:glossaryTerm:Revenue' },
      ],
      ['search', { query: 'sign-up', filter: 'entity_type = dataset' }],
    ]);
    const answers = r.results.slice(0, 9).map((a) => ok(a));
    assert.deepEqual(
      answers.slice(0, 8).map((a) => a.message),
      [
        'Successfully added 1 tag(s) to 2 entit(ies)',
        'Successfully added 1 glossary term(s) to 2 entit(ies)',
        'Successfully added 2 owner(s) to 1 entit(ies)',
        'Successfully set domain for 2 entit(ies)',
        'Description updated successfully',
        'Description updated successfully',
        'Description updated successfully',
        'Successfully added 1 structured propert(ies) to 1 entit(ies)',
      ],
    );
    const saved = answers[8];
    assert.equal(saved.success, true);
    assert.match(saved.urn, /^urn:li:document:shared-/);
    assert.equal(saved.author, 'DataHub');
    savedDocument = saved.urn;
    assert.deepEqual(r.results.slice(9, 14).map(failed), [
      "Error calling tool 'add_tags': The following tag URNs do not exist in DataHub: urn:li:tag:Nope. Please use the search tool with entity_type filter to find existing tags, or create the tags first before assigning them.",
      "Error calling tool 'add_terms': The following glossary term URNs do not exist in DataHub: urn:li:glossaryTerm:Nope. Please use the search tool with entity_type filter to find existing glossary terms, or create the terms first before assigning them.",
      "Error calling tool 'add_owners': The following owner URNs do not exist in DataHub: urn:li:corpuser:nobody. Please use the search tool with entity_type filter to find existing users or groups, or create the owners first before assigning them.",
      "Error calling tool 'set_domains': Domain URN does not exist in DataHub: urn:li:domain:nope. Please use the search tool with entity_type filter to find existing domains, or create the domain first before assigning it.",
      `Error calling tool 'add_tags': The following URNs are not tag entities: ${TERM}`,
    ]);

    // get_entities shows the agent its own edits, column by column.
    const [entity, fields, byTag, byDomainAndTerm, byText] = r.results.slice(14).map((a) => ok(a));
    assert.deepEqual(
      {
        description: entity.properties.description,
        tags: entity.tags.tags.map((x: any) => x.tag.properties.name),
        terms: entity.glossaryTerms.terms.map((x: any) => x.term.properties.name),
        domain: entity.domain.domain.properties.name,
        owners: entity.ownership.owners.map((o: any) => [o.owner.urn, o.ownershipType.info.name]),
        properties: entity.structuredProperties.properties.map((p: any) => [p.structuredProperty.urn, p.values]),
        documents: entity.relatedDocuments.total,
      },
      {
        description: 'One row per user sign-up',
        tags: ['PII'],
        terms: ['Revenue'],
        domain: 'Marketing',
        owners: [
          [S.jdoe, 'Dataowner'],
          [S.bfoo, 'Technical Owner'],
          [S.datahub, 'Technical Owner'],
        ],
        properties: [[RETENTION, [{ numberValue: 90 }]]],
        documents: 1,
      },
    );
    const columns = Object.fromEntries(entity.schemaMetadata.fields.map((f: any) => [f.fieldPath, f]));
    assert.deepEqual(
      [columns['user_id'].description, columns['user_id'].tags, columns['user_name'].glossaryTerms],
      ['The user id (PII)', ['PII'], ['Revenue']],
    );
    assert.deepEqual(
      [fields.matchingCount, fields.fields[0].fieldPath],
      [1, 'user_id'],
      'list_schema_fields matches the column by its new tag',
    );
    const urns = (x: any) => x.searchResults.map((s: any) => s.entity.urn).sort();
    assert.deepEqual(urns(byTag), [D]);
    assert.deepEqual(urns(byDomainAndTerm), [D]);
    assert.deepEqual(urns(byText), [D], 'the edited description is searchable');

    // Read back through GraphQL: the effective values a person sees.
    const d = await readBack(D);
    assert.deepEqual(
      { ...d, columns: undefined },
      {
        description: 'One row per user sign-up',
        editedDescription: 'One row per user sign-up',
        tags: [PII],
        terms: [TERM],
        owners: [
          [S.jdoe, 'urn:li:ownershipType:__system__dataowner'],
          [S.bfoo, TECHNICAL],
          [S.datahub, TECHNICAL],
        ],
        domain: DOMAIN,
        properties: [[RETENTION, [90]]],
        columns: undefined,
      },
    );
    assert.deepEqual(d.columns['user_id'], { description: 'The user id (PII)', tags: [PII], terms: [] });
    assert.deepEqual(d.columns['user_name'], {
      description: 'Name of the user who signed up',
      tags: [],
      terms: [TERM],
    });
    assert.equal((await readBack(D2)).domain, DOMAIN);

    // And the stored aspects, as `datahub get` prints them: where DataHub's resolvers put each edit.
    const stored = await aspects(D, [
      'globalTags',
      'glossaryTerms',
      'ownership',
      'domains',
      'editableDatasetProperties',
      'editableSchemaMetadata',
      'structuredProperties',
    ]);
    assert.deepEqual(stored.globalTags, { tags: [{ tag: PII }] });
    assert.deepEqual(stored.glossaryTerms.terms, [{ urn: TERM }]);
    assert.deepEqual(
      stored.ownership.owners.slice(1).map((o: any) => [o.owner, o.typeUrn, o.source]),
      [
        [S.bfoo, TECHNICAL, { type: 'MANUAL' }],
        [S.datahub, TECHNICAL, { type: 'MANUAL' }],
      ],
    );
    assert.deepEqual(stored.domains, { domains: [DOMAIN] });
    assert.equal(stored.editableDatasetProperties.description, 'One row per user sign-up');
    const info = Object.fromEntries(
      stored.editableSchemaMetadata.editableSchemaFieldInfo.map((f: any) => [f.fieldPath, f]),
    );
    assert.deepEqual(
      [info['user_id'].description, info['user_id'].globalTags],
      ['The user id (PII)', { tags: [{ tag: PII }] }],
    );
    assert.deepEqual(info['user_name'].glossaryTerms.terms, [{ urn: TERM }]);
    assert.deepEqual(
      stored.structuredProperties.properties.map((p: any) => [p.propertyUrn, p.values]),
      [[RETENTION, [{ double: 90 }]]],
    );

    // The saved document is about the dataset.
    const doc = await gql(
      `query($urn: String!, $d: String!) {
      document(urn: $urn) { subType info { title contents { text } } }
      dataset(urn: $d) { relatedDocuments(input: {start: 0, count: 10}) { total documents { urn } } }
    }`,
      { urn: saved.urn, d: D },
    );
    assert.deepEqual(doc.document, {
      subType: 'Insight',
      info: { title: 'Sign-up pattern', contents: { text: 'Sign-ups peak on Mondays.' } },
    });
    assert.deepEqual(doc.dataset.relatedDocuments, { total: 1, documents: [{ urn: saved.urn }] });
  });

  it("the server's refusals reach the agent in DataHub's words; update_description and add_owners work on terms, tags and domains", async () => {
    const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)';
    const r = await mcp([
      ['update_description', { entity_urn: D, column_path: 'nope', description: 'x' }],
      ['update_description', { entity_urn: MISSING, description: 'x' }],
      ['add_tags', { tag_urns: [PII], entity_urns: [D2, D], column_paths: [null, 'nope'] }],
      ['add_terms', { term_urns: [TERM], entity_urns: [D2, MISSING] }],
      ['add_owners', { owner_urns: [S.jdoe], entity_urns: [MISSING], ownership_type: 'DATA_STEWARD' }],
      ['set_domains', { domain_urn: DOMAIN, entity_urns: [MISSING] }],
      ['update_description', { entity_urn: TERM, operation: 'append', description: ' from sign-ups' }],
      ['update_description', { entity_urn: PII, description: 'Personally identifiable' }],
      ['update_description', { entity_urn: DOMAIN, description: 'Campaigns' }],
      ['add_owners', { owner_urns: [S.jdoe], entity_urns: [TERM, DOMAIN], ownership_type: 'BUSINESS_OWNER' }],
    ]);
    const graphqlError = (message: string) =>
      `[{'message': '${message}', 'locations': [{'line': 3, 'column': COLUMN}], 'path': ['MUTATION'], 'extensions': {'code': 400, 'type': 'BAD_REQUEST', 'classification': 'DataFetchingException'}}]`;
    const errors = r.results.slice(0, 6).map((a) =>
      failed(a)
        .replace(/'column': \d+/, "'column': COLUMN")
        .replace(/'path': \['\w+'\]/, "'path': ['MUTATION']"),
    );
    assert.deepEqual(errors, [
      `Error calling tool 'update_description': Error update description for ${D} column nope: Error executing graphql query: ${graphqlError(`Failed to update ${D} & field nope. Field nope does not exist in the datasets schema.`)}`,
      `Error calling tool 'update_description': Error update description for ${MISSING}: Error executing graphql query: ${graphqlError(`Failed to update ${MISSING}. ${MISSING} does not exist.`)}`,
      `Error calling tool 'add_tags': Error add tags: Error executing graphql query: ${graphqlError(`Failed to update ${D} & field nope. Field nope does not exist in the datasets schema.`)}`,
      `Error calling tool 'add_terms': Error add glossary terms: Error executing graphql query: ${graphqlError(`Failed to update resource with urn ${MISSING}. Entity does not exist.`)}`,
      `Error calling tool 'add_owners': Error add owners: Error executing graphql query: ${graphqlError(`Failed to update resource with urn ${MISSING}. Entity does not exist.`)}`,
      `Error calling tool 'set_domains': Error setting domain: Error executing graphql query: ${graphqlError(`Failed to update resource with urn ${MISSING}. Entity does not exist.`)}`,
    ]);
    // Batches are atomic (docs/design.md §2.4): the valid half of a refused batch wrote nothing.
    const d2 = await readBack(D2);
    assert.deepEqual([d2.tags, d2.terms], [[], []]);

    assert.deepEqual(
      r.results.slice(6).map((a) => ok(a).success),
      [true, true, true, true],
    );
    const read = await gql(`{
      glossaryTerm(urn: "${TERM}") { properties { description } ownership { owners { owner { ... on CorpUser { urn } } ownershipType { urn } } } }
      tag(urn: "${PII}") { properties { description } }
      domain(urn: "${DOMAIN}") { properties { description } ownership { owners { owner { ... on CorpUser { urn } } ownershipType { urn } } } }
    }`);
    assert.equal(
      read.glossaryTerm.properties.description,
      'Money in from sign-ups',
      'append read the old description first',
    );
    assert.equal(read.tag.properties.description, 'Personally identifiable');
    assert.equal(read.domain.properties.description, 'Campaigns');
    // The creator became a technical owner (createGlossaryTerm/createDomain), the agent added a business owner.
    const owners = (x: any) => x.ownership.owners.map((o: any) => [o.owner.urn, o.ownershipType.urn]);
    assert.deepEqual(owners(read.glossaryTerm), [
      [S.datahub, TECHNICAL],
      [S.jdoe, 'urn:li:ownershipType:__system__business_owner'],
    ]);
    assert.deepEqual(owners(read.domain), [
      [S.datahub, TECHNICAL],
      [S.jdoe, 'urn:li:ownershipType:__system__business_owner'],
    ]);
  });

  it('remove_tags, remove_terms, remove_owners, remove_domains, update_description remove and remove_structured_properties undo them; the document tools appear', async () => {
    const r = await mcp([
      ['remove_tags', { tag_urns: [PII], entity_urns: [D, D], column_paths: [null, 'user_id'] }],
      ['remove_terms', { term_urns: [TERM], entity_urns: [D, D], column_paths: [null, 'user_name'] }],
      ['remove_owners', { owner_urns: [S.bfoo], entity_urns: [D], ownership_type: 'TECHNICAL_OWNER' }],
      ['remove_owners', { owner_urns: [S.datahub], entity_urns: [D] }],
      ['remove_domains', { entity_urns: [D2] }],
      ['update_description', { entity_urn: D, column_path: 'user_id', operation: 'remove' }],
      ['remove_structured_properties', { property_urns: [RETENTION], entity_urns: [D] }],
      ['search_documents', { query: 'Mondays' }],
      ['grep_documents', { urns: [savedDocument], pattern: 'Mon\\w+' }],
      ['get_aspect_history', { urns: [D], aspect_names: ['globalTags'] }],
    ]);
    assert.deepEqual(r.tools, [...TOOLS, ...DOCUMENT_TOOLS].sort(), 'a document exists now');
    const answers = r.results.map((a) => ok(a));
    assert.deepEqual(
      answers.slice(0, 7).map((a) => a.message),
      [
        'Successfully removed 1 tag(s) from 2 entit(ies)',
        'Successfully removed 1 glossary term(s) from 2 entit(ies)',
        'Successfully removed 1 owner(s) from 1 entit(ies)',
        'Successfully removed 1 owner(s) from 1 entit(ies)',
        'Successfully removed domain from 1 entit(ies)',
        'Description removed successfully',
        'Successfully removed 1 structured propert(ies) from 1 entit(ies)',
      ],
    );
    const docs = answers[7];
    assert.deepEqual(
      docs.searchResults.map((x: any) => [x.entity.subType, x.entity.info.title]),
      [['Insight', 'Sign-up pattern']],
    );
    // Two versions of globalTags now: the removal is current, the tag it removed is history.
    const grep = answers[8];
    assert.deepEqual(
      [grep.documents_with_matches, grep.results[0].urn, grep.results[0].title],
      [1, savedDocument, 'Sign-up pattern'],
    );
    const [tags] = answers[9].results;
    assert.deepEqual(tags.current.value, {}, 'the tool drops empty lists from what it shows');
    assert.deepEqual(
      tags.history.map((h: any) => h.value),
      [{ tags: [{ tag: PII }] }],
    );

    const d = await readBack(D);
    assert.deepEqual(
      { ...d, columns: undefined },
      {
        description: 'One row per user sign-up',
        editedDescription: 'One row per user sign-up',
        tags: [],
        terms: [],
        owners: [[S.jdoe, 'urn:li:ownershipType:__system__dataowner']],
        domain: DOMAIN,
        properties: [],
        columns: undefined,
      },
    );
    // An emptied edited column description shows the ingested one again, as DataHub's UI does.
    assert.deepEqual(d.columns['user_id'], { description: 'Id of the user created', tags: [], terms: [] });
    assert.deepEqual(d.columns['user_name'], { description: 'Name of the user who signed up', tags: [], terms: [] });
    assert.equal((await readBack(D2)).domain, null);

    const stored = await aspects(D, [
      'globalTags',
      'glossaryTerms',
      'ownership',
      'editableSchemaMetadata',
      'structuredProperties',
    ]);
    assert.deepEqual(stored.globalTags, { tags: [] });
    assert.deepEqual(stored.glossaryTerms.terms, []);
    assert.deepEqual(stored.ownership.owners, [{ owner: S.jdoe, type: 'DATAOWNER' }]);
    const info = Object.fromEntries(
      stored.editableSchemaMetadata.editableSchemaFieldInfo.map((f: any) => [f.fieldPath, f]),
    );
    assert.deepEqual([info['user_id'].description, info['user_id'].globalTags], ['', { tags: [] }]);
    assert.deepEqual(info['user_name'].glossaryTerms.terms, []);
    assert.deepEqual(stored.structuredProperties, { properties: [] });
    assert.deepEqual((await aspects(D2, ['domains'])).domains, { domains: [] });
  });
});
