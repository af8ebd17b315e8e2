// The shared documents folder (issue 33): the rules of saving an agent's document, as the operation
// `saveSharedDocument` (src/ops/knowledge/sharedDocuments.ts) holds them — the folder made on first
// use and brought back when soft-deleted, the aspects and defaults written, which documents may be
// updated (inside the folder at any depth; the folder itself, a document without info, one outside
// the folder or in a parent cycle refused), the types and the blank-input refusals in DataHub's words.
// The real store on a temp file; each refusal leaves the catalog as it was.
import assert from 'node:assert/strict';
import { after, beforeEach, describe, it } from 'node:test';
import type { Proposal } from '../src/model/mcp.ts';
import type { OpContext } from '../src/ops/core/context.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import {
  saveSharedDocument,
  SHARED_FOLDER_URN,
  type SharedDocumentInput,
} from '../src/ops/knowledge/sharedDocuments.ts';
import type { Store } from '../src/store/store.ts';
import { tempDataPath } from './helpers.ts';

const ALICE = 'urn:li:corpuser:alice';
const NOW = 1_700_000_000_000;
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,users,PROD)';
const TYPES = 'Insight, Decision, FAQ, Analysis, Summary, Recommendation, Note, Context';

const input = (over: Partial<SharedDocumentInput> = {}): SharedDocumentInput => ({
  documentType: 'Insight',
  title: 'Sign-ups',
  content: 'Sign-ups peak on Mondays.',
  urn: null,
  topics: null,
  relatedDocuments: null,
  relatedAssets: null,
  author: ALICE,
  ...over,
});

const upsert = (urn: string, aspectName: string, value: Record<string, unknown>): Proposal => ({
  entityType: 'document',
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  value,
});
const info = (title: string, parent?: string) => ({
  title,
  source: { sourceType: 'NATIVE' },
  status: { state: 'PUBLISHED' },
  contents: { text: `${title} text` },
  created: { time: 1, actor: ALICE },
  lastModified: { time: 1, actor: ALICE },
  ...(parent ? { parentDocument: { document: parent } } : {}),
});

