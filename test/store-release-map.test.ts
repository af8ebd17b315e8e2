import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Store } from '../src/store/store.ts';
import { releaseMap } from '../src/store/format.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { tempDataPath } from './helpers.ts';

/** This process's resident pages of mapped files, in KiB (the data file's mapped pages are among them). */
function rssFileKb(): number {
  return Number(/RssFile:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
}

const urn = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,release.t${i},PROD)`;
// Random text does not compress: each value takes its 6 KB of pages in the file.
const COUNT = 6000;
// An aspect no search field reads: the setup writes values, not index entries.
const memory = (description: string) => ({
  elements: [{ url: 'https://wiki/x', description, createStamp: { actor: 'urn:li:corpuser:t', time: 1 } }],
});

describe('store: releasing the mapped pages of the data file', () => {
  let store: Store;
  before(async () => {
    store = openCatalog(tempDataPath());
    for (let b = 0; b < COUNT; b += 500) {
      await store.write((txn) => {
        for (let i = b; i < b + 500; i++)
          writeAspect(
            txn,
            { actor: 'urn:li:corpuser:t', time: 1 },
            urn(i),
            'institutionalMemory',
            memory(randomBytes(3000).toString('hex')),
          );
      });
    }
  });
  after(() => store.close());

  const readAll = () => {
    let chars = 0;
    for (let i = 0; i < COUNT; i++)
      chars += (store.getAspect(urn(i), 'institutionalMemory')!.value as ReturnType<typeof memory>).elements[0]!
        .description.length;
    return chars;
  };

  it('takes the pages a walk read out of the resident set, and reads go on the same', () => {
    assert.equal(readAll(), COUNT * 6000);
    const walked = rssFileKb();
    assert.equal(store.releaseMappedPages(), true);
    const released = rssFileKb();
    // The walk mapped about 36 MB of values (6 KB each); at least half of that leaves the resident set.
    assert.ok(
      walked - released > (COUNT * 6) / 2,
      `resident file pages: ${walked} KiB after the walk, ${released} KiB after the release`,
    );
    assert.equal(readAll(), COUNT * 6000);
    assert.ok(rssFileKb() - released > (COUNT * 6) / 2, 'reading again maps the pages again');
  });

  it('leaves writes and later reads intact', async () => {
    store.releaseMappedPages();
    await store.write((txn) =>
      writeAspect(txn, { actor: 'urn:li:corpuser:t', time: 2 }, urn(0), 'institutionalMemory', memory('after')),
    );
    store.releaseMappedPages();
    assert.deepEqual(store.getAspect(urn(0), 'institutionalMemory')?.value, memory('after'));
    assert.equal(
      (store.getAspect(urn(1), 'institutionalMemory')!.value as ReturnType<typeof memory>).elements[0]!.description
        .length,
      6000,
    );
  });

  it('answers false, releasing nothing, with an addon that has no releaseMap (the stock prebuilt)', () => {
    assert.equal(releaseMap({ env: {} } as never), false);
  });
});
