// Equivalence of `catalog mcp` with DataHub's own MCP server (issue 35): the same calls, in the same
// order, made through mcp-server-datahub 0.8.0 (its FastMCP app in process, pointed at a `catalog
// serve`, test/interop/py/mcp_tools.py) and through `catalog mcp` over stdio, each on its own copy of
// the same catalog (the sample, a tag, a term, a domain, a numeric structured property and lineage).
// Every answer must be the same — same entities, fields and order, identical error texts — once what
// differs by nature is set aside: clocks, the random id of a saved document. One row per call: a new
// tool is one more row; a row whose answers differ for a reason says so in `differs`, and states what
// still must agree.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { D, D2, DOMAIN, mcpSeedRecords, PII, RETENTION, TERM, WIDE } from './fixtures/mcp-catalog.ts';
import { catalogCommand, runCli, tempDataPath, tempDir } from './helpers.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('MCP EQUIVALENCE SUITE');

const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)';
const FOLDER = 'urn:li:document:__system_shared_documents';

type Answer = { ok: true; data: any } | { ok: false; error: string };

interface Row {
  tool: string;
  args: Record<string, unknown>;
  /** Why the two answers differ, when they may; `agree` then checks what must still be the same. */
  differs?: string;
  agree?: (python: Answer, ours: Answer) => void;
}