describe('saveSharedDocument', () => {
  const stores: Store[] = [];
  let store: Store;
  let ctx: OpContext;
  beforeEach(() => {
    store = openCatalog(tempDataPath());
    stores.push(store);
    ctx = { store, actor: ALICE, now: () => NOW };
  });
  after(async () => {
    for (const s of stores) await s.close();
  });

  const value = (urn: string, aspect: string) => store.getAspect(urn, aspect)?.value as any;
  const seed = (...proposals: Proposal[]) => ingestProposals({ store, actor: ALICE, now: () => 1 }, proposals);
  /** Every aspect of the given entities, to show a refusal wrote nothing. */
  const snapshot = (...urns: string[]) =>
    urns.map((urn) => (store.getEntity(urn)?.aspects ?? []).map((a) => [a, store.getAspect(urn, a)?.value]));

  it('makes the shared folder on first use, files the new document in it and writes the aspects with their defaults', async () => {
    assert.equal(store.entityExists(SHARED_FOLDER_URN), false);
    const saved = await saveSharedDocument(
      ctx,
      input({ topics: ['PII'], relatedAssets: [DATASET], relatedDocuments: ['urn:li:document:faq'] }),
    );
    assert.ok(saved.saved);
    assert.equal(saved.created, true);
    assert.match(saved.urn, /^urn:li:document:shared-[0-9a-f-]{36}$/);

    const sdk = { time: NOW, actor: 'urn:li:corpuser:__ingestion' };
    assert.deepEqual(value(SHARED_FOLDER_URN, 'documentInfo'), {
      title: 'Shared',
      source: { sourceType: 'NATIVE' },
      status: { state: 'PUBLISHED' },
      contents: { text: 'Contains shared documents authored through AI agents like Ask DataHub.' },
      customProperties: {},
      created: sdk,
      lastModified: sdk,
    });
    assert.deepEqual(value(SHARED_FOLDER_URN, 'subTypes'), { typeNames: ['Folder'] });
    assert.deepEqual(value(SHARED_FOLDER_URN, 'status'), { removed: false });

    assert.deepEqual(value(saved.urn, 'documentInfo'), {
      title: 'Sign-ups',
      source: { sourceType: 'NATIVE' },
      status: { state: 'PUBLISHED' },
      contents: { text: 'Sign-ups peak on Mondays.' },
      customProperties: {},
      created: sdk,
      lastModified: sdk,
      parentDocument: { document: SHARED_FOLDER_URN },
      relatedAssets: [{ asset: DATASET }],
      relatedDocuments: [{ document: 'urn:li:document:faq' }],
    });
    assert.deepEqual(value(saved.urn, 'documentSettings'), {
      showInGlobalContext: true,
      lastModified: { time: NOW, actor: ALICE },
    });
    assert.deepEqual(value(saved.urn, 'subTypes'), { typeNames: ['Insight'] });
    assert.deepEqual(value(saved.urn, 'ownership').owners, [{ owner: ALICE, type: 'TECHNICAL_OWNER' }]);
    assert.deepEqual(value(saved.urn, 'globalTags'), { tags: [{ tag: 'urn:li:tag:PII' }] });
    assert.equal(
      store.getAspect(saved.urn, 'documentInfo')?.created.actor,
      ALICE,
      'the write is attributed to the acting user',
    );
  });

  it('without a known author: no owner, and the settings name datahub as their modifier', async () => {
    const saved = await saveSharedDocument(ctx, input({ author: null }));
    assert.ok(saved.saved);
    assert.equal(store.getAspect(saved.urn, 'ownership'), undefined);
    assert.deepEqual(value(saved.urn, 'documentSettings').lastModified, {
      time: NOW,
      actor: 'urn:li:corpuser:datahub',
    });
  });

  it('brings a soft-deleted folder back, and leaves a live folder as its users edited it', async () => {
    await seed(
      upsert(SHARED_FOLDER_URN, 'documentInfo', info('Team notes')),
      upsert(SHARED_FOLDER_URN, 'status', { removed: true }),
    );
    const first = await saveSharedDocument(ctx, input());
    assert.ok(first.saved);
    assert.deepEqual(value(SHARED_FOLDER_URN, 'status'), { removed: false }, 'the soft-deleted folder is brought back');
    assert.equal(value(SHARED_FOLDER_URN, 'documentInfo').title, 'Team notes', 'an existing folder is not made again');
    assert.equal(store.getAspect(SHARED_FOLDER_URN, 'subTypes'), undefined);
  });

  it('a folder without status gets one; a folder whose status is stored without `removed` is live and left alone', async () => {
    await seed(upsert(SHARED_FOLDER_URN, 'documentInfo', info('Shared')));
    assert.ok((await saveSharedDocument(ctx, input())).saved);
    assert.deepEqual(value(SHARED_FOLDER_URN, 'status'), { removed: false });

    await seed(upsert(SHARED_FOLDER_URN, 'status', {}));
    assert.ok((await saveSharedDocument(ctx, input())).saved);
    assert.deepEqual(value(SHARED_FOLDER_URN, 'status'), {}, 'removed defaults to false: not soft-deleted');
  });

  it('updates a document inside the folder, at any depth, without a new owner', async () => {
    const section = 'urn:li:document:section';
    const nested = 'urn:li:document:nested';
    await seed(
      upsert(SHARED_FOLDER_URN, 'documentInfo', info('Shared')),
      upsert(section, 'documentInfo', info('Section', SHARED_FOLDER_URN)),
      upsert(nested, 'documentInfo', info('Nested', section)),
    );
    const saved = await saveSharedDocument(ctx, input({ urn: nested, documentType: 'FAQ', title: 'Nested, revised' }));
    assert.deepEqual(saved, { saved: true, urn: nested, created: false });
    assert.equal(value(nested, 'documentInfo').title, 'Nested, revised');
    assert.equal(
      value(nested, 'documentInfo').parentDocument.document,
      SHARED_FOLDER_URN,
      'an updated document is filed directly under the folder',
    );
    assert.deepEqual(value(nested, 'subTypes'), { typeNames: ['FAQ'] });
    assert.equal(store.getAspect(nested, 'ownership'), undefined, 'an update adds no owner');
  });

  it('an update naming a document that does not exist yet saves it under that urn', async () => {
    const urn = 'urn:li:document:agent-notes';
    assert.deepEqual(await saveSharedDocument(ctx, input({ urn })), { saved: true, urn, created: false });
    assert.equal(value(urn, 'documentInfo').parentDocument.document, SHARED_FOLDER_URN);
  });

  it('refuses to update a document outside the folder, the folder itself, or a document without info; nothing is written', async () => {
    const handbook = 'urn:li:document:handbook';
    const faq = 'urn:li:document:faq';
    const bare = 'urn:li:document:bare';
    await seed(
      upsert(SHARED_FOLDER_URN, 'documentInfo', info('Shared')),
      upsert(handbook, 'documentInfo', info('Handbook')),
      upsert(faq, 'documentInfo', info('FAQ', handbook)),
      upsert(bare, 'subTypes', { typeNames: ['Note'] }),
    );
    const before = snapshot(SHARED_FOLDER_URN, handbook, faq, bare);
    assert.deepEqual(await saveSharedDocument(ctx, input({ urn: faq })), {
      saved: false,
      refusal: `Document '${faq}' is not in the shared documents folder. Only documents in this folder can be updated.`,
    });
    assert.deepEqual(await saveSharedDocument(ctx, input({ urn: handbook })), {
      saved: false,
      refusal: `Document '${handbook}' is not in the shared documents folder. Only documents in this folder can be updated.`,
    });
    assert.deepEqual(await saveSharedDocument(ctx, input({ urn: SHARED_FOLDER_URN })), {
      saved: false,
      refusal: 'Cannot update the root shared documents folder. Only documents within this folder can be updated.',
    });
    assert.deepEqual(await saveSharedDocument(ctx, input({ urn: bare })), {
      saved: false,
      refusal: `Document '${bare}' has no document info. Cannot verify it's in the shared folder.`,
    });
    assert.deepEqual(snapshot(SHARED_FOLDER_URN, handbook, faq, bare), before);
  });

  it('a parent cycle that does not reach the folder is outside it: refused, and the walk ends', async () => {
    const a = 'urn:li:document:a';
    const b = 'urn:li:document:b';
    const self = 'urn:li:document:self';
    await seed(
      upsert(a, 'documentInfo', info('A', b)),
      upsert(b, 'documentInfo', info('B', a)),
      upsert(self, 'documentInfo', info('Self', self)),
    );
    const before = snapshot(a, b, self);
    for (const urn of [a, self]) {
      assert.deepEqual(await saveSharedDocument(ctx, input({ urn })), {
        saved: false,
        refusal: `Document '${urn}' is not in the shared documents folder. Only documents in this folder can be updated.`,
      });
    }
    assert.deepEqual(snapshot(a, b, self), before);
    assert.equal(store.entityExists(SHARED_FOLDER_URN), false);
  });

  it('refuses a type not in the list, a blank title or content, a urn that is not a document; the folder is not made', async () => {
    const cases: Array<[Partial<SharedDocumentInput>, string]> = [
      [{ documentType: 'Essay' }, `Invalid document_type 'Essay'. Must be one of: ${TYPES}`],
      [{ documentType: 'note' }, `Invalid document_type 'note'. Must be one of: ${TYPES}`],
      [{ title: ' \n' }, 'title cannot be empty'],
      [{ title: '', documentType: 'Essay' }, 'title cannot be empty'],
      [{ content: '  ' }, 'content cannot be empty'],
      [
        { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,users,PROD)' },
        "Invalid urn format 'urn:li:dataset:(urn:li:dataPlatform:hive,users,PROD)'. Must start with 'urn:li:document:'",
      ],
    ];
    for (const [over, refusal] of cases)
      assert.deepEqual(await saveSharedDocument(ctx, input(over)), { saved: false, refusal }, JSON.stringify(over));
    assert.equal(store.entityExists(SHARED_FOLDER_URN), false);
  });
});
