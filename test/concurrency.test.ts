import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Store } from '../src/store/store.ts';
import { ROOT, runProcess, tempDataPath } from './helpers.ts';

describe('two processes on one data file', () => {
  it('2 × 1000 read-modify-write increments end at 2000 (no lost update)', async () => {
    const path = tempDataPath();
    const script = join(ROOT, 'test', 'fixtures', 'increment.ts');
    const [a, b] = await Promise.all([
      runProcess(process.execPath, ['--import', 'tsx', script, path, '1000', 'a']),
      runProcess(process.execPath, ['--import', 'tsx', script, path, '1000', 'b']),
    ]);
    assert.equal(a.code, 0, a.stderr);
    assert.equal(b.code, 0, b.stderr);
    const store = Store.open(path);
    try {
      const latest = store.getAspect('urn:li:counter:shared', 'counter');
      assert.equal((latest?.value as { n: number }).n, 2000);
      // Every increment is its own version: 1999 in history plus the latest.
      assert.equal(latest?.history, 1999);
      // Both processes really interleaved: each wrote some of the history.
      const writers = new Set<string>();
      for (let v = 1; v <= 1999; v++) writers.add((store.getAspect('urn:li:counter:shared', 'counter', v)?.value as { by: string }).by);
      assert.deepEqual([...writers].sort(), ['a', 'b']);
    } finally {
      await store.close();
    }
  });
});
