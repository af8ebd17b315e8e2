// `catalog mcp` (issue 35): the executable (CATALOG_BIN, or the sources) spawned as an assistant spawns
// it, spoken to with the official MCP SDK's client over stdio — the tool list with and without
// --read-only, every tool called with real arguments on the sample catalog and its answer asserted,
// what a bad call gets (a JSON-RPC error, the process still up, nothing written), and `catalog serve`'s
// /mcp over streamable HTTP with authentication on.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { SAMPLE_URNS as S, TUTORIAL_MCPS } from '../src/sample/sample.ts';
import { D, D2, DOMAIN, field, mcpSeedRecords, PII, RETENTION, TERM, WIDE } from './fixtures/mcp-catalog.ts';
import { catalogCommand, runCli, serveCatalog, tempDataPath, tempDir } from './helpers.ts';

const TECHNICAL = 'urn:li:ownershipType:__system__technical_owner';
const ACTOR = 'urn:li:corpuser:datahub';

const READ_TOOLS = [
  'get_aspect_history',
  'get_dataset_queries',
  'get_entities',
  'get_lineage',
  'get_lineage_paths_between',
  'get_me',
  'list_schema_fields',
  'search',
];
const WRITE_TOOLS = [
  'add_owners',
  'add_structured_properties',
  'add_tags',
  'add_terms',
  'remove_domains',
  'remove_owners',
  'remove_structured_properties',
  'remove_tags',
  'remove_terms',
  'save_document',
  'set_domains',
  'update_description',
];

