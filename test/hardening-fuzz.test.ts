// Generated garbage (fast-check) at every input path (issue 6 §4): the MCP validator, the YAML
// loaders, the GraphQL and REST endpoints. Nothing but typed client errors, never a 5xx, never a
// partial write, and the data file reopens and reads identically afterwards.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { readGroups, readUsers } from '../src/cli/identitySpecs.ts';
import { parseStructured } from '../src/cli/structuredInput.ts';
import { CatalogError } from '../src/errors.ts';
import { proposalFromMcp, proposalsFromRecord } from '../src/model/mcp.ts';
import { exportEntities, exportTypes } from '../src/ops/ingest/exportCatalog.ts';
import { startServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { tempDataPath } from './helpers.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 150);

function snapshot(store: Store): string {
  store.refresh();
  return JSON.stringify([...exportEntities(store, exportTypes(store))]);
}

const urnish = fc.oneof(
  fc.constantFrom(
    ...Object.values(S),
    'urn:li:tag:nope',
    'urn:li:dataset:(',
    'urn:li:corpuser:',
    '',
    'urn:li:dataset:(urn:li:dataPlatform:x,y,NOPE)',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 12 }).map((s) => `urn:li:${s}`),
);
const aspectNames = fc.constantFrom(
  'datasetProperties',
  'schemaMetadata',
  'globalTags',
  'ownership',
  'tagProperties',
  'deprecation',
  'status',
  'corpUserInfo',
  'editableSchemaMetadata',
  'x',
  '',
  '1bad',
);

describe('fuzz: the MCP validator', () => {
  it('accepts or rejects with a typed client error, whatever it is given', () => {
    const mcpish = fc.record(
      {
        entityType: fc.oneof(fc.constantFrom('dataset', 'tag', 'corpuser'), fc.anything()),
        entityUrn: fc.oneof(urnish, fc.anything()),
        changeType: fc.oneof(fc.constantFrom('UPSERT', 'DELETE', 'PATCH', 'CREATE'), fc.anything()),
        aspectName: fc.oneof(aspectNames, fc.anything()),
        aspect: fc.oneof(
          fc.record({ json: fc.anything() }),
          fc.record({
            value: fc.oneof(fc.json(), fc.string()),
            contentType: fc.constantFrom('application/json', 'text/plain'),
          }),
          fc.anything(),
        ),
        systemMetadata: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(mcpish, fc.anything(), fc.record({ proposedSnapshot: fc.anything() })), (raw) => {
        try {
          proposalsFromRecord(raw);
          proposalFromMcp(raw);
        } catch (e) {
          assert.ok(e instanceof CatalogError, `not a typed error: ${String(e)}`);
          assert.ok(e.code >= 400 && e.code < 500);
        }
      }),
      { numRuns: RUNS * 4 },
    );
  });
});

