// The base of a three-way merge (issue 34 item 6, the pure part): the stable value hash kept in the
// per-remote base records, and, for two files that never synced, fast-forwards and the newest version
// both aspect histories hold with the same value.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  baseRecord,
  changedSince,
  findByHash,
  findCommonBase,
  hashValue,
  relateHistories,
  type AspectVersion,
} from '../src/sync/base.ts';
import { canonicalJson } from '../src/sync/canonical.ts';
import { propertyRuns } from './property-runs.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
/** A history, newest first, from values oldest first (as the store numbers them: 1 = oldest). */
const history = (...valuesOldestFirst: unknown[]): AspectVersion[] =>
  valuesOldestFirst.map((value, i) => ({ version: String(i + 1), value })).reverse();
const v = (d: string) => ({ description: d });

describe('hashValue', () => {
  it('is SHA-256 of the canonical JSON: keys sorted, no whitespace', () => {
    assert.equal(canonicalJson({ b: [1, { d: 'x', c: null }], a: 'é' }), '{"a":"é","b":[1,{"c":null,"d":"x"}]}');
    assert.equal(hashValue({ b: 1, a: 2 }), sha('{"a":2,"b":1}'));
    assert.equal(hashValue({ b: 1, a: 2 }), hashValue({ a: 2, b: 1 }));
    assert.equal(hashValue(undefined), sha(''));
    assert.match(hashValue('x'), /^[0-9a-f]{64}$/);
  });

  it('canonical text: keys in order or not, absent fields first or last, undefined array elements', () => {
    assert.equal(canonicalJson({ a: 1, c: 2, b: 3 }), '{"a":1,"b":3,"c":2}');
    assert.equal(canonicalJson({ a: undefined, b: 1, c: undefined, d: { z: undefined } }), '{"b":1,"d":{}}');
    assert.equal(canonicalJson([undefined, { y: [], x: '"' }]), '[null,{"x":"\\"","y":[]}]');
    assert.equal(canonicalJson({}), '{}');
  });

  it('writes every string, value or key, as JSON.stringify does: each UTF-16 code unit, escaped or not, and pairs', () => {
    const strings = ['', 'plain', '😀', 'a\ud83d', '\ude00b', '\u2028\u2029', '\u007f', 'é'];
    for (let c = 0; c < 0x10000; c += c < 0x3000 ? 1 : 0x3f) strings.push(`a${String.fromCharCode(c)}b`);
    for (const s of strings) {
      assert.equal(canonicalJson(s), JSON.stringify(s), JSON.stringify(s));
      assert.equal(canonicalJson({ [s]: [s] }), JSON.stringify({ [s]: [s] }), JSON.stringify(s));
    }
  });

  it('tells apart what JSON tells apart', () => {
    assert.notEqual(hashValue([1, 2]), hashValue([2, 1]));
    assert.notEqual(hashValue({ a: '1' }), hashValue({ a: 1 }));
    assert.notEqual(hashValue({ a: null }), hashValue({}));
    // A field holding undefined is absent, as in JSON.
    assert.equal(hashValue({ a: undefined, b: 1 }), hashValue({ b: 1 }));
  });

  it('property: equal after a JSON round trip with keys shuffled', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const shuffled = JSON.parse(
          JSON.stringify(value, (_k, x) =>
            x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).reverse()) : x,
          ),
        );
        assert.equal(hashValue(shuffled), hashValue(value));
        assert.deepStrictEqual(JSON.parse(canonicalJson(value)), JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('base records', () => {
  it('a side changed since the base when its value no longer hashes the same', () => {
    const rec = baseRecord(3, v('a'));
    assert.deepStrictEqual(rec, { version: '3', hash: hashValue(v('a')) });
    assert.equal(changedSince(rec, { description: 'a' }), false);
    assert.equal(changedSince(rec, v('b')), true);
    assert.equal(changedSince(undefined, v('a')), true);
    assert.equal(changedSince(baseRecord(1, undefined), undefined), false);
  });

  it('the base value is found again in a history by its hash', () => {
    const h = history(v('a'), v('b'), v('c'));
    assert.deepStrictEqual(findByHash(h, hashValue(v('b'))), { version: '2', value: v('b') });
    assert.equal(findByHash(h, hashValue(v('z'))), undefined);
  });
});

describe('relateHistories: two files that never synced', () => {
  it('the same current value needs nothing', () => {
    assert.deepStrictEqual(relateHistories(history(v('a'), v('b')), history(v('x'), v('b'))), { kind: 'same' });
    assert.deepStrictEqual(relateHistories([], []), { kind: 'same' });
  });

  it("a side whose value is an older version of the other's is a fast-forward", () => {
    const ana = history(v('a'), v('b'), v('c'));
    const mine = history(v('a'), v('b'));
    assert.deepStrictEqual(relateHistories(mine, ana), { kind: 'fastForward', newer: 'remote', value: v('c') });
    assert.deepStrictEqual(relateHistories(ana, mine), { kind: 'fastForward', newer: 'local', value: v('c') });
    // Its version numbers need not line up: only the value counts.
    assert.deepStrictEqual(relateHistories([{ version: '1', value: v('b') }], ana), {
      kind: 'fastForward',
      newer: 'remote',
      value: v('c'),
    });
  });

  it('an aspect one side lacks: the other side is newer', () => {
    assert.deepStrictEqual(relateHistories([], history(v('a'))), {
      kind: 'fastForward',
      newer: 'remote',
      value: v('a'),
    });
    assert.deepStrictEqual(relateHistories(history(v('a')), []), {
      kind: 'fastForward',
      newer: 'local',
      value: v('a'),
    });
  });

  it('both moved on: the newest version both hold with the same value is the base', () => {
    const mine = history(v('a'), v('b'), v('mine'));
    const ana = history(v('a'), v('b'), v('ana'));
    assert.deepStrictEqual(relateHistories(mine, ana), {
      kind: 'diverged',
      base: { value: v('b'), localVersion: '2', remoteVersion: '2' },
    });
  });

  it('versions that hold different values are not a base, even when numbered alike', () => {
    const mine = history(v('a'), v('x'), v('mine'));
    const ana = history(v('a'), v('y'), v('ana'));
    assert.deepStrictEqual(findCommonBase(mine, ana), { value: v('a'), localVersion: '1', remoteVersion: '1' });
  });

  it('histories numbered differently fall back to the common value nearest the top of both', () => {
    const mine: AspectVersion[] = [
      { version: '9', value: v('mine') },
      { version: '8', value: v('b') },
      { version: '7', value: v('a') },
    ];
    const ana: AspectVersion[] = [
      { version: '3', value: v('ana') },
      { version: '2', value: v('b') },
      { version: '1', value: v('a') },
    ];
    assert.deepStrictEqual(findCommonBase(mine, ana), { value: v('b'), localVersion: '8', remoteVersion: '2' });
    assert.deepStrictEqual(findCommonBase(ana, mine), { value: v('b'), localVersion: '2', remoteVersion: '8' });
  });

  it('no common version: diverged without a base (merge from absent)', () => {
    assert.deepStrictEqual(relateHistories(history(v('a')), history(v('b'))), { kind: 'diverged', base: undefined });
  });

  it("each side holding the other's value in its past is not a fast-forward", () => {
    // mine: a → b ; ana: b → a. Neither is simply behind.
    const rel = relateHistories(history(v('a'), v('b')), history(v('b'), v('a')));
    assert.equal(rel.kind, 'diverged');
  });

  it('property: swapping the sides swaps the answer', () => {
    const value = fc.constantFrom('a', 'b', 'c', 'd').map(v);
    const hist = fc.array(value, { maxLength: 5 }).map((values) => history(...values));
    fc.assert(
      fc.property(hist, hist, (mine, ana) => {
        const one = relateHistories(mine, ana);
        const two = relateHistories(ana, mine);
        if (one.kind === 'fastForward')
          assert.deepStrictEqual(two, { ...one, newer: one.newer === 'local' ? 'remote' : 'local' });
        else if (one.kind === 'diverged') {
          assert.equal(two.kind, 'diverged');
          assert.deepStrictEqual(two.kind === 'diverged' && two.base?.value, one.base?.value);
          if (one.base) {
            // The base is a value both histories hold.
            assert.ok(mine.some((h) => hashValue(h.value) === hashValue(one.base!.value)));
            assert.ok(ana.some((h) => hashValue(h.value) === hashValue(one.base!.value)));
          }
        } else assert.deepStrictEqual(two, one);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