/** The tutorials' entities, plus what the tools assign (a tag, a term, a domain, a numeric property) and lineage D → D2 with a column edge. */
async function catalogWithSample(): Promise<string> {
  const data = tempDataPath();
  const tutorial = join(tempDir(), 'tutorial.json');
  writeFileSync(tutorial, JSON.stringify(TUTORIAL_MCPS));
  const sample = await runCli(['ingest', '-f', tutorial, '--data', data]);
  assert.equal(sample.code, 0, sample.stderr);
  const records = mcpSeedRecords();
  const file = join(tempDir(), 'extra.json');
  writeFileSync(file, JSON.stringify(records));
  const r = await runCli(['ingest', '-f', file, '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  return data;
}

/** An SDK client on `catalog mcp <args>` over stdio. */
async function connect(args: string[]): Promise<{ client: Client; stderr: () => string; close: () => Promise<void> }> {
  const [command, commandArgs] = catalogCommand(['mcp', ...args]);
  const transport = new StdioClientTransport({
    command,
    args: commandArgs,
    env: { ...process.env, CATALOG_DATA: '' } as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'catalog-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

type Answer = { ok: true; data: any } | { ok: false; error: string };
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const r = await client.callTool({ name, arguments: args });
  const text = (r.content as { type: string; text: string }[]).map((c) => c.text).join(' ');
  if (r.isError) return { ok: false, error: text };
  const structured = r.structuredContent as Record<string, unknown>;
  assert.deepEqual(
    JSON.parse(text),
    'result' in structured && Object.keys(structured).length === 1 ? structured['result'] : structured,
    'the text content is the structured answer',
  );
  return {
    ok: true,
    data: 'result' in structured && Object.keys(structured).length === 1 ? structured['result'] : structured,
  };
}
const ok = (a: Answer): any => {
  assert.ok(a.ok, `the tool failed: ${(a as { error: string }).error}`);
  return a.data;
};
const failed = (a: Answer): string => {
  assert.ok(!a.ok, `expected a refusal, got ${JSON.stringify(a)}`);
  return a.error;
};

describe('catalog mcp over stdio', () => {
  let data: string;
  let session: Awaited<ReturnType<typeof connect>>;
  let client: Client;

  before(async () => {
    data = await catalogWithSample();
    session = await connect(['--data', data, '--actor', ACTOR]);
    client = session.client;
  });
  after(async () => {
    await session?.close();
  });

  it('lists every tool of mcp-server-datahub 0.8.0; --read-only lists only the reading ones', async () => {
    const tools = (await client.listTools()).tools;
    assert.deepEqual(
      tools.map((t) => t.name).sort(),
      [...READ_TOOLS, ...WRITE_TOOLS].sort(),
      'the document tools wait for a document',
    );
    const search = tools.find((t) => t.name === 'search')!;
    assert.deepEqual(search.inputSchema.properties, {
      query: { default: '*', type: 'string' },
      filter: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
      num_results: { default: 10, type: 'integer' },
      sort_by: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
      sort_order: { anyOf: [{ enum: ['asc', 'desc'], type: 'string' }, { type: 'null' }], default: 'desc' },
      offset: { default: 0, type: 'integer' },
    });
    assert.deepEqual(search.annotations, { readOnlyHint: true });
    const addTags = tools.find((t) => t.name === 'add_tags')!;
    assert.deepEqual(addTags.inputSchema.required, ['tag_urns', 'entity_urns']);
    assert.equal(addTags.annotations, undefined);
    for (const t of tools) assert.ok(t.description && t.description.length > 20, `${t.name} says what it does`);

    const ro = await connect(['--data', data, '--read-only', '--actor', ACTOR]);
    try {
      assert.deepEqual((await ro.client.listTools()).tools.map((t) => t.name).sort(), READ_TOOLS);
      await assert.rejects(
        ro.client.callTool({ name: 'add_tags', arguments: { tag_urns: [PII], entity_urns: [D] } }),
        (e: unknown) => {
          assert.ok(e instanceof McpError);
          assert.equal(e.code, -32602);
          assert.match(e.message, /Unknown tool: add_tags/);
          return true;
        },
      );
      assert.equal(ok(await call(ro.client, 'get_me', {})).data.corpUser.urn, ACTOR, 'reads still work');
    } finally {
      await ro.close();
    }
  });

  it('get_me, search (text, filters, /q syntax, facets only), get_aspect_history and get_dataset_queries answer on the sample', async () => {
    const me = ok(await call(client, 'get_me', {}));
    assert.equal(me.success, true);
    assert.deepEqual(
      [me.data.corpUser.urn, me.data.corpUser.exists, me.data.corpUser.info.displayName],
      [ACTOR, true, 'DataHub'],
    );
    assert.deepEqual(
      me.data.corpUser.groups.relationships.map((x: any) => x.entity.urn),
      [S.bfoo],
    );

    const urns = (x: any) => x.searchResults.map((s: any) => s.entity.urn).sort();
    const users = ok(await call(client, 'search', { query: 'users' }));
    assert.deepEqual(urns(users), [D, D2].sort());
    assert.equal(users.total, 2);
    assert.deepEqual(
      urns(ok(await call(client, 'search', { query: '*', filter: 'entity_type = dataset AND platform = kafka' }))),
      [S.kafkaSample],
    );
    assert.deepEqual(
      urns(ok(await call(client, 'search', { query: '/q fct_users*', filter: 'owner = urn:li:corpuser:jdoe' }))),
      [D, D2].sort(),
    );
    assert.deepEqual(
      urns(ok(await call(client, 'search', { query: '/q kafka OR hdfs' }))),
      [S.hdfsSample, S.kafkaSample].sort(),
    );
    const legacy = ok(await call(client, 'search', { query: '*', filter: 'tag = urn:li:tag:Legacy', num_results: 0 }));
    assert.equal(legacy.searchResults, undefined, 'num_results 0 answers the facets alone');
    assert.equal(legacy.total, 1);
    assert.deepEqual(
      legacy.facets.find((f: any) => f.field === 'platform').aggregations.map((a: any) => [a.value, a.count]),
      [['urn:li:dataPlatform:hive', 1]],
    );
    assert.deepEqual(urns(ok(await call(client, 'search', { query: '*', filter: 'entity_type = glossary_term' }))), [
      TERM,
    ]);
    assert.match(
      failed(await call(client, 'search', { query: '*', filter: 'platform = (' })),
      /^Error calling tool 'search': Expected value at position 11, got \( \('\('\)$/,
    );

    const history = ok(
      await call(client, 'get_aspect_history', {
        urns: [S.hiveSample],
        aspect_names: ['ownership', 'globalTags', 'notAllowed'],
      }),
    );
    const [ownership, tags, refused] = history.results;
    assert.deepEqual(ownership.current.value.owners, [
      { owner: S.jdoe, type: 'DATAOWNER' },
      { owner: S.datahub, type: 'DATAOWNER' },
    ]);
    assert.deepEqual(tags.current.value, { tags: [{ tag: S.legacy }] });
    assert.deepEqual([ownership.history, tags.history, ownership.error, tags.error], [[], [], null, null]);
    assert.equal(refused.error, 'aspect_name is not an allowed governance aspect');
    assert.deepEqual(history.batch, {
      urns: 1,
      aspects: 3,
      pairs: 3,
      returnedPairs: 3,
      httpCalls: 2,
      truncatedByResponseBudget: false,
      droppedPairs: [],
    });

    assert.deepEqual(ok(await call(client, 'get_dataset_queries', { urn: D })), { start: 0, count: 0, total: 0 });
  });

  it('get_entities, list_schema_fields, get_lineage and get_lineage_paths_between read the sample and its lineage', async () => {
    const dataset = ok(await call(client, 'get_entities', { urns: D }));
    assert.equal(dataset.urn, D, 'one URN as a string answers one entity');
    assert.equal(dataset.properties.description, 'table containing all the users created on a single day');
    assert.deepEqual(
      dataset.schemaMetadata.fields.map((f: any) => f.fieldPath),
      ['browser_id', 'session_id', 'timestamp', 'user_id', 'user_name'],
      'described columns first, then by name',
    );
    const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)';
    const list = ok(await call(client, 'get_entities', { urns: [S.hiveSample, S.jdoe, PII, TERM, DOMAIN, MISSING] }));
    assert.deepEqual(
      list.map((e: any) => e.urn),
      [S.hiveSample, S.jdoe, PII, TERM, DOMAIN, MISSING],
    );
    assert.deepEqual(list[5], { error: `Entity ${MISSING} not found`, urn: MISSING });
    assert.deepEqual(
      [list[1].properties.displayName, list[2].properties.name, list[3].properties.name, list[4].properties.name],
      ['John Doe', 'PII', 'Revenue', 'Marketing'],
    );
    assert.equal(
      failed(await call(client, 'get_entities', { urns: MISSING })),
      `Error calling tool 'get_entities': Entity ${MISSING} not found`,
    );

    const fields = ok(await call(client, 'list_schema_fields', { urn: D, keywords: ['session'] }));
    assert.deepEqual(
      [fields.totalFields, fields.matchingCount, fields.returned, fields.fields[0].fieldPath],
      [5, 1, 5, 'session_id'],
    );
    const page = ok(await call(client, 'list_schema_fields', { urn: D, limit: 2, offset: 1 }));
    assert.deepEqual(
      [page.fields.map((f: any) => f.fieldPath), page.remainingCount, page.matchingCount],
      [['session_id', 'timestamp'], 2, null],
    );

    const up = ok(await call(client, 'get_lineage', { urn: D2, upstream: true }));
    assert.deepEqual(
      up.upstreams.searchResults.map((x: any) => [x.entity.urn, x.degree]),
      [[D, 1]],
    );
    assert.deepEqual([up.upstreams.returned, up.upstreams.hasMore, up.upstreams.offset], [1, false, 0]);
    const down = ok(await call(client, 'get_lineage', { urn: D, upstream: false, max_hops: 3 }));
    assert.deepEqual(
      down.downstreams.searchResults.map((x: any) => [x.entity.urn, x.degree]),
      [[D2, 1]],
    );
    const column = ok(await call(client, 'get_lineage', { urn: D2, column: 'user_id', upstream: true }));
    assert.deepEqual(
      column.upstreams.searchResults.map((x: any) => [x.entity.urn, x.lineageColumns]),
      [[D, ['user_id']]],
    );
    assert.equal(column.metadata.queryType, 'column-level-lineage');

    const paths = ok(await call(client, 'get_lineage_paths_between', { source_urn: D, target_urn: D2 }));
    assert.deepEqual(
      paths.paths.map((p: any) => p.path.map((x: any) => x.urn)),
      [[D, D2]],
    );
    assert.equal(paths.metadata.direction, 'auto-discovered-downstream');
    const columnPaths = ok(
      await call(client, 'get_lineage_paths_between', {
        source_urn: D,
        source_column: 'user_id',
        target_urn: D2,
        target_column: 'user_id',
        direction: 'downstream',
      }),
    );
    assert.deepEqual(
      columnPaths.paths.map((p: any) => p.path.map((x: any) => x.urn)),
      [[field(D, 'user_id'), field(D2, 'user_id')]],
    );
    assert.equal(
      failed(await call(client, 'get_lineage_paths_between', { source_urn: S.kafkaSample, target_urn: S.hdfsSample })),
      `Error calling tool 'get_lineage_paths_between': No lineage path found between ${S.kafkaSample} and ${S.hdfsSample} in either upstream or downstream direction`,
    );
  });

  it('the write tools change the catalog as the actor, refuse what does not exist, and are undone by their remove tools', async () => {
    const messages = [
      await call(client, 'add_tags', { tag_urns: [PII], entity_urns: [D, D], column_paths: [null, 'user_id'] }),
      await call(client, 'add_terms', { term_urns: [TERM], entity_urns: [D, D], column_paths: [null, 'user_name'] }),
      await call(client, 'add_owners', {
        owner_urns: [S.bfoo, S.datahub],
        entity_urns: [D],
        ownership_type: 'TECHNICAL_OWNER',
      }),
      await call(client, 'set_domains', { domain_urn: DOMAIN, entity_urns: [D, D2] }),
      await call(client, 'update_description', { entity_urn: D, column_path: 'user_id', description: 'The user id' }),
      await call(client, 'update_description', {
        entity_urn: D,
        column_path: 'user_id',
        operation: 'append',
        description: ' (PII)',
      }),
      await call(client, 'update_description', { entity_urn: D, description: 'One row per user sign-up' }),
      await call(client, 'add_structured_properties', { property_values: { [RETENTION]: ['90'] }, entity_urns: [D] }),
    ].map((a) => ok(a).message);
    assert.deepEqual(messages, [
      'Successfully added 1 tag(s) to 2 entit(ies)',
      'Successfully added 1 glossary term(s) to 2 entit(ies)',
      'Successfully added 2 owner(s) to 1 entit(ies)',
      'Successfully set domain for 2 entit(ies)',
      'Description updated successfully',
      'Description updated successfully',
      'Description updated successfully',
      'Successfully added 1 structured propert(ies) to 1 entit(ies)',
    ]);
    const refusals = [
      await call(client, 'add_tags', { tag_urns: ['urn:li:tag:Nope'], entity_urns: [D] }),
      await call(client, 'add_terms', { term_urns: ['urn:li:glossaryTerm:Nope'], entity_urns: [D] }),
      await call(client, 'add_owners', {
        owner_urns: ['urn:li:corpuser:nobody'],
        entity_urns: [D],
        ownership_type: 'BUSINESS_OWNER',
      }),
      await call(client, 'set_domains', { domain_urn: 'urn:li:domain:nope', entity_urns: [D] }),
      await call(client, 'add_tags', { tag_urns: [TERM], entity_urns: [D] }),
    ].map(failed);
    assert.deepEqual(refusals, [
      "Error calling tool 'add_tags': The following tag URNs do not exist in DataHub: urn:li:tag:Nope. Please use the search tool with entity_type filter to find existing tags, or create the tags first before assigning them.",
      "Error calling tool 'add_terms': The following glossary term URNs do not exist in DataHub: urn:li:glossaryTerm:Nope. Please use the search tool with entity_type filter to find existing glossary terms, or create the terms first before assigning them.",
      "Error calling tool 'add_owners': The following owner URNs do not exist in DataHub: urn:li:corpuser:nobody. Please use the search tool with entity_type filter to find existing users or groups, or create the owners first before assigning them.",
      "Error calling tool 'set_domains': Domain URN does not exist in DataHub: urn:li:domain:nope. Please use the search tool with entity_type filter to find existing domains, or create the domain first before assigning it.",
      `Error calling tool 'add_tags': The following URNs are not tag entities: ${TERM}`,
    ]);
    // A refusal from the catalog itself reaches the agent in DataHub's words, and the batch wrote nothing.
    const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)';
    const batch = failed(await call(client, 'add_terms', { term_urns: [TERM], entity_urns: [D2, MISSING] }));
    assert.match(
      batch,
      new RegExp(
        `^Error calling tool 'add_terms': Error add glossary terms: Error executing graphql query: \\[\\{'message': 'Failed to update resource with urn ${MISSING.replace(/[()]/g, '\\$&')}\\. Entity does not exist\\.', 'locations': \\[\\{'line': 3, 'column': 17\\}\\], 'path': \\['batchAddTerms'\\], 'extensions': \\{'code': 400, 'type': 'BAD_REQUEST', 'classification': 'DataFetchingException'\\}\\}\\]$`,
      ),
    );

    const entity = ok(await call(client, 'get_entities', { urns: [D] }))[0];
    assert.deepEqual(
      {
        description: entity.properties.description,
        tags: entity.tags.tags.map((x: any) => x.tag.properties.name),
        terms: entity.glossaryTerms.terms.map((x: any) => x.term.properties.name),
        domain: entity.domain.domain.properties.name,
        owners: entity.ownership.owners.map((o: any) => [o.owner.urn, o.ownershipType.urn]),
        properties: entity.structuredProperties.properties.map((p: any) => [p.structuredProperty.urn, p.values]),
      },
      {
        description: 'One row per user sign-up',
        tags: ['PII'],
        terms: ['Revenue'],
        domain: 'Marketing',
        owners: [
          [S.jdoe, 'urn:li:ownershipType:__system__dataowner'],
          [S.bfoo, TECHNICAL],
          [S.datahub, TECHNICAL],
        ],
        properties: [[RETENTION, [{ numberValue: 90 }]]],
      },
    );
    const columns = Object.fromEntries(entity.schemaMetadata.fields.map((f: any) => [f.fieldPath, f]));
    assert.deepEqual(
      [columns['user_id'].description, columns['user_id'].tags, columns['user_name'].glossaryTerms],
      ['The user id (PII)', ['PII'], ['Revenue']],
    );
    const d2 = ok(await call(client, 'get_entities', { urns: [D2] }))[0];
    assert.deepEqual(
      [d2.glossaryTerms, d2.domain.domain.urn],
      [undefined, DOMAIN],
      'the refused batch left D2 without the term',
    );
    // The edits are attributed to the actor, in the history an agent (or the History tab) reads.
    const history = ok(
      await call(client, 'get_aspect_history', { urns: D, aspect_names: ['globalTags', 'editableDatasetProperties'] }),
    );
    assert.deepEqual(
      history.results.map((r: any) => r.current.auditStamp.actor),
      [ACTOR, ACTOR],
    );
    assert.deepEqual(
      ok(await call(client, 'search', { query: '*', filter: 'tag = urn:li:tag:PII' })).searchResults.map(
        (s: any) => s.entity.urn,
      ),
      [D],
      'search sees the write at once',
    );

    const undone = [
      await call(client, 'remove_tags', { tag_urns: [PII], entity_urns: [D, D], column_paths: [null, 'user_id'] }),
      await call(client, 'remove_terms', { term_urns: [TERM], entity_urns: [D, D], column_paths: [null, 'user_name'] }),
      await call(client, 'remove_owners', {
        owner_urns: [S.bfoo],
        entity_urns: [D],
        ownership_type: 'TECHNICAL_OWNER',
      }),
      await call(client, 'remove_domains', { entity_urns: [D, D2] }),
      await call(client, 'update_description', { entity_urn: D, column_path: 'user_id', operation: 'remove' }),
      await call(client, 'remove_structured_properties', { property_urns: [RETENTION], entity_urns: [D] }),
    ].map((a) => ok(a).message);
    assert.deepEqual(undone, [
      'Successfully removed 1 tag(s) from 2 entit(ies)',
      'Successfully removed 1 glossary term(s) from 2 entit(ies)',
      'Successfully removed 1 owner(s) from 1 entit(ies)',
      'Successfully removed domain from 2 entit(ies)',
      'Description removed successfully',
      'Successfully removed 1 structured propert(ies) from 1 entit(ies)',
    ]);
    const back = ok(await call(client, 'get_entities', { urns: [D] }))[0];
    assert.deepEqual(
      [
        back.tags,
        back.glossaryTerms,
        back.domain,
        back.structuredProperties,
        back.ownership.owners.map((o: any) => o.owner.urn),
      ],
      [undefined, undefined, undefined, undefined, [S.jdoe, S.datahub]],
    );
    assert.equal(
      Object.fromEntries(back.schemaMetadata.fields.map((f: any) => [f.fieldPath, f.description]))['user_id'],
      'Id of the user created',
    );
  });

  it('save_document saves a note about a dataset; then the document tools are listed and find it', async () => {
    const saved = ok(
      await call(client, 'save_document', {
        document_type: 'Insight',
        title: 'Sign-up pattern',
        content: 'Sign-ups peak on Mondays.',
        related_assets: [D],
        topics: ['PII'],
      }),
    );
    assert.equal(saved.success, true);
    assert.match(saved.urn, /^urn:li:document:shared-[0-9a-f-]{36}$/);
    assert.deepEqual([saved.message, saved.author], ['Successfully created document: Sign-up pattern', 'DataHub']);
    assert.deepEqual(ok(await call(client, 'save_document', { document_type: 'Note', title: ' ', content: 'x' })), {
      success: false,
      urn: null,
      message: 'title cannot be empty',
      author: null,
    });

    const names = (await client.listTools()).tools.map((t) => t.name);
    assert.ok(names.includes('search_documents') && names.includes('grep_documents'), names.join());
    const found = ok(await call(client, 'search_documents', { query: 'Mondays' }));
    assert.deepEqual(
      found.searchResults.map((r: any) => [r.entity.urn, r.entity.subType, r.entity.info.title]),
      [[saved.urn, 'Insight', 'Sign-up pattern']],
    );
    const folder = ok(await call(client, 'search_documents', { query: '*', filter: 'entity_subtype = Folder' }));
    assert.deepEqual(
      folder.searchResults.map((r: any) => [r.entity.urn, r.entity.info.title]),
      [['urn:li:document:__system_shared_documents', 'Shared']],
      'the shared folder was made',
    );
    const grep = ok(
      await call(client, 'grep_documents', { urns: [saved.urn], pattern: 'peak \\w+', context_chars: 5 }),
    );
    assert.deepEqual(grep, {
      results: [
        {
          urn: saved.urn,
          title: 'Sign-up pattern',
          matches: [{ excerpt: '...-ups peak on Mond...', position: 9 }],
          total_matches: 1,
        },
      ],
      total_matches: 1,
      documents_with_matches: 1,
    });
    const entity = ok(await call(client, 'get_entities', { urns: [D] }))[0];
    assert.deepEqual(
      entity.relatedDocuments.documents.map((d: any) => d.urn),
      [saved.urn],
      'the dataset knows the note about it',
    );
    const tagged = ok(
      await call(client, 'search', { query: '*', filter: 'entity_type = document AND tag = urn:li:tag:PII' }),
    );
    assert.deepEqual(
      tagged.searchResults.map((r: any) => r.entity.urn),
      [saved.urn],
      'topics became tags',
    );
  });

  it("a 2 000-column schema is cut to the answer's token budget; list_schema_fields pages through the rest", async () => {
    const wide = ok(await call(client, 'get_entities', { urns: [WIDE] }))[0];
    const cut = wide.schemaMetadata.schemaFieldsTruncated;
    assert.equal(cut.totalFields, 2000);
    assert.equal(cut.offset, 0);
    assert.ok(cut.includedFields > 100 && cut.includedFields < 2000, `included ${cut.includedFields}`);
    assert.equal(wide.schemaMetadata.fields.length, cut.includedFields);
    assert.deepEqual(
      wide.schemaMetadata.fields.slice(0, 5).map((f: any) => f.fieldPath),
      ['col_0007', 'col_0507', 'col_1007', 'col_1507', 'col_0000'],
      'keys first',
    );
    assert.ok(JSON.stringify(wide).length < 16000 * 4 * 1.1, 'about the 16 000-token budget per entity');
    const page = ok(await call(client, 'list_schema_fields', { urn: WIDE, limit: 1000, offset: cut.includedFields }));
    assert.equal(page.offset, cut.includedFields);
    assert.ok(page.returned > 0 && page.returned < 1000, `returned ${page.returned}`);
    assert.equal(page.remainingCount, 2000 - cut.includedFields - page.returned);
    const matching = ok(await call(client, 'list_schema_fields', { urn: WIDE, keywords: ['col_199'], limit: 5 }));
    assert.deepEqual(
      [matching.matchingCount, matching.fields.map((f: any) => f.fieldPath)],
      [10, ['col_1990', 'col_1991', 'col_1992', 'col_1993', 'col_1994']],
    );
  });

  it('bad calls are JSON-RPC errors (unknown tool, wrong types, missing or oversized arguments); the process stays up and nothing is written', async () => {
    const before = ok(
      await call(client, 'get_aspect_history', { urns: [D], aspect_names: ['globalTags', 'ownership'] }),
    );
    const rpcError = async (name: string, args: Record<string, unknown>, pattern: RegExp) => {
      await assert.rejects(client.callTool({ name, arguments: args }), (e: unknown) => {
        assert.ok(e instanceof McpError, String(e));
        assert.equal(e.code, -32602);
        assert.match(e.message, pattern);
        return true;
      });
    };
    await rpcError('drop_everything', {}, /Unknown tool: drop_everything/);
    await rpcError('add_tags', { tag_urns: [PII], entity_urns: 42 }, /entity_urns: expected an array, got integer/);
    await rpcError(
      'add_tags',
      { tag_urns: [PII], entity_urns: [D], column_paths: [7] },
      /column_paths\[0\]: expected a string, got integer/,
    );
    await rpcError('search', { num_results: 'ten' }, /num_results: expected an integer, got string/);
    await rpcError('add_tags', { entity_urns: [D] }, /tag_urns: missing required argument/);
    await rpcError('search', { query: '*', limit: 5 }, /arguments: unexpected argument "limit"/);
    await rpcError(
      'add_tags',
      { tag_urns: [PII], entity_urns: [D], column_paths: ['x'.repeat(1_000_001)] },
      /a string of 1000001 characters is over the limit of 1000000/,
    );
    await rpcError(
      'add_tags',
      { tag_urns: [PII], entity_urns: Array.from({ length: 1001 }, () => D) },
      /1001 items are over the limit of 1000/,
    );
    const after = ok(
      await call(client, 'get_aspect_history', { urns: [D], aspect_names: ['globalTags', 'ownership'] }),
    );
    assert.deepEqual(after, before, 'nothing was written');
    assert.equal(ok(await call(client, 'get_me', {})).success, true, 'the session goes on');
  });
});

describe('catalog mcp: a bad --actor', () => {
  it('is refused before the protocol starts, naming what an actor must be', async () => {
    const r = await runCli(['mcp', '--data', tempDataPath(), '--actor', 'nobody']);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '', 'nothing on the protocol stream');
    assert.match(r.stderr, /--actor must be a urn:li:corpuser:… URN, got nobody/);
  });
});

describe('catalog mcp: a malformed JSON-RPC frame', () => {
  it('gets a JSON-RPC parse error (or invalid request), and the next message is answered', async () => {
    const data = tempDataPath();
    const [command, args] = catalogCommand(['mcp', '--data', data, '--actor', ACTOR]);
    const child = spawn(command, args, { env: { ...process.env, CATALOG_DATA: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    const lines: any[] = [];
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      let nl: number;
      while ((nl = out.indexOf('\n')) >= 0) {
        lines.push(JSON.parse(out.slice(0, nl)));
        out = out.slice(nl + 1);
      }
    });
    const waitFor = async (n: number) => {
      for (let i = 0; i < 200 && lines.length < n; i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok(lines.length >= n, `expected ${n} messages, got ${JSON.stringify(lines)}`);
    };
    try {
      child.stdin.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
      await waitFor(1);
      assert.equal(lines[0].error.code, -32700);
      assert.equal(lines[0].id, null);
      child.stdin.write('{"hello": "world"}\n');
      await waitFor(2);
      assert.equal(lines[1].error.code, -32600);
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
      );
      await waitFor(3);
      assert.equal(lines[2].id, 2);
      assert.equal(lines[2].result.serverInfo.name, 'catalog');
      assert.equal(child.exitCode, null, 'still running');
    } finally {
      child.stdin.end();
      await new Promise((r) => child.on('exit', r));
    }
    assert.equal(child.exitCode, 0, 'stdin closed: the process ends cleanly');
  });
});

describe("catalog serve's /mcp (streamable HTTP) with authentication on", () => {
  it('refuses a client without a token and serves one with a token, acting as its user', async () => {
    const data = await catalogWithSample();
    const created = await runCli(['token', 'create', '--user', 'jdoe', '--data', data]);
    assert.equal(created.code, 0, created.stderr);
    const token = created.stdout.split('\n')[0]!;
    const server = await serveCatalog(['serve', '--auth', '--port', '0', '--data', data]);
    try {
      const url = new URL(`${server.url}/mcp`);
      const anonymous = new Client({ name: 'anonymous', version: '1' });
      await assert.rejects(anonymous.connect(new StreamableHTTPClientTransport(url)), /401|Unauthorized/);
      const raw = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{}',
      });
      assert.equal(raw.status, 401);

      const client = new Client({ name: 'with-token', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
      );
      try {
        assert.deepEqual(
          (await client.listTools()).tools.map((t) => t.name).sort(),
          [...READ_TOOLS, ...WRITE_TOOLS].sort(),
        );
        const me = ok(await call(client, 'get_me', {}));
        assert.equal(me.data.corpUser.urn, 'urn:li:corpuser:jdoe');
        assert.equal(ok(await call(client, 'add_tags', { tag_urns: [PII], entity_urns: [D2] })).success, true);
        const history = ok(await call(client, 'get_aspect_history', { urns: [D2], aspect_names: ['globalTags'] }));
        assert.equal(
          history.results[0].current.auditStamp.actor,
          'urn:li:corpuser:jdoe',
          'the write is attributed to the token’s user',
        );
      } finally {
        await client.close();
      }
      const get = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(get.status, 405);
    } finally {
      await server.stop();
    }
  });
});
