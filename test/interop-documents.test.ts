// DataHub's SDK writes knowledge-base documents as mcp-server-datahub's save_document does
// (datahub.sdk.Document + DataHubClient.entities.upsert) against a real `catalog serve`, and reads
// them back through entities.get and GraphQL; the MCP server's own document and query tools run in
// process against it (issue 13). Without the interop virtualenv the suite fails, saying to run
// scripts/setup.sh.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';

requirePython('DOCUMENTS INTEROP SUITE');

describe('DataHub SDK documents against catalog serve', { skip: !hasPython && 'python3 missing' }, () => {
  let t: Interop;
  before(async () => {
    t = await startInterop();
  });
  after(async () => {
    await t?.server.stop();
  });

  it('Document.create_document + entities.upsert / update / create store documents that entities.get and GraphQL read back', async () => {
    const r = await t.py('documents_sdk.py', [S.usersCreated, S.usersDeleted]);
    assert.deepEqual(
      { ...r, graphql: undefined },
      {
        urn: 'urn:li:document:insight-1',
        title: 'Users table insight',
        text: '# Insight\n\nSign-ups peak on Mondays.',
        parent: 'urn:li:document:shared-walk',
        related_assets: [S.usersCreated, S.usersDeleted],
        status: 'PUBLISHED',
        custom_properties: { author: 'agent' },
        graphql: undefined,
      },
    );
    assert.deepEqual(r.graphql, {
      document: {
        subType: 'Insight',
        info: {
          title: 'Users table insight',
          contents: { text: '# Insight\n\nSign-ups peak on Mondays.' },
          parentDocument: { document: { urn: 'urn:li:document:shared-walk' } },
          status: { state: 'PUBLISHED' },
        },
      },
      dataset: {
        relatedDocuments: {
          total: 1,
          documents: [{ urn: 'urn:li:document:insight-1', info: { title: 'Users table insight' } }],
        },
      },
      second: { info: { title: 'Second', contents: { text: 'Created, not upserted' } } },
    });
  });

  it("mcp-server-datahub's save_document, grep_documents and get_dataset_queries tools work against it", async () => {
    const q = 'urn:li:query:signups';
    const column = `urn:li:schemaField:(${S.usersCreated},user_id)`;
    const stamp = { time: 1700000000000, actor: S.jdoe };
    const res = await fetch(`${t.server.url}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        proposals: [
          [
            'queryProperties',
            {
              statement: { value: 'SELECT user_id FROM fct_users_created', language: 'SQL' },
              source: 'MANUAL',
              created: stamp,
              lastModified: stamp,
            },
          ],
          ['querySubjects', { subjects: [{ entity: S.usersCreated }, { entity: column }] }],
        ].map(([aspectName, value]) => ({
          entityType: 'query',
          entityUrn: q,
          changeType: 'UPSERT',
          aspectName,
          aspect: { value: JSON.stringify(value), contentType: 'application/json' },
        })),
      }),
    });
    assert.equal(res.status, 200);
    const r = await t.py('mcp_documents_queries.py', [S.usersCreated, 'user_id']);
    assert.equal(r.saved.success, true, JSON.stringify(r.saved));
    assert.match(r.saved.urn, /^urn:li:document:shared-/);
    assert.equal(r.grep.documents_with_matches, 1);
    assert.equal(r.grep.results[0].title, 'Sign-up pattern');
    const expected = {
      start: 0,
      count: 1,
      total: 1,
      queries: [
        {
          urn: q,
          properties: {
            source: 'MANUAL',
            statement: { value: 'SELECT user_id FROM fct_users_created', language: 'SQL' },
            lastModified: { actor: S.jdoe },
          },
          subjects: [S.usersCreated],
        },
      ],
    };
    assert.deepEqual(r.by_dataset, expected);
    assert.deepEqual(r.by_column, expected);
    // The saved document hangs under the agents' shared folder and shows on the asset it is about.
    const doc = await fetch(`${t.server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ document(urn: "${r.saved.urn}") { subType info { title parentDocument { document { urn } } } } }`,
      }),
    }).then((x) => x.json() as Promise<any>);
    assert.equal(doc.data.document.subType, 'Insight');
    assert.ok(doc.data.document.info.parentDocument.document.urn.startsWith('urn:li:document:'));
  });
});