describe('fuzz: the YAML loaders of user and group upsert', () => {
  it('every input gives specs or errors that name a position, never a crash', () => {
    const fragments = fc.constantFrom(
      'id: a\n',
      '- id: b\n',
      '  groups:\n',
      '    - g\n',
      'owners: [x, {id: y}]\n',
      'members:\n  - 5\n',
      ': :\n',
      '[',
      '{',
      '"',
      "'",
      '\t',
      'department_id: x\n',
      '- [1, 2]\n',
      '&a *a\n',
      '!!binary x\n',
      '---\n',
    );
    const text = fc.oneof(
      fc.string(),
      fc.array(fragments, { maxLength: 12 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(text, (t) => {
        try {
          const doc = parseStructured(t, 'in.yaml');
          for (const e of [...readUsers(doc), ...readGroups(doc)]) {
            if (e.error) {
              assert.ok(e.error instanceof CatalogError, String(e.error));
              assert.match(e.error.message, /^in\.yaml(:\d+:\d+)?: /);
            } else {
              assert.equal(typeof e.spec, 'object');
            }
          }
        } catch (e) {
          assert.ok(e instanceof CatalogError, `not a typed error: ${String(e)}`);
          assert.match((e as Error).message, /^in\.yaml/);
        }
      }),
      { numRuns: RUNS * 4 },
    );
  });
});

describe('fuzz: the GraphQL and REST endpoints', () => {
  it('no 5xx, no partial write; the data file reopens and reads identically', async () => {
    const path = tempDataPath();
    let store = openCatalog(path);
    await ingestFile(store, undefined);
    const server = await startServer({ store, port: 0 });
    const templates = [
      (u: string, v: string) => `mutation { addTags(input: { tagUrns: ["${v}"], resourceUrn: "${u}" }) }`,
      (u: string, v: string) =>
        `mutation { batchAddTags(input: { tagUrns: ["urn:li:tag:Legacy"], resources: [{ resourceUrn: "${S.hdfsSample}" }, { resourceUrn: "${u}", subResourceType: DATASET_FIELD, subResource: "${v}" }] }) }`,
      (u: string, v: string) =>
        `mutation { batchUpdateDeprecation(input: { deprecated: true, note: "${v}", resources: [{ resourceUrn: "${S.kafkaSample}" }, { resourceUrn: "${u}" }] }) }`,
      (u: string, v: string) =>
        `mutation { addOwners(input: { owners: [{ ownerUrn: "${v}", ownerEntityType: CORP_USER, type: NONE }], resourceUrn: "${u}" }) }`,
      (u: string, v: string) =>
        `mutation { updateDescription(input: { description: "${v}", resourceUrn: "${u}", subResourceType: DATASET_FIELD, subResource: "${v}" }) }`,
      (u: string, _v: string) =>
        `mutation { batchUpdateSoftDeleted(input: { urns: ["${S.hiveSample}", "${u}"], deleted: true }) }`,
      (u: string, v: string) =>
        `mutation { updateDataset(urn: "${u}", input: { ownership: { owners: [{ owner: "${v}" }] } }) { urn } }`,
      (u: string, v: string) =>
        `{ dataset(urn: "${u}") { urn properties { description } tags { tags { tag { name } } } } tag(urn: "${v}") { name } }`,
      (u: string, v: string) => `${u}{${v}`,
    ];
    const gqlCase = fc
      .tuple(fc.integer({ min: 0, max: templates.length - 1 }), urnish, fc.oneof(urnish, fc.string({ maxLength: 20 })))
      .map(([i, u, v]) => templates[i]!(JSON.stringify(u).slice(1, -1), JSON.stringify(v).slice(1, -1)));
    const restCase = fc.array(
      fc.oneof(
        fc.constant({ entityUrn: S.hdfsSample, aspectName: 'status', aspect: { json: { removed: false } } }),
        fc.record({
          entityUrn: urnish,
          aspectName: aspectNames,
          aspect: fc.oneof(fc.record({ json: fc.anything() }), fc.anything()),
        }),
        fc.anything(),
      ),
      { minLength: 1, maxLength: 4 },
    );
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            gqlCase.map((q) => ({ kind: 'gql' as const, body: JSON.stringify({ query: q }) })),
            restCase.map((p) => ({ kind: 'rest' as const, body: JSON.stringify({ proposals: p }) })),
            fc.string().map((b) => ({ kind: 'raw' as const, body: b })),
          ),
          async (c) => {
            const before = snapshot(store);
            const path =
              c.kind === 'rest'
                ? '/aspects?action=ingestProposalBatch'
                : c.kind === 'gql'
                  ? '/api/graphql'
                  : '/aspects?action=ingestProposal';
            const res = await fetch(`${server.url}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: c.body,
            });
            assert.ok(res.status < 500, `${res.status} for ${c.body}`);
            const body = (await res.json()) as { errors?: unknown[] };
            const failed = res.status >= 400 || (body.errors?.length ?? 0) > 0;
            if (failed) assert.equal(snapshot(store), before, `a failed request changed the catalog: ${c.body}`);
          },
        ),
        { numRuns: RUNS },
      );
    } finally {
      await server.close();
    }
    const final = snapshot(store);
    await store.close();
    store = openCatalog(path);
    try {
      assert.equal(snapshot(store), final);
    } finally {
      await store.close();
    }
  });
});