const ROWS: Row[] = [
  // Reads on the catalog as loaded.
  { tool: 'get_me', args: {} },
  { tool: 'search', args: { query: 'users' } },
  { tool: 'search', args: { query: '*', filter: 'entity_type = dataset AND platform = kafka' } },
  { tool: 'search', args: { query: '/q fct_users*', filter: 'owner = urn:li:corpuser:jdoe' } },
  { tool: 'search', args: { query: '/q kafka OR hdfs' } },
  { tool: 'search', args: { query: '*', filter: 'tag = urn:li:tag:Legacy', num_results: 0 } },
  {
    tool: 'search',
    args: {
      query: '*',
      filter: 'entity_type IN (glossary_term, domain) AND NOT platform = kafka',
      num_results: 3,
      offset: 0,
    },
  },
  { tool: 'search', args: { query: '*', filter: 'env = PROD AND tag IS NULL', sort_by: 'relevance' } },
  { tool: 'search', args: { query: '*', num_results: 2, offset: 2 } },
  { tool: 'get_entities', args: { urns: D } },
  { tool: 'get_entities', args: { urns: [S.hiveSample, S.jdoe, S.bfoo, PII, TERM, DOMAIN, RETENTION, MISSING] } },
  { tool: 'get_entities', args: { urns: MISSING } },
  { tool: 'list_schema_fields', args: { urn: D } },
  { tool: 'list_schema_fields', args: { urn: D, keywords: ['session', 'user'], limit: 3, offset: 1 } },
  { tool: 'list_schema_fields', args: { urn: MISSING } },
  // The size budgets: a 2 000-column schema is cut where DataHub's server cuts it.
  { tool: 'get_entities', args: { urns: [WIDE] } },
  { tool: 'list_schema_fields', args: { urn: WIDE, limit: 1000, offset: 10 } },
  { tool: 'list_schema_fields', args: { urn: WIDE, keywords: ['col_19', 'ninety'], limit: 50 } },
  { tool: 'search', args: { query: 'wide_events', num_results: 60 } },
  { tool: 'get_lineage', args: { urn: D2, upstream: true } },
  { tool: 'get_lineage', args: { urn: D, upstream: false, max_hops: 3 } },
  { tool: 'get_lineage', args: { urn: D2, column: 'user_id', upstream: true } },
  { tool: 'get_lineage', args: { urn: D, upstream: false, offset: 5 } },
  { tool: 'get_lineage_paths_between', args: { source_urn: D, target_urn: D2 } },
  { tool: 'get_lineage_paths_between', args: { source_urn: D2, target_urn: D, direction: 'upstream' } },
  {
    tool: 'get_lineage_paths_between',
    args: {
      source_urn: D,
      source_column: 'user_id',
      target_urn: D2,
      target_column: 'user_id',
      direction: 'downstream',
    },
  },
  { tool: 'get_lineage_paths_between', args: { source_urn: S.kafkaSample, target_urn: S.hdfsSample } },
  { tool: 'get_lineage_paths_between', args: { source_urn: D, source_column: 'user_id', target_urn: D2 } },
  { tool: 'get_dataset_queries', args: { urn: D } },
  {
    tool: 'get_aspect_history',
    args: { urns: [S.hiveSample, MISSING], aspect_names: ['ownership', 'globalTags', 'browsePaths'] },
  },
  // Writes, and what the tools refuse.
  { tool: 'add_tags', args: { tag_urns: [PII], entity_urns: [D, D], column_paths: [null, 'user_id'] } },
  { tool: 'add_terms', args: { term_urns: [TERM], entity_urns: [D, D], column_paths: [null, 'user_name'] } },
  {
    tool: 'add_owners',
    args: { owner_urns: [S.bfoo, S.datahub], entity_urns: [D], ownership_type: 'TECHNICAL_OWNER' },
  },
  { tool: 'set_domains', args: { domain_urn: DOMAIN, entity_urns: [D, D2] } },
  { tool: 'update_description', args: { entity_urn: D, column_path: 'user_id', description: 'The user id' } },
  {
    tool: 'update_description',
    args: { entity_urn: D, column_path: 'user_id', operation: 'append', description: ' (PII)' },
  },
  { tool: 'update_description', args: { entity_urn: D, description: 'One row per user sign-up' } },
  { tool: 'update_description', args: { entity_urn: TERM, operation: 'append', description: ' from sign-ups' } },
  { tool: 'add_structured_properties', args: { property_values: { [RETENTION]: ['90'] }, entity_urns: [D] } },
  { tool: 'add_structured_properties', args: { property_values: { [RETENTION]: ['ninety'] }, entity_urns: [D] } },
  { tool: 'add_tags', args: { tag_urns: ['urn:li:tag:Nope'], entity_urns: [D] } },
  { tool: 'add_terms', args: { term_urns: ['urn:li:glossaryTerm:Nope'], entity_urns: [D] } },
  {
    tool: 'add_owners',
    args: { owner_urns: ['urn:li:corpuser:nobody'], entity_urns: [D], ownership_type: 'BUSINESS_OWNER' },
  },
  { tool: 'add_owners', args: { owner_urns: [S.jdoe], entity_urns: [D], ownership_type: 'Chief Worrier' } },
  { tool: 'set_domains', args: { domain_urn: 'urn:li:domain:nope', entity_urns: [D] } },
  { tool: 'add_tags', args: { tag_urns: [TERM], entity_urns: [D] } },
  { tool: 'add_tags', args: { tag_urns: [PII], entity_urns: [D, D2], column_paths: [null] } },
  { tool: 'update_description', args: { entity_urn: D, column_path: 'nope', description: 'x' } },
  { tool: 'update_description', args: { entity_urn: MISSING, description: 'x' } },
  { tool: 'update_description', args: { entity_urn: D, operation: 'append' } },
  { tool: 'add_tags', args: { tag_urns: [PII], entity_urns: [D2, D], column_paths: [null, 'nope'] } },
  { tool: 'add_terms', args: { term_urns: [TERM], entity_urns: [D2, MISSING] } },
  { tool: 'set_domains', args: { domain_urn: DOMAIN, entity_urns: [MISSING] } },
  // Input the tools refuse before anything is read or written, worded as DataHub's server words it.
  { tool: 'add_tags', args: { tag_urns: [], entity_urns: [D] } },
  { tool: 'add_tags', args: { tag_urns: [PII], entity_urns: [] } },
  { tool: 'add_tags', args: { tag_urns: [PII], entity_urns: [D], column_paths: [null, 'user_id'] } },
  { tool: 'add_terms', args: { term_urns: [], entity_urns: [D] } },
  { tool: 'add_owners', args: { owner_urns: [], entity_urns: [D], ownership_type: 'TECHNICAL_OWNER' } },
  { tool: 'add_owners', args: { owner_urns: [PII], entity_urns: [D], ownership_type: 'TECHNICAL_OWNER' } },
  { tool: 'set_domains', args: { domain_urn: '', entity_urns: [D] } },
  { tool: 'set_domains', args: { domain_urn: PII, entity_urns: [D] } },
  { tool: 'add_structured_properties', args: { property_values: {}, entity_urns: [D] } },
  { tool: 'add_structured_properties', args: { property_values: { [PII]: ['x'] }, entity_urns: [D] } },
  {
    tool: 'add_structured_properties',
    args: { property_values: { 'urn:li:structuredProperty:nope': ['1'] }, entity_urns: [D] },
  },
  { tool: 'remove_structured_properties', args: { property_urns: [], entity_urns: [D] } },
  { tool: 'update_description', args: { entity_urn: '', description: 'x' } },
  { tool: 'get_lineage', args: { urn: S.legacy, column: 'x', upstream: true } },
  { tool: 'get_lineage', args: { urn: D, upstream: false, max_hops: 0 } },
  { tool: 'search', args: { query: '*', filter: 'platform' } },
  { tool: 'search', args: { query: '*', filter: 'platform IS hive' } },
  { tool: 'search', args: { query: '*', filter: "platform = 'hive" } },
  { tool: 'search', args: { query: '*', filter: 'platform = hive )' } },
  { tool: 'search', args: { query: '*', filter: 'platform = hive # kafka' } },
  {
    tool: 'search',
    args: { query: '*', filter: 'NOT (platform = hive OR platform = kafka)' },
    differs:
      "DataHub's server raises this refusal inside its validation library (pydantic), whose text wraps the reason in its own lines and a link to its docs for the installed version; ours is the tool error with the same reason.",
    agree: (p, o) => {
      for (const a of [p, o]) {
        assert.equal(a.ok, false);
        assert.match(
          (a as { error: string }).error,
          /Cannot negate a filter with multiple OR clauses \[not yet supported\]/,
        );
      }
      assert.equal(
        (o as { error: string }).error,
        "Error calling tool 'search': Cannot negate a filter with multiple OR clauses [not yet supported]",
      );
    },
  },
  { tool: 'search', args: { query: '*', filter: 'status IN (active, removed)' } },
  { tool: 'search', args: { query: '*', filter: 'status IS NULL' } },
  // What an agent reads next sees every edit.
  { tool: 'get_entities', args: { urns: [D, D2, TERM] } },
  { tool: 'list_schema_fields', args: { urn: D, keywords: ['PII'] } },
  {
    tool: 'search',
    args: { query: '*', filter: 'domain = urn:li:domain:marketing AND glossary_term = urn:li:glossaryTerm:Revenue' },
  },
  { tool: 'search', args: { query: 'sign-up', filter: 'entity_type = dataset' } },
  {
    tool: 'get_aspect_history',
    args: { urns: [D], aspect_names: ['globalTags', 'editableSchemaMetadata', 'ownership'], limit: 1 },
  },
  // Undone.
  { tool: 'remove_tags', args: { tag_urns: [PII], entity_urns: [D, D], column_paths: [null, 'user_id'] } },
  { tool: 'remove_terms', args: { term_urns: [TERM], entity_urns: [D, D], column_paths: [null, 'user_name'] } },
  { tool: 'remove_owners', args: { owner_urns: [S.bfoo], entity_urns: [D], ownership_type: 'TECHNICAL_OWNER' } },
  { tool: 'remove_owners', args: { owner_urns: [S.datahub], entity_urns: [D] } },
  { tool: 'remove_domains', args: { entity_urns: [D, D2] } },
  { tool: 'update_description', args: { entity_urn: D, column_path: 'user_id', operation: 'remove' } },
  { tool: 'remove_structured_properties', args: { property_urns: [RETENTION], entity_urns: [D] } },
  {
    tool: 'remove_structured_properties',
    args: { property_urns: ['urn:li:structuredProperty:nope'], entity_urns: [D] },
  },
  { tool: 'get_entities', args: { urns: [D] } },
  // Documents.
  {
    tool: 'save_document',
    args: {
      document_type: 'Insight',
      title: 'Sign-up pattern',
      content: 'Sign-ups peak on Mondays.',
      related_assets: [D],
      topics: ['PII'],
    },
  },
  { tool: 'save_document', args: { document_type: 'Note', title: '  ', content: 'x' } },
  { tool: 'save_document', args: { document_type: 'Note', title: 'x', content: 'y', urn: FOLDER } },
  { tool: 'save_document', args: { document_type: 'Note', title: 'x', content: 'y', urn: 'urn:li:dataset:x' } },
  { tool: 'search_documents', args: { query: 'Mondays' } },
  { tool: 'search_documents', args: { query: '*', filter: 'entity_subtype = Folder' } },
  { tool: 'search_documents', args: { query: '*', semantic_query: 'when do people sign up', num_results: 5 } },
  { tool: 'grep_documents', args: { urns: [FOLDER], pattern: 'shared \\w+', context_chars: 8 } },
  { tool: 'grep_documents', args: { urns: [FOLDER], pattern: 'agents', start_offset: 20 } },
  {
    tool: 'grep_documents',
    args: { urns: [FOLDER], pattern: '(unclosed' },
    differs:
      "The regex engines word a bad pattern differently (Python's re2 vs JavaScript's RegExp); both answer an `error` and no results.",
    agree: (p, o) => {
      for (const a of [p, o]) {
        assert.ok(a.ok);
        assert.match(a.data.error, /^Invalid regex pattern: /);
        assert.deepEqual(
          { ...a.data, error: undefined },
          { error: undefined, results: [], total_matches: 0, documents_with_matches: 0 },
        );
      }
    },
  },
  { tool: 'get_entities', args: { urns: [D] } },
];

