// `catalog backup` (issue 16): a consistent snapshot of the data file, taken by the command (the
// single executable in CI) while this process keeps writing batches to the same file. The copy
// opens as a normal data file, holds every batch acknowledged before the backup started, each whole,
// none half, and exports exactly as the source did at the moment after one batch.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { exportEntities, exportTypes } from '../src/ops/ingest/exportCatalog.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { searchEntities } from '../src/ops/search/search.ts';
import type { Store } from '../src/store/store.ts';
import { mcp, runCli, tempDataPath, tempDir } from './helpers.ts';

const PER_BATCH = 25;
const urnOf = (batch: number, i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,b${batch}.t${i},PROD)`;

function batchMcps(batch: number): Array<Record<string, unknown>> {
  return Array.from({ length: PER_BATCH }, (_, i) => [
    mcp(urnOf(batch, i), 'datasetProperties', {
      name: `t${i}`,
      description: `batch ${batch}`,
      customProperties: { batch: String(batch) },
    }),
    mcp(urnOf(batch, i), 'globalTags', { tags: [{ tag: `urn:li:tag:batch_${batch}` }] }),
  ]).flat();
}

const exported = (store: Store) => JSON.stringify(Array.from(exportEntities(store, exportTypes(store))));

describe('catalog backup', () => {
  for (const compact of [false, true])
    it(`taken while batches are being written${compact ? ', --compact' : ''}: opens, every batch acknowledged before it is there whole, none half, and it exports as the source did after one batch`, async () => {
      const path = tempDataPath();
      const store = openCatalog(path);
      const after: string[] = [];
      let acknowledged = 0;
      let stop = false;
      const writer = (async () => {
        for (let b = 0; !stop && b < 400; b++) {
          await ingestProposals(
            { store, actor: 'urn:li:corpuser:datahub' },
            batchMcps(b).map((m) => proposalFromMcp(m)),
          );
          after[b] = exported(store);
          acknowledged = b + 1;
        }
      })();
      while (acknowledged < 5) await new Promise((r) => setTimeout(r, 5));
      const before = acknowledged;
      const copy = join(tempDir(), 'copy.lmdb');
      const result = await runCli(['backup', '-f', copy, '--data', path, ...(compact ? ['--compact'] : [])]);
      const during = acknowledged;
      stop = true;
      await writer;
      await store.close();
      assert.equal(result.code, 0, result.stderr);
      assert.match(
        result.stdout,
        compact
          ? /^Backed up .* to .*copy\.lmdb \([\d.]+ MB, compacted\) in [\d.]+s\n$/
          : /^Backed up .* to .*copy\.lmdb \([\d.]+ MB\) in [\d.]+s\n$/,
      );
      assert.ok(during > before, `the writer went on during the backup (${before} → ${during} batches)`);

      const backup = openCatalog(copy);
      try {
        const batches = new Set<number>();
        for (let b = 0; b < during + 2; b++) {
          const present = Array.from({ length: PER_BATCH }, (_, i) => backup.entityExists(urnOf(b, i)));
          const n = present.filter(Boolean).length;
          assert.ok(n === 0 || n === PER_BATCH, `batch ${b} is whole or absent, not ${n} of ${PER_BATCH}`);
          if (n === PER_BATCH) batches.add(b);
        }
        const last = Math.max(...batches);
        assert.deepEqual(
          [...batches],
          Array.from({ length: last + 1 }, (_, b) => b),
          'the batches in it are the first ones, without a gap',
        );
        assert.ok(
          last + 1 >= before,
          `every batch acknowledged before the backup started is in it (${before}, found ${last + 1})`,
        );
        assert.equal(exported(backup), after[last], 'the copy exports as the source did after its last batch');
        // A normal data file: its search index is the source's, and it takes writes.
        assert.equal(
          searchEntities(backup, {
            query: `batch ${last}`,
            count: 0,
            filters: [[{ field: 'tags', values: [`urn:li:tag:batch_${last}`], condition: 'EQUAL', negated: false }]],
          }).total,
          PER_BATCH,
        );
        await ingestProposals(
          { store: backup, actor: 'urn:li:corpuser:datahub' },
          batchMcps(9999).map((m) => proposalFromMcp(m)),
        );
        assert.ok(backup.entityExists(urnOf(9999, 0)));
      } finally {
        await backup.close();
      }
      assert.deepEqual(
        readdirSync(dirname(copy)).filter((f) => f.includes('partial')),
        [],
        'no partial file is left behind',
      );
    });

  it('--compact writes a smaller file after deletions; the copy holds the same catalog', async () => {
    const path = tempDataPath();
    const store = openCatalog(path);
    for (let b = 0; b < 8; b++)
      await ingestProposals(
        { store, actor: 'urn:li:corpuser:datahub' },
        batchMcps(b).map((m) => proposalFromMcp(m)),
      );
    await store.write((txn) => {
      for (let b = 0; b < 6; b++) for (let i = 0; i < PER_BATCH; i++) txn.deleteEntity(urnOf(b, i));
    });
    const source = exported(store);
    await store.close();
    const dir = tempDir();
    const plain = await runCli(['backup', '-f', join(dir, 'plain.lmdb'), '--data', path]);
    const compact = await runCli(['backup', '-f', join(dir, 'compact.lmdb'), '--compact', '--data', path]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(compact.code, 0, compact.stderr);
    assert.match(compact.stdout, /compacted/);
    assert.ok(
      statSync(join(dir, 'compact.lmdb')).size < statSync(join(dir, 'plain.lmdb')).size,
      'compaction leaves the free pages out',
    );
    for (const f of ['plain.lmdb', 'compact.lmdb']) {
      const copy = openCatalog(join(dir, f));
      try {
        assert.equal(exported(copy), source, f);
      } finally {
        await copy.close();
      }
    }
  });

  it('never overwrites: an existing file, the data file itself included, is refused and left as it was', async () => {
    const path = tempDataPath();
    const store = openCatalog(path);
    await ingestProposals(
      { store, actor: 'urn:li:corpuser:datahub' },
      batchMcps(0).map((m) => proposalFromMcp(m)),
    );
    await store.close();
    const size = statSync(path).size;
    const self = await runCli(['backup', '-f', path, '--data', path]);
    assert.equal(self.code, 1);
    assert.match(
      self.stderr,
      /^error: .*catalog\.lmdb already exists: a backup never overwrites a file; name a new one\n$/,
    );
    assert.equal(statSync(path).size, size);
    const missing = await runCli(['backup', '--data', path]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /Missing required argument: file/);
    assert.ok(!existsSync(join(dirname(path), 'undefined')));
  });
});
