// A pull's full garbage collection on demand (src/ops/sync/heap.ts): without `--expose-gc`, the
// collector it makes at run time frees what nothing holds any more.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectGarbage } from '../src/ops/sync/heap.ts';

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
