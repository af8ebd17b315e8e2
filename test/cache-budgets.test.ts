// The caches a server keeps are bounded by byte budgets (issue 44): the decoded values shared between
// reads (src/store/decodedCache.ts), the parsed GraphQL documents (src/server/graphql/documentCache.ts)
// and the data file's pages it keeps mapped (src/server/memory.ts).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parse, type DocumentNode } from 'graphql';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { DecodedCache, Doorkeeper, MARK_SPAN } from '../src/store/decodedCache.ts';
import { sharedValueCost } from '../src/store/store.ts';
import { DocumentCache, documentCost } from '../src/server/graphql/documentCache.ts';
import {
  keepMappedPagesUnder,
  REQUESTS_PER_CHECK,
  residentFileBytes,
  residentFileMeter,
} from '../src/server/memory.ts';
import { tempDataPath } from './helpers.ts';
import { ENTITY_TYPE_BUDGET, entityTypeOf, PARSED_BUDGET, parseUrn, urnCacheBytes } from '../src/model/urn.ts';
import {
  ANALYSED_BUDGET,
  analysisCacheBytes,
  STEMS_BUDGET,
  TermCounter,
  term,
  terms,
  WORDS_BUDGET,
} from '../src/model/search/analysis.ts';

/** What the values a DecodedCache keeps cost, counted from its maps (not from its own accounting). */
function keptCost(cache: DecodedCache<unknown>, cost: (b: Uint8Array) => number): number {
  type Generation = Map<string, Map<string, { bytes: Buffer }>>;
  const inner = cache as unknown as { recent: Generation; older: Generation };
  let sum = 0;
  for (const gen of [inner.recent, inner.older]) {
    for (const byAspect of gen.values()) for (const e of byAspect.values()) sum += cost(e.bytes);
  }
  return sum;
}

