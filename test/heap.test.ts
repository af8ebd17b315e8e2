// A pull's full garbage collection on demand (src/ops/sync/heap.ts): without `--expose-gc`, the
// collector it makes at run time frees what nothing holds any more.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectGarbage, HeapGuard } from '../src/ops/sync/heap.ts';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

test('collectGarbage frees an object nothing holds, and can run again', async () => {
  const make = () => new WeakRef({ payload: new Array(1000).fill('x') });
  const ref = make();
  // A WeakRef's target lives to the end of the job that made or read it.
  await tick();
  collectGarbage();
  assert.equal(ref.deref(), undefined);
  const again = make();
  await tick();
  collectGarbage();
  assert.equal(again.deref(), undefined);
});

test('a HeapGuard collects only once the memory grew past its margin, measured from its first check', async () => {
  const ref = new WeakRef({ payload: new Array(1000).fill('x') });
  await tick();
  // A margin far above what this process can grow by: nothing runs.
  const loose = new HeapGuard(2 ** 40);
  assert.equal(loose.check(), false);
  assert.equal(loose.check(), false);
  // The first check only marks where the memory stands; with a margin below any change, the next one collects.
  const tight = new HeapGuard(-(2 ** 40));
  assert.equal(tight.check(), false);
  assert.equal(tight.check(), true);
  assert.equal(ref.deref(), undefined);
});
