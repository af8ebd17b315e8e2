// Every GraphQL document DataHub's own clients ship — acryl-datahub 1.7.0.17 and mcp-server-datahub
// 0.8.0, pinned in scripts/interop-venv.sh: their .gql files and the GraphQL strings in their Python
// code — validated against our schema (issue 13). Documents that do not validate yet are listed in
// test/fixtures/client-documents-pending.json with the reason; the test fails when any other document
// stops validating (a regression), and when a listed one starts to (the list must shrink with it).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { NoUnusedFragmentsRule, parse, specifiedRules, validate, type DocumentNode } from 'graphql';
import { getSchema } from '../src/server/graphql/schema.ts';
import { ROOT, runProcess } from './helpers.ts';
import { datahubExecutable, hasPython, requirePython } from './interop/setup.ts';

requirePython('CLIENT DOCUMENTS SUITE');

const PENDING_FILE = join(ROOT, 'test', 'fixtures', 'client-documents-pending.json');
// A document's fragments may live in another document of the same package (DataHub's CLI appends
// its fragments.gql); they are checked where they are defined.
const RULES = specifiedRules.filter((r) => r !== NoUnusedFragmentsRule);

describe("GraphQL documents of DataHub's clients against our schema", { skip: !hasPython && 'python3 missing' }, () => {
  let documents: Array<{ source: string; text: string }>;
  before(async () => {
    const python = join(datahubExecutable(), '..', 'python');
    const r = await runProcess(python, [join(ROOT, 'test', 'interop', 'py', 'graphql_documents.py')]);
    assert.equal(r.code, 0, r.stderr);
    documents = JSON.parse(r.stdout) as Array<{ source: string; text: string }>;
  });

  it('collects the documents of both packages', () => {
    assert.ok(
      documents.some((d) => d.source.startsWith('mcp_server_datahub/gql/entity_details.gql')),
      'mcp-server-datahub .gql files',
    );
    assert.ok(
      documents.some((d) => d.source.startsWith('datahub/ingestion/graph/client.py:')),
      'inline documents of DataHubGraph',
    );
    assert.ok(documents.length > 50, `${documents.length} documents`);
  });

  it('every document validates, except the pending ones — and every pending one still fails', () => {
    const pending = JSON.parse(readFileSync(PENDING_FILE, 'utf8')) as Record<string, string>;
    const failing = new Map<string, string>();
    let parsed = 0;
    for (const d of documents) {
      let doc: DocumentNode;
      try {
        doc = parse(d.text);
      } catch {
        continue; // a string that only looks like GraphQL (e.g. a piece of a formatted query)
      }
      parsed++;
      const errors = validate(getSchema(), doc, RULES);
      if (errors.length > 0) failing.set(d.source, errors[0]!.message);
    }
    assert.ok(parsed > 50, `${parsed} documents parsed`);
    const regressions = [...failing]
      .filter(([source]) => !(source in pending))
      .map(([source, message]) => `${source}: ${message}`);
    assert.deepEqual(regressions, [], 'documents that do not validate and are not pending');
    const nowValid = Object.keys(pending).filter((source) => !failing.has(source));
    assert.deepEqual(
      nowValid,
      [],
      'pending documents that validate now: remove them from test/fixtures/client-documents-pending.json',
    );
  });
});
