// The push plan on disk (src/ops/sync/planFile.ts): what push appends while planning and reads back
// in order while sending.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PlanFile } from '../src/ops/sync/planFile.ts';

describe('PlanFile (a push plan on disk)', () => {
  it('gives back every entry in order, across read chunks and multi-byte characters split by them, as often as asked', () => {
    const file = new PlanFile<{ i: number; text: string }>();
    try {
      // ~3 MB of lines with two-, three- and four-byte characters and escaped line breaks: reads of 1 MiB cut through them.
      const text = (i: number) => `é€😀\n"${'x'.repeat(i % 97)}`;
      for (let i = 0; i < 40000; i++) file.add({ i, text: text(i) });
      assert.equal(file.count, 40000);
      for (let pass = 0; pass < 2; pass++) {
        let n = 0;
        for (const e of file.entries()) {
          assert.equal(e.i, n);
          assert.equal(e.text, text(n));
          n++;
        }
        assert.equal(n, 40000);
      }
    } finally {
      file.close();
    }
    assert.throws(() => [...file.entries()], /the push plan was closed/);
  });

  it('an empty plan has no entries', () => {
    const file = new PlanFile<unknown>();
    assert.deepEqual([...file.entries()], []);
    file.close();
  });
});