/** What differs by nature between two runs: clock readings and a saved document's random id. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        (k === 'time' || k === 'lastObserved' || k === 'lastUpdated') && typeof v === 'number'
          ? 'TIME'
          : k === 'runId' && typeof v === 'string'
            ? 'RUN'
            : normalize(v),
      ]),
    );
  }
  if (typeof value === 'string')
    return value.replace(/shared-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'shared-UUID');
  return value;
}

/** The sample plus what the tools assign and lineage D → D2 with a column edge, in a new data file. */
async function seededCatalog(): Promise<string> {
  const data = tempDataPath();
  const records = mcpSeedRecords();
  const file = join(tempDir(), 'seed.json');
  writeFileSync(file, JSON.stringify(records));
  for (const args of [
    ['ingest', '--sample', '--data', data],
    ['ingest', '-f', file, '--data', data],
  ]) {
    const r = await runCli(args);
    assert.equal(r.code, 0, r.stderr);
  }
  return data;
}

/** The calls made through `catalog mcp` over stdio, answered as mcp_tools.py reports DataHub's server's answers. */
async function throughCatalogMcp(data: string, rows: Row[]): Promise<{ tools: any[]; results: Answer[] }> {
  const [command, args] = catalogCommand(['mcp', '--data', data, '--actor', S.datahub]);
  const client = new Client({ name: 'equivalence', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command,
      args,
      env: { ...process.env, CATALOG_DATA: '' } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  try {
    const tools = (await client.listTools()).tools;
    const results: Answer[] = [];
    for (const row of rows) {
      const r = await client.callTool({ name: row.tool, arguments: row.args });
      const text = (r.content as { text?: string }[]).map((c) => c.text ?? '').join(' ');
      if (r.isError) results.push({ ok: false, error: text });
      else {
        const s = r.structuredContent as Record<string, unknown>;
        results.push({ ok: true, data: Object.keys(s).length === 1 && 'result' in s ? s['result'] : s });
      }
    }
    return { tools, results };
  } finally {
    await client.close();
  }
}

describe('catalog mcp answers as mcp-server-datahub 0.8.0 does against catalog serve', {
  skip: !hasPython && 'python3 missing',
}, () => {
  let t: Interop;
  let python: { tools: string[]; results: Answer[] };
  let ours: { tools: any[]; results: Answer[] };

  before(async () => {
    const [forPython, forUs] = await Promise.all([seededCatalog(), seededCatalog()]);
    t = await startInterop(forPython);
    python = await t.py('mcp_tools.py', [JSON.stringify(ROWS.map((r) => [r.tool, r.args]))]);
    if (process.env['MCP_EQUIVALENCE_DUMP']) writeFileSync(process.env['MCP_EQUIVALENCE_DUMP'], JSON.stringify(python));
    ours = await throughCatalogMcp(forUs, ROWS);
  });
  after(async () => {
    await t?.server.stop();
  });

  it('lists the same tools, with the same argument names, types, defaults and required ones, and the same answer schemas', async () => {
    assert.deepEqual(ours.tools.map((x) => x.name).sort(), python.tools);
    const theirs = await t.py('mcp_tool_schemas.py');
    const strip = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(strip)
        : typeof v === 'object' && v !== null
          ? Object.fromEntries(
              Object.entries(v)
                .filter(([k]) => k !== 'description')
                .map(([k, x]) => [k, strip(x)]),
            )
          : v;
    for (const tool of ours.tools) {
      const expected = theirs[tool.name];
      assert.deepEqual(strip(tool.inputSchema), expected.inputSchema, `${tool.name}: input schema`);
      // fastmcp marks a wrapped list answer for its own client; the schema is otherwise the same.
      const { ['x-fastmcp-wrap-result']: _wrap, ...output } = expected.outputSchema;
      assert.deepEqual(tool.outputSchema, output, `${tool.name}: output schema`);
      assert.deepEqual(tool.annotations ?? null, expected.annotations, `${tool.name}: annotations`);
    }
  });

  ROWS.forEach((row, i) => {
    it(`${i + 1}. ${row.tool} ${JSON.stringify(row.args).slice(0, 150)}${row.differs ? ` — differs: ${row.differs}` : ''}`, () => {
      const p = python.results[i]!;
      const o = ours.results[i]!;
      if (row.agree) row.agree(p, o);
      else assert.deepEqual(normalize(o), normalize(p));
    });
  });
});