describe('decoded values shared between reads: a byte budget', () => {
  it('never keeps more than its budget, whatever is read, counting each value by its cost', () => {
    const cost = (b: Uint8Array) => 10 + b.length * 3;
    fc.assert(
      fc.property(
        fc.integer({ min: 64, max: 8000 }),
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 3 })),
          { maxLength: 300 },
        ),
        (budget, reads) => {
          const cache = new DecodedCache<number>(budget, cost);
          for (const [key, length, fill] of reads) {
            const bytes = Buffer.alloc(length, fill);
            const got = cache.get(`urn:li:tag:t${key}`, 'tagProperties', bytes, (b) => b.length * 10 + (b[0] ?? 0));
            assert.equal(got, length * 10 + (length ? fill : 0));
            assert.ok(cache.used <= budget, `used ${cache.used} over the budget ${budget}`);
            assert.ok(keptCost(cache, cost) <= budget);
          }
        },
      ),
    );
  });

  it('counts a value by its cost: a cost of 10 bytes a stored byte keeps a tenth as many values', () => {
    let decodes = 0;
    const decode = () => ++decodes;
    // Each key is read once (a mark in the doorkeeper) before it is kept.
    const cache = new DecodedCache<number>(1000, (b) => b.length * 10);
    // A generation is half the budget: 500, five values of 10 stored bytes.
    for (let i = 0; i < 5; i++) cache.get(`t${i}`, 'a', Buffer.alloc(10, i), decode);
    for (let i = 0; i < 5; i++) cache.get(`t${i}`, 'a', Buffer.alloc(10, i), decode);
    for (let i = 0; i < 5; i++) cache.get(`t${i}`, 'a', Buffer.alloc(10, i), decode);
    assert.equal(decodes, 10);
    assert.equal(cache.used, 500);
    // The sixth starts a new generation; the five become the older one, and a read of t0 finds it there.
    cache.get('t5', 'a', Buffer.alloc(10, 5), decode);
    cache.get('t5', 'a', Buffer.alloc(10, 5), decode);
    cache.get('t0', 'a', Buffer.alloc(10, 0), decode);
    assert.equal(decodes, 12);
    // A value costing over an eighth of the budget (130 > 125) is decoded each time, never kept.
    for (let i = 0; i < 3; i++) cache.get('big', 'a', Buffer.alloc(13), decode);
    assert.equal(decodes, 15);
  });

  it('goes in generations: what was not read in the last one leaves first', () => {
    let decodes = 0;
    const cache = new DecodedCache<number>(400, (b) => b.length);
    // Read twice: the first read of a key leaves a mark (in the doorkeeper), the second keeps the value.
    const read = (i: number) => cache.get(`t${i}`, 'a', Buffer.alloc(50, i), () => ++decodes);
    const twice = (i: number) => {
      read(i);
      return read(i);
    };
    for (let i = 0; i < 4; i++) twice(i); // recent: t0..t3 (200 = half the budget)
    twice(4); // t0..t3 turn older; recent: t4
    read(1);
    read(3); // t1 and t3 read again: they move up; recent t4, t1, t3
    twice(5); // recent: t4 t1 t3 t5 (full)
    twice(6); // a new generation: t0 and t2 (older, not read since) go; t4 t1 t3 t5 turn older
    assert.equal(decodes, 14);
    for (const i of [1, 3, 4, 5, 6]) read(i);
    assert.equal(decodes, 14, 'what was read in the last generation stays');
    read(0);
    read(2);
    assert.equal(decodes, 16, 't0 and t2 went');
  });

  it('keeps a value on the second read of its key: a first read leaves only a mark, its value unfrozen', () => {
    let decodes = 0;
    const decode = (b: Buffer) => ({ n: ++decodes, first: b[0], nested: { list: [b.length] } });
    const urn = 'urn:li:tag:t';
    const cache = new DecodedCache<ReturnType<typeof decode>>(10_000, (b) => b.length);
    const once = cache.get(urn, 'a', Buffer.alloc(100, 1), decode);
    assert.equal(Object.isFrozen(once) || Object.isFrozen(once.nested), false, "a first read is the reader's own");
    assert.equal(cache.used, 0, 'only the mark is kept, in the doorkeeper');
    const kept = cache.get(urn, 'a', Buffer.alloc(100, 1), decode);
    assert.notEqual(kept, once);
    assert.ok(Object.isFrozen(kept) && Object.isFrozen(kept.nested.list));
    assert.equal(cache.used, 100, 'the value is kept');
    assert.equal(cache.get(urn, 'a', Buffer.alloc(100, 1), decode), kept, 'then shared');
    assert.equal(decodes, 2);
    // A mark goes: a key read once, then not for two generations of the doorkeeper (64 keys each at
    // this budget), is read for the first time again.
    cache.get(urn, 'b', Buffer.alloc(10), decode);
    const before = decodes;
    for (let i = 0; i < 200; i++) cache.get(`urn:li:tag:fresh${i}`, 'a', Buffer.alloc(10), decode);
    assert.equal(decodes, before + 200);
    assert.equal(Object.isFrozen(cache.get(urn, 'b', Buffer.alloc(10), decode)), false, 'the mark went');
    assert.ok(cache.used <= 10_000);
  });

  it("keeps a value's bytes in a buffer of their own, not in a slice of Node's shared pool", () => {
    type Generation = Map<string, Map<string, { bytes: Buffer }>>;
    const cache = new DecodedCache<number>(1 << 20, (b) => b.length);
    // Small values: Buffer.from would copy each into the 8 KB pool, and a kept slice holds all of it.
    for (let i = 0; i < 20; i++)
      for (let read = 0; read < 2; read++) cache.get(`t${i}`, 'a', Buffer.alloc(300, i), () => i);
    const recent = (cache as unknown as { recent: Generation }).recent;
    assert.equal(recent.size, 20);
    for (const byAspect of recent.values()) {
      const { bytes } = byAspect.get('a')!;
      assert.equal(bytes.buffer.byteLength, 300, 'the memory a kept value holds is its own bytes');
    }
  });

  it("the doorkeeper's memory of keys read once follows the budget: a key read again within it is kept", () => {
    // A budget of 4 MB: 1 024 marks a generation.
    const cache = new DecodedCache<number>(4 << 20);
    assert.equal((cache as unknown as { doorkeeper: { perGeneration: number } }).doorkeeper.perGeneration, 1024);
    assert.equal(MARK_SPAN, 4096);
    const door = new Doorkeeper(1000);
    const keys = Array.from({ length: 3000 }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:hive,db.t${i},PROD)`);
    // Marked once: not seen before (but for a few taken for others); then seen, for as long as two
    // generations (1 000 to 2 000 keys) last.
    const taken = keys.slice(0, 1000).filter((k) => door.seen(k, 'schemaMetadata')).length;
    assert.ok(taken < 50, `${taken} keys never marked taken for marked ones`);
    for (const k of keys.slice(0, 1000)) assert.equal(door.seen(k, 'schemaMetadata'), true);
    for (const k of keys.slice(1000, 2000)) door.seen(k, 'schemaMetadata');
    // The first thousand are in the older generation: still seen. Another aspect of the same urn is another key.
    assert.ok(keys.slice(0, 1000).every((k) => door.seen(k, 'schemaMetadata')));
    const other = keys.slice(0, 1000).filter((k) => door.seen(k, 'ownership')).length;
    assert.ok(other < 50, `${other} keys never marked taken for marked ones`);
    // A third generation: the first thousand (and the other aspect) are forgotten, but for a few taken for others.
    for (const k of keys.slice(2000, 3000)) door.seen(k, 'globalTags');
    for (const k of keys.slice(2000, 3000)) door.seen(k, 'globalTags');
    const remembered = keys.slice(0, 1000).filter((k) => door.seen(k, 'datasetProperties')).length;
    assert.ok(remembered < 50, `${remembered} keys never marked taken for marked ones`);
    door.clear();
    assert.equal(door.seen(keys[2999]!, 'globalTags'), false);
  });

  it('read at random over many more keys than its budget holds, it keeps few values only to drop them', () => {
    // 2 000 keys read at random, a budget of 50 values (of 100 bytes): a key is kept only when read twice
    // within the doorkeeper's 2 x 64 marks, 1 read in 16 or so, where marks in the maps kept 1 in 3.
    const cache = new DecodedCache<number>(5000, (b) => b.length, 100);
    let kept = 0;
    let state = 7;
    for (let r = 0; r < 20_000; r++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      const before = cache.used;
      cache.get(`urn:li:tag:t${state % 2000}`, 'tagProperties', Buffer.alloc(100, 1), () => 1);
      if (cache.used > before) kept++;
      assert.ok(cache.used <= 5000);
    }
    assert.ok(kept < 20_000 / 12, `${kept} values kept`);
  });

  it('a smaller budget empties the cache; a larger one keeps what it holds', () => {
    let decodes = 0;
    const cache = new DecodedCache<number>(1000, (b) => b.length);
    const read = (i: number) => cache.get(`t${i}`, 'a', Buffer.alloc(50, i), () => ++decodes);
    for (let i = 0; i < 4; i++) read(i);
    for (let i = 0; i < 4; i++) read(i);
    cache.resize(2000);
    assert.equal(cache.budget, 2000);
    for (let i = 0; i < 4; i++) read(i);
    assert.equal(decodes, 8);
    cache.resize(100);
    assert.equal(cache.used, 0);
    read(0);
    assert.equal(decodes, 9);
    // A budget of 0 keeps nothing: every read decodes.
    cache.resize(0);
    read(0);
    read(0);
    assert.equal(decodes, 11);
    assert.equal(cache.used, 0);
  });

  it("the store's values stay inside the budget it is given, each counted at its estimated heap", async () => {
    const store = openCatalog(tempDataPath());
    try {
      const description = 'x'.repeat(400);
      await store.write((txn) => {
        for (let i = 0; i < 300; i++) {
          const stamp = { actor: 'urn:li:corpuser:tester', time: 1 };
          writeAspect(txn, stamp, `urn:li:tag:t${i}`, 'tagProperties', { name: `t${i}`, description });
        }
      });
      const budget = 64 * 1024;
      store.setSharedValuesBudget(budget);
      assert.deepEqual(store.sharedValuesMemory, { budget, used: 0 });
      for (let pass = 0; pass < 2; pass++) {
        for (let i = 0; i < 300; i++) {
          const value = store.readAspect(`urn:li:tag:t${i}`, 'tagProperties')?.value as { name?: string } | undefined;
          assert.equal(value?.name, `t${i}`);
          assert.ok(store.sharedValuesMemory.used <= budget);
        }
      }
      // A value of about 450 stored bytes is counted at 14 heap bytes a stored byte: 64 KiB holds about ten.
      const { hits, misses } = store.sharedReads;
      assert.equal(hits + misses, 600);
      assert.ok(misses > 550, `${misses} reads decoded`);
      assert.ok(sharedValueCost(Buffer.alloc(450)) > 6000);
      // With room for all of them, a pass after two (the first leaves marks, the second keeps) decodes nothing.
      store.setSharedValuesBudget(64 * 1024 * 1024);
      for (let i = 0; i < 300; i++) store.readAspect(`urn:li:tag:t${i}`, 'tagProperties');
      for (let i = 0; i < 300; i++) store.readAspect(`urn:li:tag:t${i}`, 'tagProperties');
      const before = store.sharedReads.misses;
      for (let i = 0; i < 300; i++) store.readAspect(`urn:li:tag:t${i}`, 'tagProperties');
      assert.equal(store.sharedReads.misses, before);
    } finally {
      await store.close();
    }
  });
});

describe('parsed GraphQL documents: a byte budget, least recently used out first', () => {
  const doc = (q: string) => () => parse(q);

  it('never keeps more than its budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 200 }),
        (budget, asks) => {
          const cache = new DocumentCache(budget, (q) => q.length * 10);
          for (const k of asks) {
            const q = `{ a${'b'.repeat(k)} }`;
            cache.get(q, doc(q));
            assert.ok(cache.used <= budget, `used ${cache.used} over the budget ${budget}`);
          }
        },
      ),
    );
  });

  it('lets the least recently used document go first; one over a quarter of the budget is never kept', () => {
    const cache = new DocumentCache(100, (q) => q.length);
    let builds = 0;
    const ask = (q: string) =>
      cache.get(q, () => {
        builds++;
        return parse(q);
      });
    // Four documents of 20 characters each: 80 of 100.
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((x) => `{ ${x.repeat(16)} }`) as [
      string,
      string,
      string,
      string,
      string,
    ];
    for (const q of [a, b, c, d]) ask(q);
    ask(a); // a is now the most recently used
    ask(e); // 100: all fit
    assert.equal(cache.size, 5);
    const f = `{ ${'f'.repeat(16)} }`;
    ask(f); // b, the least recently used, goes
    assert.equal(builds, 6);
    assert.ok(!cache.has(b));
    assert.ok([a, c, d, e, f].every((q) => cache.has(q)));
    ask(b); // c goes
    assert.ok(!cache.has(c));
    assert.equal(builds, 7);
    // 26 characters: over a quarter of 100, built and answered but not kept.
    const big = `{ ${'g'.repeat(22)} }`;
    assert.equal((ask(big) as DocumentNode).kind, 'Document');
    assert.ok(!cache.has(big));
    assert.equal(cache.used, 100);
  });

  it('counts a document by the heap its text takes parsed and compiled: a hundred dataset pages by default', () => {
    assert.equal(documentCost('{ a }'), 4096 + 5 * 160);
    const cache = new DocumentCache();
    const page = `query read($urn: String!) { dataset(urn: $urn) { urn ${'properties { name description } '.repeat(28)}} }`;
    let n = 0;
    const text = (k: number) => `${page}#${k}`;
    for (; n < 1000 && cache.used + documentCost(text(n)) <= 16 * 1024 * 1024; n++) cache.get(text(n), doc(text(n)));
    assert.ok(n > 80 && n < 160, `${n} documents`);
    cache.get(text(n), doc(text(n)));
    assert.equal(cache.size, n, 'the next one takes the place of the least recently used');
  });
});

