// Crash safety (issue 6 §5): SIGKILL a server in the middle of a large batch ingest; after a restart
// the file opens, every acknowledged batch is fully there, and no batch is half applied — and the
// search index agrees with the aspects: it finds exactly the entities that are there, and rebuilding
// it from the aspects changes no answer (issue 14).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serveCatalog, tempDataPath } from './helpers.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { searchEntities } from '../src/ops/search/search.ts';

const BATCHES = 400;
const PER_BATCH = 50;

function batch(i: number): unknown {
  return {
    proposals: Array.from({ length: PER_BATCH }, (_, j) => ({
      entityType: 'tag',
      entityUrn: `urn:li:tag:b${i}_${j}`,
      changeType: 'UPSERT',
      aspectName: 'tagProperties',
      aspect: {
        value: JSON.stringify({ name: `b${i}_${j}`, description: `batch ${i} ${'x'.repeat(200)}` }),
        contentType: 'application/json',
      },
    })),
  };
}

describe('crash safety', () => {
  it('after SIGKILL mid-ingest, acknowledged batches are complete and none is half applied', async () => {
    const data = tempDataPath();
    const serve = () => serveCatalog(['serve', '--port', '0', '--data', data]);
    const server = await serve();
    const acked = new Set<number>();
    let killed = false;
    const send = async (i: number) => {
      try {
        const res = await fetch(`${server.url}/aspects?action=ingestProposalBatch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(batch(i)),
        });
        if (res.status === 200) acked.add(i);
      } catch {
        // The connection dies with the server: not acknowledged.
      }
    };
    // Four clients in parallel; the server is killed once a good share of batches is acknowledged.
    const clients = Array.from({ length: 4 }, async (_, c) => {
      for (let i = c; i < BATCHES && !killed; i += 4) {
        await send(i);
        if (!killed && acked.size >= BATCHES / 4) {
          killed = true;
          await server.stop('SIGKILL');
        }
      }
    });
    await Promise.all(clients);
    assert.ok(killed, 'the server was killed mid-ingest');
    assert.ok(acked.size >= BATCHES / 4 && acked.size < BATCHES, `acknowledged ${acked.size} of ${BATCHES}`);

    // The file opens in a new process (the server again) and answers.
    const again = await serve();
    try {
      const res = await fetch(`${again.url}/entitiesV2/${encodeURIComponent('urn:li:tag:b0_0')}`);
      assert.equal(res.status, 200);
    } finally {
      await again.stop();
    }
    const store = openCatalog(data);
    try {
      let complete = 0;
      for (let i = 0; i < BATCHES; i++) {
        let present = 0;
        for (let j = 0; j < PER_BATCH; j++) if (store.getAspect(`urn:li:tag:b${i}_${j}`, 'tagProperties')) present++;
        assert.ok(present === 0 || present === PER_BATCH, `batch ${i} is half applied: ${present} of ${PER_BATCH}`);
        if (acked.has(i)) assert.equal(present, PER_BATCH, `acknowledged batch ${i} is missing`);
        if (present === PER_BATCH) complete++;
      }
      assert.ok(complete >= acked.size);
      // The index holds exactly the entities whose aspects are there, in the same transaction's state.
      const indexed = searchEntities(store, { query: '*', types: ['tag'], count: 10_000, skipAggregates: true });
      assert.equal(indexed.total, complete * PER_BATCH);
      const batchWord = searchEntities(store, { query: 'batch', types: ['tag'], count: 0, skipAggregates: true });
      assert.equal(batchWord.total, complete * PER_BATCH, 'every tag written is found by a word of its description');
      const answer = () =>
        ['batch', 'b1_*', '*', 'x'].map((q) => searchEntities(store, { query: q, types: ['tag'], count: 50 }));
      const before = answer();
      store.reindexSearch();
      assert.deepEqual(answer(), before, 'rebuilding the index from the aspects changes no answer');
    } finally {
      await store.close();
    }
  });
});
