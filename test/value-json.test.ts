/**
 * Store.aspectJson (src/store/valueJson.ts): an aspect's value as JSON written straight from its
 * stored msgpack bytes must be exactly the text `JSON.stringify` gives for the value the decoder
 * returns, whatever the value; where the reader is not sure, it decodes instead, with the same answer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import type { Store } from '../src/store/store.ts';
import { rowJsonReads } from '../src/store/valueJson.ts';
import { tempDataPath } from './helpers.ts';
import { propertyRuns } from './property-runs.ts';

const stamp = { actor: 'urn:li:corpuser:tester', time: 1 };
const urnOf = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`;

async function put(store: Store, urn: string, aspectName: string, value: unknown): Promise<void> {
  await store.write((txn) => {
    txn.putAspect({
      urn,
      entityType: 'dataset',
      aspectName,
      value,
      created: stamp,
      key: { aspectName: 'datasetKey', value: { name: urn } },
    });
  });
}

/** What aspectJson answers, as text, and what decoding and JSON.stringify give: they must be equal. */
function both(
  read: Pick<Store, 'aspectJson' | 'getAspect'>,
  urn: string,
  aspectName: string,
  version = 0,
): { got: { text: string; units: number; history: number }; want: { text: string; units: number; history: number } } {
  const json = read.aspectJson(urn, aspectName, version);
  assert.ok(json, `${urn} ${aspectName} ${version}: no answer`);
  const got = { text: json.bytes.toString('utf8', 0, json.length), units: json.units, history: json.history };
  const record = read.getAspect(urn, aspectName, version)!;
  const text = JSON.stringify(record.value);
  return { got, want: { text, units: text.length, history: record.history ?? 0 } };
}

/** Strings with what JSON escapes, what UTF-8 encodes in 2, 3 and 4 bytes, and lone surrogates. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('a', '"', '\\', '\n', '\u0000', '\u001f', '\u007f', 'é', '€', '😀', '\u2028'),
    maxLength: 90,
  }),
  fc.string({ maxLength: 200 }),
);
const number = fc.oneof(
  fc.integer({ min: -64, max: 200 }),
  fc.integer(),
  fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
  fc.double(),
  fc.constantFrom(0, -0, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 1e21, 1e-7, 0.1, Number.MAX_VALUE),
);
/** Keys: short names (records of few shapes, so they repeat), any string, array indices, `__proto__`. */
const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('name', 'type', 'description', 'fieldPath', 'tags', 'nullable', 'value') },
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom('0', '1', '10', '4294967294', '4294967295', '01', '-1', '__proto__', '') },
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(key, tie('value'), { maxKeys: 6 }),
  ),
}));

describe('an aspect value as JSON, straight from its stored bytes', () => {
  it('is the text JSON.stringify gives for the decoded value, for any JSON value, in the store and in a snapshot', async () => {
    const store = openCatalog(tempDataPath());
    try {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 3 }), async (versions) => {
          const urn = urnOf(n++);
          for (const v of versions) await put(store, urn, 'datasetProperties', v);
          const latest = both(store, urn, 'datasetProperties');
          assert.deepEqual(latest.got, latest.want);
          const snapshot = store.snapshot({ latest: true });
          try {
            for (let version = latest.got.history; version >= 0; version--) {
              const r = both(snapshot, urn, 'datasetProperties', version);
              assert.deepEqual(r.got, r.want);
            }
          } finally {
            snapshot.done();
          }
        }),
        { numRuns: propertyRuns(300) },
      );
    } finally {
      await store.close();
    }
  });

  it('is written from the bytes for plain values, past the 32 shared record structures, and decoded for what it cannot be sure of', async () => {
    const store = openCatalog(tempDataPath());
    try {
      // 40 objects of different keys in one value: the table's 32 shared structures run out, and the
      // rest are defined inside the value itself.
      const many = Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [
          `k${i}`,
          { [`a${i}`]: i, [`b${i}`]: `v${i}`, nested: { [`c${i}`]: [i, null] } },
        ]),
      );
      const plain: Array<[string, unknown]> = [
        ['many', many],
        [
          'text',
          {
            s: 'quote " backslash \\ tab \t nul \u0000 é € 😀 \u2028',
            n: [-1, 0, 63, 64, 255, 65536, -2147483648, 1.5, -0],
          },
        ],
        // Past the reader's buffer that it keeps (4 MiB), then small again.
        ['large', { s: `${'long text '.repeat(600_000)}é` }],
        ['many again', many],
      ];
      // A lone surrogate (the decoder keeps it, JSON.stringify escapes it), keys JavaScript puts
      // first (array indices), `__proto__` as a key of the data, undefined in an object, a Date, a Map.
      const unsure: Array<[string, unknown]> = [
        ['lone surrogate', { s: 'a\ud800b' }],
        ['array index keys', { b: 1, 2: 'two', a: 3, 1: 'one' }],
        ['__proto__ key', JSON.parse('{"a":1,"__proto__":{"b":2}}')],
        ['undefined', { a: 1, b: undefined, c: 3 }],
        ['date', { when: new Date(1_700_000_000_000) }],
        ['map', { m: new Map([['a', 1]]) }],
      ];
      let i = 0;
      // The first read of a new file loads the table's structures through the decoder.
      await put(store, urnOf(i), 'datasetProperties', { warm: true });
      store.aspectJson(urnOf(i++), 'datasetProperties');
      for (const [what, v] of [...plain, ...unsure]) {
        const urn = urnOf(i++);
        await put(store, urn, 'datasetProperties', v);
        const before = { ...rowJsonReads };
        const r = both(store, urn, 'datasetProperties');
        assert.deepEqual(r.got, r.want, what);
        const straight = plain.some(([w]) => w === what);
        assert.deepEqual(
          { direct: rowJsonReads.direct - before.direct, decoded: rowJsonReads.decoded - before.decoded },
          straight ? { direct: 1, decoded: 0 } : { direct: 0, decoded: 1 },
          what,
        );
      }
      assert.equal(store.aspectJson(urnOf(999), 'datasetProperties'), undefined);
    } finally {
      await store.close();
    }
  });
});