describe("a server's resident file pages: a budget", () => {
  it('releases the mapped pages when the resident file pages are over the budget, and only then', async () => {
    let resident = 100;
    let releases = 0;
    const store = {
      releaseMappedPages: () => {
        releases++;
        return true;
      },
    };
    const stop = keepMappedPagesUnder(store, 150, { everyMs: 5, resident: () => resident });
    try {
      await new Promise((r) => setTimeout(r, 40));
      assert.equal(releases, 0);
      resident = 151;
      await new Promise((r) => setTimeout(r, 40));
      assert.ok(releases > 0);
    } finally {
      stop();
    }
    const after = releases;
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(releases, after, 'stopped');
    // A budget of 0, or no resident figure to read, checks nothing.
    keepMappedPagesUnder(store, 0, { everyMs: 5, resident: () => 1e12 })();
    keepMappedPagesUnder(store, 10, { everyMs: 5, resident: () => undefined })();
    assert.equal(residentFileBytes()! > 0, true);
  });

  it('checks every few requests as well as on its timer: a fast load maps no more than a few requests past the budget', () => {
    let resident = 100;
    let checks = 0;
    let releases = 0;
    const store = {
      releaseMappedPages: () => {
        releases++;
        resident = 100;
        return true;
      },
    };
    const requests = new EventEmitter();
    // A timer that does not fire during the test: only requests check.
    const stop = keepMappedPagesUnder(store, 150, {
      everyMs: 3_600_000,
      requests,
      requestsPerCheck: 4,
      resident: () => {
        checks++;
        return resident;
      },
    });
    checks = 0;
    try {
      for (let i = 0; i < 3; i++) requests.emit('request');
      assert.equal(checks, 0);
      requests.emit('request');
      assert.equal(checks, 1);
      assert.equal(releases, 0, 'under the budget: nothing released');
      resident = 151;
      for (let i = 0; i < 4; i++) requests.emit('request');
      assert.equal(releases, 1);
      assert.equal(REQUESTS_PER_CHECK, 8);
    } finally {
      stop();
    }
    assert.equal(requests.listenerCount('request'), 0, 'stopped');
  });

  it('reads the resident file pages from /proc/self/statm as /proc/self/status gives them', () => {
    const meter = residentFileMeter()!;
    try {
      const statm = meter.read()!;
      const status = residentFileBytes()!;
      assert.ok(Math.abs(statm - status) < 4 * 1024 * 1024, `${statm} and ${status}`);
    } finally {
      meter.close();
    }
    assert.equal(meter.read(), undefined, 'closed');
  });

  it('a store lets go of the pages it mapped: the resident file pages go down', async () => {
    const store = openCatalog(tempDataPath());
    try {
      // Values that do not compress: 1200 of about 3 KB, 3.6 MB of pages to map (in few words to index).
      const words = () =>
        randomBytes(1500)
          .toString('hex')
          .replace(/(.{300})/g, '$1 ');
      await store.write((txn) => {
        for (let i = 0; i < 1200; i++) {
          const stamp = { actor: 'urn:li:corpuser:tester', time: 1 };
          writeAspect(txn, stamp, `urn:li:tag:m${i}`, 'tagProperties', { name: `m${i}`, description: words() });
        }
      });
      store.setSharedValuesBudget(0);
      for (let i = 0; i < 1200; i++) store.readAspect(`urn:li:tag:m${i}`, 'tagProperties');
      const before = residentFileBytes()!;
      const stop = keepMappedPagesUnder(store, 1, { everyMs: 5 });
      await new Promise((r) => setTimeout(r, 30));
      stop();
      assert.ok(residentFileBytes()! < before - 2 * 1024 * 1024, `${before} -> ${residentFileBytes()}`);
    } finally {
      await store.close();
    }
  });
});

describe("the search index's caches: a byte budget each", () => {
  it('never hold more than their budgets, whatever a search reads', async () => {
    const store = openCatalog(tempDataPath());
    try {
      // 600 datasets sharing the words of their description (postings lists of 600, kept decoded), each
      // with one of 50 tags (a facet: its column chunks and value ordinals).
      const stamp = { actor: 'urn:li:corpuser:tester', time: 1 };
      const urn = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,db.table_${i},PROD)`;
      await store.write((txn) => {
        for (let i = 0; i < 600; i++) {
          writeAspect(txn, stamp, urn(i), 'datasetProperties', {
            name: `table_${i}`,
            description: 'alpha bravo charlie delta echo foxtrot',
          });
          writeAspect(txn, stamp, urn(i), 'globalTags', { tags: [{ tag: `urn:li:tag:t${i % 50}` }] });
        }
      });
      const index = store.search;
      const budgets = {
        lists: 60_000,
        urns: 2000,
        identity: 2000,
        records: 20_000,
        whole: 30_000,
        chunks: 8000,
        ordinals: 500,
      };
      index.setCacheBudgets(budgets);
      const within = (what: string) => {
        const used = index.cacheBytes();
        for (const [k, v] of Object.entries(used)) {
          assert.ok(
            v <= budgets[k as keyof typeof budgets],
            `${what}: ${k} holds ${v}, over ${budgets[k as keyof typeof budgets]}`,
          );
        }
        return used;
      };
      const ids = Array.from({ length: 600 }, (_, i) => index.idOf(urn(i))!);
      assert.ok(ids.every((id) => id !== undefined));
      // Each list costs about 26 KB: two fit, the third empties the cache.
      let most = 0;
      for (const word of ['alpha', 'bravo', 'charli', 'delta', 'echo', 'foxtrot']) {
        assert.equal(index.postings(word).size, 600, word);
        most = Math.max(most, within(`postings ${word}`).lists);
      }
      assert.ok(most > 26_000, `${most}: lists were kept`);
      for (const id of ids) {
        assert.match(index.urnOf(id)!, /^urn:li:dataset:/);
        assert.ok(index.record(id)?.doc);
        assert.ok(index.wholeRecord(id)?.doc);
        within('documents');
      }
      for (let i = 0; i < 600; i++) {
        assert.deepEqual(index.keywordIds('urn', urn(i)), [ids[i]]);
        within('identities');
      }
      const used = within('documents');
      for (const k of ['urns', 'identity', 'records', 'whole'] as const)
        assert.ok(used[k] > budgets[k] / 4, `${k} kept`);
      // The tags facet over every dataset: its one chunk (6.5 KB: 1 025 offsets and 600 ordinals) and the
      // names of its values.
      const all = Uint32Array.from(ids).sort();
      const counts = new Map(index.countValues('tags', all, 100));
      assert.equal(counts.size, 50);
      assert.equal(counts.get('urn:li:tag:t7'), 12);
      const facets = within('facets');
      assert.ok(facets.chunks > 0 && facets.ordinals > 0 && facets.ordinals <= 500);
      // Read again through full caches, the same answers.
      assert.deepEqual(new Map(index.countValues('tags', all, 100)), counts);
    } finally {
      await store.close();
    }
  });
});

describe("the model's caches of URNs and analysed text: a byte budget each", () => {
  it('parsed URNs and their entity types: emptied when the next would take them over their budgets', () => {
    // About 600 bytes a parsed dataset urn (2 MB: about 3 400) and 200 an entity type (1 MB: about 5 300).
    let emptied = 0;
    let last = 0;
    for (let i = 0; i < 12_000; i++) {
      const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,budget.schema_${i % 7}.table_${i},PROD)`;
      assert.equal(entityTypeOf(urn), 'dataset');
      assert.equal(parseUrn(urn).parts?.length, 3);
      const used = urnCacheBytes();
      assert.ok(used.parsed <= PARSED_BUDGET, `parsed ${used.parsed}`);
      assert.ok(used.entityTypes <= ENTITY_TYPE_BUDGET, `entity types ${used.entityTypes}`);
      if (used.parsed < last) emptied++;
      last = used.parsed;
    }
    assert.ok(emptied >= 2, `emptied ${emptied} times`);
  });

  it('stems, short texts and the word table keep what they hold when full, within their budgets', () => {
    // Distinct words of letters: stems (about 120 bytes each, 8 MB), short texts (about 260, 8 MB) and
    // the indexing word table (about 130, 12 MB), each filled past its budget.
    const word = (i: number) => {
      let w = 'q';
      for (let n = i; n > 0; n = Math.floor(n / 26)) w += String.fromCharCode(97 + (n % 26));
      return `${w}ing`;
    };
    const counter = new TermCounter();
    for (let i = 0; i < 110_000; i++) {
      const w = word(i);
      assert.equal(term(w), term(w));
      if (i % 2 === 0) assert.deepEqual(terms(`tbl ${w}`), ['tbl', term(w)]);
      counter.add(`${w} zz`, 1);
      if (i % 64 === 63) counter.take();
      if (i % 1000 === 0) {
        const used = analysisCacheBytes();
        assert.ok(used.stems <= STEMS_BUDGET && used.analysed <= ANALYSED_BUDGET && used.words <= WORDS_BUDGET);
      }
    }
    const used = analysisCacheBytes();
    assert.ok(used.stems <= STEMS_BUDGET && used.stems > STEMS_BUDGET - 1024, `stems ${used.stems}`);
    assert.ok(used.analysed <= ANALYSED_BUDGET && used.analysed > ANALYSED_BUDGET - 1024, `texts ${used.analysed}`);
    assert.ok(used.words <= WORDS_BUDGET && used.words > WORDS_BUDGET - 1024, `words ${used.words}`);
    // Full, they answer as before: the same terms, counted the slow way.
    const w = word(109_999);
    assert.deepEqual(terms(`tbl ${w}`), ['tbl', term(w)]);
    counter.take();
    counter.add(`${w} ${w}`, 2);
    assert.deepEqual([...counter.take()], [[term(w), 4]]);
  });
});
