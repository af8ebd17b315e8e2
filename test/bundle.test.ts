/**
 * Bundles (issue 45), against the executable: a bundle round trip equals a file round trip, a
 * `--since` chain applied in order equals the full bundle (out of order refused, nothing written),
 * damage and truncation refused by `bundle verify` and by `pull` with nothing written, the README's
 * team walk, determinism, and the commands' refusals.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { type BundleHeader, BundleWriter, bundleRecords, FORMAT_NAME, MAGIC } from '../src/bundle/format.ts';
import { startRecordWorkers, writeFromWorkers } from '../src/ops/bundle/parallel.ts';
import { BundleRemote } from '../src/ops/bundle/remote.ts';
import { historyOf } from '../src/ops/sync/local.ts';
import { referencedUrns, referencedUrnsInText } from '../src/sync/reconcile.ts';
import { rawEnv, rawTable } from './formats.ts';
import { getAspectValue, ingestRecords, mcp, runCli, tempDir } from './helpers.ts';

const ds = (n: string, platform = 'hive') => `urn:li:dataset:(urn:li:dataPlatform:${platform},${n},PROD)`;
const T1 = ds('sales.orders');
const T2 = ds('app.users', 'mysql');
const T3 = ds('sales.refunds');
const desc = (description: string) => ({ description, customProperties: { team: 'sales' } });
const tags = (...names: string[]) => ({ tags: names.map((n) => ({ tag: `urn:li:tag:${n}` })) });

async function ok(args: string[]): Promise<string> {
  const r = await runCli(args);
  assert.equal(r.code, 0, `catalog ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const exportOf = (data: string) => ok(['export', '-f', '-', '--data', data]);
const contentOf = async (bundle: string) =>
  JSON.parse(await ok(['bundle', 'list', bundle, '--json'])).content as string;

/** A catalog with history (several versions of an aspect), two platforms, a tag entity and a user. */
async function seed(data: string): Promise<void> {
  await ingestRecords(data, [
    mcp(T1, 'datasetProperties', desc('Orders')),
    mcp(T1, 'globalTags', tags('pii')),
    mcp(T2, 'datasetProperties', desc('Users')),
    mcp('urn:li:tag:pii', 'tagProperties', { name: 'pii' }),
    mcp('urn:li:corpuser:ana', 'corpUserInfo', { active: true, displayName: 'Ana' }),
  ]);
  await ingestRecords(data, [mcp(T1, 'datasetProperties', desc('Orders, one row each'))]);
  await ingestRecords(data, [mcp(T1, 'globalTags', tags('pii', 'gold'))]);
}

test('a bundle round trip equals a file round trip (export, histories); bundled twice, the same content checksum', async () => {
  const dir = tempDir();
  const ana = join(dir, 'ana.lmdb');
  await seed(ana);
  const bundle = join(dir, 'ana.bundle');
  const made = await ok(['bundle', 'create', bundle, '--data', ana]);
  assert.match(made, /^Bundled 4 entities into .*ana\.bundle: \d+ bytes, content [0-9a-f]{64}, in /);
  // A pull into a file that does not exist makes it (a clone).
  const viaBundle = join(dir, 'via-bundle.lmdb');
  const viaFile = join(dir, 'via-file.lmdb');
  await ok(['pull', bundle, '--data', viaBundle]);
  await ok(['pull', ana, '--data', viaFile]);
  const original = await exportOf(ana);
  assert.equal(await exportOf(viaBundle), await exportOf(viaFile));
  assert.equal(await exportOf(viaBundle), original);
  // The histories the pulls wrote are the same, and the bundle answers the maker's whole history.
  const a = openCatalog(ana, { readOnly: true });
  const b = openCatalog(viaBundle, { readOnly: true });
  const f = openCatalog(viaFile, { readOnly: true });
  const remote = new BundleRemote(bundle);
  try {
    await remote.check();
    assert.equal(remote.location, `bundle:${JSON.parse(await ok(['bundle', 'list', bundle, '--json'])).catalog}`);
    await remote.getEntities([T1]);
    for (const aspect of ['datasetProperties', 'globalTags']) {
      assert.deepEqual(historyOf(b, T1, aspect), historyOf(f, T1, aspect));
      const theirs = historyOf(a, T1, aspect).map((v) => ({ version: String(v.version), value: v.value }));
      assert.equal(theirs.length, 2);
      assert.deepEqual(await remote.history(T1, aspect), theirs);
    }
  } finally {
    await Promise.all([a.close(), b.close(), f.close(), remote.close()]);
  }
  // Determinism: the same catalog bundled again gives the same content checksum (the date aside).
  const again = join(dir, 'again.bundle');
  await ok(['bundle', 'create', again, '--data', ana]);
  const [one, two] = [
    JSON.parse(await ok(['bundle', 'list', bundle, '--json'])),
    JSON.parse(await ok(['bundle', 'list', again, '--json'])),
  ];
  assert.equal(one.content, two.content);
  assert.notEqual(one.date, two.date);
  // verify and list.
  assert.match(
    await ok(['bundle', 'verify', bundle]),
    /: sound: 1 chunks, \d+ bytes before the trailer, content [0-9a-f]{64}\n$/,
  );
  const list = await ok(['bundle', 'list', bundle]);
  assert.match(list, /^format: +catalog-bundle 1\nmaker: +catalog \S+\n/);
  assert.match(list, /kind: +full\n/);
  assert.match(list, /entities: +4\n/);
  assert.match(list, / {2}dataset +2\n/);
  // A diff with the bundle from the clone: the same.
  assert.match(await ok(['diff', bundle, '--data', viaBundle]), /^No differences with /);
});

test('a --since chain of three applied in order equals the full bundle; out of order is refused with nothing written', async () => {
  const dir = tempDir();
  const ana = join(dir, 'ana.lmdb');
  await seed(ana);
  const b1 = join(dir, 'b1.bundle');
  const b2 = join(dir, 'b2.bundle');
  const b3 = join(dir, 'b3.bundle');
  await ok(['bundle', 'create', b1, '--data', ana]);
  await ingestRecords(ana, [
    mcp(T1, 'datasetProperties', desc('All orders')),
    mcp(T3, 'datasetProperties', desc('Refunds')),
  ]);
  // Only T1 (changed) and T3 (new) are carried: the unchanged T2 and the tag and user go as state
  // lines (their content hashes in b1 equal those taken now).
  assert.match(
    await ok(['bundle', 'create', b2, '--since', b1, '--data', ana]),
    /^Bundled 2 entities, 0 removed into /,
  );
  // T2 removed (its only aspect deleted), T3 changed.
  await ingestRecords(ana, [
    { entityType: 'dataset', entityUrn: T2, changeType: 'DELETE', aspectName: 'datasetProperties' },
    mcp(T3, 'globalTags', tags('finance')),
  ]);
  const made3 = await ok(['bundle', 'create', b3, '--since', b2, '--data', ana]);
  assert.match(made3, /^Bundled 1 entities, 1 removed into /);
  const full = join(dir, 'full.bundle');
  await ok(['bundle', 'create', full, '--data', ana]);
  const list3 = await ok(['bundle', 'list', b3]);
  assert.match(list3, /kind: +incremental/);
  assert.ok(list3.includes(`needs:      ${await contentOf(b2)} (made `), list3);

  const chained = join(dir, 'chained.lmdb');
  for (const b of [b1, b2, b3]) await ok(['pull', b, '--data', chained]);
  const whole = join(dir, 'whole.lmdb');
  await ok(['pull', full, '--data', whole]);
  assert.equal(await exportOf(chained), await exportOf(whole));
  // And equals a pull of the data file itself (an entity left with its key aspect alone is not carried).
  const viaFile = join(dir, 'via-file.lmdb');
  await ok(['pull', ana, '--data', viaFile]);
  assert.equal(await exportOf(chained), await exportOf(viaFile));
  assert.ok(!(await exportOf(chained)).includes('app.users'));

  // Out of order: b3 after b1 needs b2; nothing is written.
  const early = join(dir, 'early.lmdb');
  await ok(['pull', b1, '--data', early]);
  const before = await exportOf(early);
  const refused = await runCli(['pull', b3, '--data', early]);
  assert.equal(refused.code, 1);
  assert.equal(
    refused.stderr,
    `error: ${b3} needs bundle ${await contentOf(b2)} (made ${JSON.parse(await ok(['bundle', 'list', b2, '--json'])).date} from catalog ${JSON.parse(await ok(['bundle', 'list', b2, '--json'])).catalog}): pull it first. Nothing was written.\n`,
  );
  assert.equal(await exportOf(early), before);
  // Into a file that does not exist: refused, and no file is left.
  const none = join(dir, 'none.lmdb');
  assert.equal((await runCli(['pull', b2, '--data', none])).code, 1);
  assert.equal(existsSync(none), false);
  // Then in order it goes on.
  await ok(['pull', b2, '--data', early]);
  await ok(['pull', b3, '--data', early]);
  assert.equal(await exportOf(early), await exportOf(whole));
});

test('README team walk: Ana bundles, Bo pulls, both edit, Bo sends a --since bundle back, Ana pulls and settles a conflict', async () => {
  const dir = tempDir();
  const ana = join(dir, 'ana.lmdb');
  const bo = join(dir, 'bo.lmdb');
  await seed(ana);
  await ok(['bundle', 'create', join(dir, 'ana.bundle'), '--data', ana]);
  await ok(['pull', join(dir, 'ana.bundle'), '--data', bo]);
  // Both edit: the same description differently (a conflict), and each something of its own.
  await ingestRecords(ana, [mcp(T1, 'datasetProperties', desc('Orders (Ana)')), mcp(T2, 'globalTags', tags('pii'))]);
  await ingestRecords(bo, [
    mcp(T1, 'datasetProperties', desc('Orders (Bo)')),
    mcp(T3, 'datasetProperties', desc('Refunds')),
  ]);
  const boBundle = join(dir, 'bo.bundle');
  const sent = await ok(['bundle', 'create', boBundle, '--since', join(dir, 'ana.bundle'), '--data', bo]);
  assert.match(sent, /^Bundled 2 entities, 0 removed into /);
  const pulled = await runCli(['pull', boBundle, '--data', ana]);
  assert.equal(pulled.code, 1, pulled.stderr);
  assert.match(pulled.stderr, new RegExp(`CONFLICT ${T1.replace(/[()]/g, '\\$&')} datasetProperties description\n`));
  // Bo's new entity came in; Ana's own edits stayed.
  assert.equal((await getAspectValue(ana, T3, 'datasetProperties')).description, 'Refunds');
  assert.equal((await getAspectValue(ana, T1, 'datasetProperties')).description, 'Orders (Ana)');
  assert.deepEqual(await getAspectValue(ana, T2, 'globalTags'), tags('pii'));
  // Ana settles it with Bo's value.
  await ok(['pull', boBundle, '--theirs', '--data', ana]);
  assert.equal((await getAspectValue(ana, T1, 'datasetProperties')).description, 'Orders (Bo)');
});

/** A catalog large enough for several chunks (a chunk closes after 1 MiB of records). */
async function bigCatalog(data: string, edition = ''): Promise<void> {
  const records = [];
  for (let i = 0; i < 3000; i++)
    records.push(
      mcp(ds(`big.t${i}`), 'datasetProperties', {
        description: `Table ${i}${edition}: ${Array.from({ length: 200 }, (_, j) => ((i * 7919 + j * 104729) % 1000003).toString(36)).join(' ')}`,
      }),
    );
  await ingestRecords(data, records);
}

test('damage anywhere and truncation are refused by bundle verify and by pull, naming where; nothing is written', async () => {
  const dir = tempDir();
  const ana = join(dir, 'ana.lmdb');
  await bigCatalog(ana);
  const bundle = join(dir, 'ana.bundle');
  await ok(['bundle', 'create', bundle, '--data', ana]);
  const bytes = readFileSync(bundle);
  const chunks = JSON.parse(await ok(['bundle', 'list', bundle, '--json'])).chunks as number;
  assert.ok(chunks >= 3, `${chunks} chunks`);
  // The receiver holds something already: a refused pull must leave it as it was, byte for byte.
  const bo = join(dir, 'bo.lmdb');
  await ingestRecords(bo, [mcp(T1, 'datasetProperties', desc('Orders'))]);
  const boBefore = readFileSync(bo);
  const damaged = join(dir, 'damaged.bundle');
  const refuse = async (what: string, expect: RegExp, clone = false) => {
    const v = await runCli(['bundle', 'verify', damaged]);
    assert.equal(v.code, 1, `${what}: verify passed`);
    assert.match(v.stderr, expect, what);
    const p = await runCli(['pull', damaged, '--data', bo]);
    assert.equal(p.code, 1, `${what}: pull passed`);
    assert.match(p.stderr, expect, what);
    assert.ok(readFileSync(bo).equals(boBefore), `${what}: the data file changed`);
    if (!clone) return;
    const fresh = join(dir, 'clone.lmdb');
    assert.equal((await runCli(['pull', damaged, '--data', fresh])).code, 1);
    assert.equal(existsSync(fresh), false, `${what}: a clone was left`);
  };
  // Single-bit flips at sampled offsets: the format line, the header, each chunk's head and body, the trailer.
  const offsets = [0, 20, 60, 100];
  for (let k = 1; k <= 7; k++) offsets.push(Math.floor((bytes.length * k) / 8));
  offsets.push(bytes.length - 40, bytes.length - 1);
  for (const [i, at] of offsets.entries()) {
    const flipped = Buffer.from(bytes);
    flipped[at] = flipped[at]! ^ (1 << (i % 8));
    writeFileSync(damaged, flipped);
    await refuse(`bit ${i % 8} of byte ${at}`, /^error: .*damaged\.bundle: (not a catalog bundle|damaged|truncated)/);
  }
  // A flip inside a chunk's body names that chunk and where it starts.
  const middle = Buffer.from(bytes);
  const at = Math.floor(bytes.length / 2);
  middle[at] = middle[at]! ^ 4;
  writeFileSync(damaged, middle);
  await refuse('a chunk', /damaged: chunk [1-9]\d* \(at byte \d+\) does not match its checksum/, true);
  // Truncations at sampled lengths.
  for (let k = 0; k <= 5; k++) {
    const length = Math.floor((bytes.length * k) / 6) + (k % 3);
    writeFileSync(damaged, bytes.subarray(0, length));
    await refuse(`cut at ${length}`, /^error: .*damaged\.bundle: (not a catalog bundle|truncated|damaged)/);
  }
  writeFileSync(damaged, bytes.subarray(0, bytes.length - 1));
  await refuse(
    'the last byte gone',
    /truncated: it ends at byte \d+, inside the trailer \(at byte \d+\), which needs \d+ bytes there/,
    true,
  );
  writeFileSync(damaged, Buffer.concat([bytes, Buffer.from('x')]));
  await refuse('a byte added', /damaged: bytes follow the trailer \(at byte \d+\)/);
  // A trailer whose checksums hold but whose index is not the writer's shape (a made-up file): the
  // lookups by urn would trust it, so it is refused like damage.
  let tAt = MAGIC.length;
  while (bytes[tAt] !== 'T'.charCodeAt(0)) tAt += 37 + bytes.readUInt32BE(tAt + 1);
  const trailer = JSON.parse(bytes.subarray(tAt + 37).toString('utf8')) as { index: unknown[] };
  trailer.index = trailer.index.map(() => ({ dataset: 5 }));
  const payload = Buffer.from(JSON.stringify(trailer));
  const frame = Buffer.alloc(37);
  frame.write('T', 0, 'latin1');
  frame.writeUInt32BE(payload.length, 1);
  createHash('sha256').update(payload).digest().copy(frame, 5);
  writeFileSync(damaged, Buffer.concat([bytes.subarray(0, tAt), frame, payload]));
  await refuse(
    'a malformed index',
    /damaged: the trailer's index \(at byte \d+\) is not one map of \[least, greatest\] urns per chunk/,
  );
  // The sound bundle still pulls.
  await ok(['pull', bundle, '--data', bo]);
});

test('refusals: push into a bundle, a bundle of this catalog itself, --since of neither, --query, not a bundle', async () => {
  const dir = tempDir();
  const ana = join(dir, 'ana.lmdb');
  await seed(ana);
  const bundle = join(dir, 'ana.bundle');
  await ok(['bundle', 'create', bundle, '--data', ana]);
  for (const args of [
    ['push', bundle],
    ['push', bundle, '--dry-run'],
  ]) {
    const r = await runCli([...args, '--data', ana]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      `error: ${bundle} is a bundle, which is made, not written into: a push cannot send to it. Make one with \`catalog bundle create ${bundle}\` (add --since with the bundle last sent for only what changed)\n`,
    );
  }
  const id = JSON.parse(await ok(['bundle', 'list', bundle, '--json'])).catalog;
  const self = await runCli(['pull', bundle, '--data', ana]);
  assert.equal(
    self.stderr,
    `error: ${bundle} was made from this catalog itself (catalog ${id}): pull it into another file\n`,
  );
  const since = await runCli(['bundle', 'create', join(dir, 'x.bundle'), '--since', 'nowhere', '--data', ana]);
  assert.equal(
    since.stderr,
    'error: --since nowhere: neither a bundle file nor a remote of this file (`catalog remote list` names them)\n',
  );
  assert.equal(existsSync(join(dir, 'x.bundle')), false);
  const query = await runCli(['pull', bundle, '--query', 'orders', '--data', join(dir, 'bo.lmdb')]);
  assert.equal(query.code, 1);
  assert.match(
    query.stderr,
    /--query cannot read a bundle \(.*ana\.bundle\): pull it whole into a file first, or slice it by --type, --platform, --domain, --container, --tag or --urn/,
  );
  const text = join(dir, 'notes.txt');
  writeFileSync(text, 'hello, not a bundle\n');
  const notOne = await runCli(['bundle', 'verify', text]);
  assert.equal(notOne.stderr, `error: ${text}: not a catalog bundle (it does not start with "catalog-bundle 1")\n`);
  const later = join(dir, 'v9.bundle');
  writeFileSync(later, `catalog-bundle 9\n${'x'.repeat(40)}`);
  const v9 = await runCli(['bundle', 'list', later]);
  assert.equal(
    v9.stderr,
    `error: ${later}: a bundle of another format version ("catalog-bundle 9"); this release reads version 1\n`,
  );
  // --since a remote: what changed since the last sync with it (Bo's bases for Ana's bundles).
  const bo = join(dir, 'bo.lmdb');
  await ok(['pull', bundle, '--data', bo]);
  await ingestRecords(bo, [mcp(T3, 'datasetProperties', desc('Refunds'))]);
  const back = join(dir, 'back.bundle');
  assert.match(
    await ok(['bundle', 'create', back, '--since', `bundle:${id}`, '--data', bo]),
    /^Bundled 1 entities, 0 removed/,
  );
  assert.ok((await ok(['bundle', 'list', back])).includes(`needs:      ${await contentOf(bundle)} (made `));
  await ok(['pull', back, '--data', ana]);
  // The catalog a file pulled bundles from is named in it, but is no place to pull from or push to.
  for (const verb of ['push', 'pull']) {
    const r = await runCli([verb, `bundle:${id}`, '--data', bo]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      `error: bundle:${id} is a catalog this file pulled bundles from, which cannot be reached: pull its next bundle (catalog pull FILE), or send it one with \`catalog bundle create FILE --since bundle:${id}\`\n`,
    );
  }
  assert.equal((await getAspectValue(ana, T3, 'datasetProperties')).description, 'Refunds');
});

test('--urn with an incremental bundle applies its removals of the urns named, and only those', async () => {
  const dir = tempDir();
  const ana = join(dir, 'ana.lmdb');
  const bo = join(dir, 'bo.lmdb');
  await seed(ana);
  const b1 = join(dir, 'b1.bundle');
  await ok(['bundle', 'create', b1, '--data', ana]);
  await ok(['pull', b1, '--data', bo]);
  await ingestRecords(ana, [
    { entityType: 'dataset', entityUrn: T2, changeType: 'DELETE', aspectName: 'datasetProperties' },
    mcp(T1, 'datasetProperties', desc('All orders')),
  ]);
  const b2 = join(dir, 'b2.bundle');
  assert.match(
    await ok(['bundle', 'create', b2, '--since', b1, '--data', ana]),
    /^Bundled 1 entities, 1 removed into /,
  );
  assert.ok((await exportOf(bo)).includes('app.users'));
  await ok(['pull', b2, '--urn', T2, '--urn', 'urn:li:tag:pii', '--data', bo]);
  // T2, named and removed there, is removed here; T1, changed there but not named, is as it was.
  assert.ok(!(await exportOf(bo)).includes('app.users'));
  assert.equal((await getAspectValue(bo, T1, 'datasetProperties')).description, 'Orders, one row each');
  await ok(['pull', b2, '--urn', T1, '--data', bo]);
  assert.equal((await getAspectValue(bo, T1, 'datasetProperties')).description, 'All orders');
  assert.ok(!(await exportOf(bo)).includes('app.users'));
});

test('a pull brings the entities the pulled ones point to, found in the records as read: the urns their values name', async () => {
  const dir = tempDir();
  const ana = join(dir, 'ana.lmdb');
  await seed(ana);
  await ingestRecords(ana, [
    mcp(T2, 'ownership', {
      owners: [{ owner: 'urn:li:corpuser:ana', type: 'DATAOWNER' }],
      // A string holding a quote and a backslash: its text is escaped in the record as it is here.
      ownerTypes: { 'a "quoted" \\ key': ['urn:li:corpuser:ana'] },
    }),
  ]);
  const bundle = join(dir, 'ana.bundle');
  await ok(['bundle', 'create', bundle, '--data', ana]);
  const remote = new BundleRemote(bundle);
  try {
    await remote.check();
    let read = 0;
    for await (const page of remote.entities(['dataset', 'tag', 'corpuser'], undefined, 100))
      for (const e of page.entities) {
        const fromText = new Set<string>();
        const fromValues = new Set<string>();
        assert.ok(e.text, e.urn);
        referencedUrnsInText(e.text, fromText);
        referencedUrns([e.urn, ...Array.from(e.aspects.values(), (a) => a.value)], fromValues);
        assert.deepEqual([...fromText].sort(), [...fromValues].sort(), e.urn);
        read++;
      }
    assert.equal(read, 4);
  } finally {
    await remote.close();
  }
  // A pull of the datasets alone brings the tag and the user they name, which the bundle holds.
  const bo = join(dir, 'bo.lmdb');
  await ok(['pull', bundle, '--type', 'dataset', '--data', bo]);
  const b = openCatalog(bo, { readOnly: true });
  try {
    assert.ok(b.getEntity('urn:li:tag:pii'));
    assert.ok(b.getEntity('urn:li:corpuser:ana'));
    assert.equal(b.getEntity('urn:li:tag:gold'), undefined);
  } finally {
    await b.close();
  }
});

test("a lookup by urn reads only the chunks that can hold it (the trailer's index), a history line opening the next chunk included", async () => {
  const dir = tempDir();
  const data = join(dir, 'big.lmdb');
  // A short first description, then a long one: each record is followed by its (short) history
  // line, so a chunk that closes after a record leaves the history line to open the next one.
  await ingestRecords(
    data,
    Array.from({ length: 3000 }, (_, i) => mcp(ds(`big.t${i}`), 'datasetProperties', { description: `t${i}` })),
  );
  await bigCatalog(data);
  const bundle = join(dir, 'big.bundle');
  await ok(['bundle', 'create', bundle, '--data', data]);
  const chunks = [...bundleRecords(bundle)];
  assert.ok(chunks.length >= 4, `${chunks.length} chunks`);
  const urnOf = (line: string) => (JSON.parse(line) as { urn: string }).urn;
  // The entities whose history line opens the next chunk.
  const split = chunks.slice(1).flatMap((lines) => (lines[0]!.startsWith('{"history":') ? [urnOf(lines[0]!)] : []));
  assert.ok(split.length > 0, 'no history line opens a chunk');
  const remote = new BundleRemote(bundle);
  try {
    await remote.check();
    for (const urn of split) {
      assert.deepEqual(
        (await remote.getEntities([urn])).map((e) => e.urn),
        [urn],
      );
      assert.equal((await remote.history(urn, 'datasetProperties')).length, 2, urn);
    }
    // Chunk 0 damaged after the check: a lookup of an urn it cannot hold does not read it; one of its
    // own urns does, and is refused naming it.
    const bytes = readFileSync(bundle);
    const chunk0 = MAGIC.length + 37 + bytes.readUInt32BE(MAGIC.length + 1);
    bytes[chunk0 + 37 + 100]! ^= 1;
    writeFileSync(bundle, bytes);
    const last = urnOf(chunks.at(-1)!.at(-1)!);
    assert.deepEqual(
      (await remote.getEntities([last])).map((e) => e.urn),
      [last],
    );
    await assert.rejects(
      remote.getEntities([urnOf(chunks[0]![0]!)]),
      new RegExp(`damaged: chunk 0 \\(at byte ${chunk0}\\) does not match its checksum`),
    );
  } finally {
    await remote.close();
  }
});

test('records made by worker threads (CATALOG_BUNDLE_WORKERS) make the same bundle as the main thread alone; what they cannot make is said, a bad count refused, a damaged value named', async () => {
  const dir = tempDir();
  const data = join(dir, 'w.lmdb');
  // 3 000 entities with a history each: many batches of 200 entities and several chunks.
  await ingestRecords(
    data,
    Array.from({ length: 3000 }, (_, i) => mcp(ds(`big.t${i}`), 'datasetProperties', { description: `t${i}` })),
  );
  await bigCatalog(data);
  // An entity whose hashed text is larger than the main thread's first buffer for it (64 KiB).
  await ingestRecords(data, [
    mcp('urn:li:tag:pii', 'tagProperties', { name: 'pii' }),
    mcp(ds('big.t7'), 'editableDatasetProperties', { description: 'wide '.repeat(30000) }),
  ]);
  const create = (workers: string, file: string, more: string[] = []) =>
    runCli(['bundle', 'create', join(dir, file), '--data', data, ...more], {
      env: { CATALOG_BUNDLE_WORKERS: workers },
    });
  const made = async (workers: string, file: string, more: string[] = []) => {
    const r = await create(workers, file, more);
    assert.equal(r.code, 0, r.stderr);
    // Asked for by name, workers that were not used would be said here.
    assert.equal(r.stderr, '', `CATALOG_BUNDLE_WORKERS=${workers}`);
    return { content: await contentOf(join(dir, file)), records: [...bundleRecords(join(dir, file))] };
  };
  const alone = await made('0', 'alone.bundle');
  assert.ok(alone.records.length >= 4, `${alone.records.length} chunks`);
  for (const workers of ['1', '3']) {
    const parallel = await made(workers, `w${workers}.bundle`);
    assert.equal(parallel.content, alone.content, `CATALOG_BUNDLE_WORKERS=${workers}`);
    assert.deepEqual(parallel.records, alone.records);
  }
  // A slice by type is made by workers too.
  const datasets = await made('0', 'datasets-alone.bundle', ['--type', 'dataset']);
  assert.equal((await made('2', 'datasets-w2.bundle', ['--type', 'dataset'])).content, datasets.content);
  assert.notEqual(datasets.content, alone.content);
  // --since (and a slice other than by type) is made in the main thread; asked for workers, it says so.
  const since = await create('2', 'since.bundle', ['--since', join(dir, 'alone.bundle')]);
  assert.equal(since.code, 0, since.stderr);
  assert.equal(
    since.stderr,
    'bundle create: records made in the main thread: a bundle --since, or of a slice other than by --type, is made in the main thread\n',
  );
  // A count that is not one is refused, and nothing is written.
  for (const bad of ['two', '-1', '17']) {
    const r = await create(bad, 'bad.bundle');
    assert.notEqual(r.code, 0);
    assert.match(
      r.stderr,
      new RegExp(
        `CATALOG_BUNDLE_WORKERS=${bad}: give a number of worker threads from 0 to 16 \\(0: the records are made in the main thread\\)`,
      ),
    );
    assert.equal(existsSync(join(dir, 'bad.bundle')), false);
  }
  // A damaged value read by a worker fails the bundle as it does in the main thread, naming it.
  const env = rawEnv(data);
  try {
    const table = rawTable(env, 'aspects');
    const key = [ds('big.t2500'), 'datasetProperties', 0];
    const bytes = Buffer.from(table.getBinary(key)!);
    bytes[bytes.length - 3]! ^= 0xff;
    await table.put(key, bytes);
  } finally {
    await env.close();
  }
  const inThread = await create('0', 'damaged-alone.bundle');
  const byWorkers = await create('2', 'damaged-w2.bundle');
  assert.equal(inThread.code, 1, inThread.stderr);
  assert.match(inThread.stderr, /the stored value of aspect datasetProperties of .*big\.t2500.* is damaged/);
  assert.deepEqual(byWorkers, inThread);
  assert.equal(existsSync(join(dir, 'damaged-w2.bundle')), false);
});

test('a snapshot on the latest commit names it (what record workers check they share); after a write the next names another', async () => {
  const dir = tempDir();
  const data = join(dir, 'snap.lmdb');
  await seed(data);
  const store = openCatalog(data);
  try {
    const a = store.snapshot({ latest: true });
    const b = store.snapshot({ latest: true });
    try {
      assert.equal(typeof a.txnId, 'number');
      assert.equal(b.txnId, a.txnId);
    } finally {
      a.done();
      b.done();
    }
    await store.write((txn) => txn.putSetting('touched', true));
    const c = store.snapshot({ latest: true });
    try {
      assert.ok(c.txnId! > a.txnId!, `${c.txnId} after ${a.txnId}`);
    } finally {
      c.done();
    }
    // Not asked for the latest, a snapshot names none.
    const d = store.snapshot();
    assert.equal(d.txnId, undefined);
    d.done();
  } finally {
    await store.close();
  }
});

test('record workers end by themselves, never terminated: when the write fails under them, and after whole runs', async () => {
  // (A worker terminated inside the data file's native code aborted the whole process: CI, stop 54.)
  const dir = tempDir();
  const data = join(dir, 'workers.lmdb');
  await ingestRecords(
    data,
    Array.from({ length: 1500 }, (_, i) =>
      mcp(ds(`w.t${String(i).padStart(4, '0')}`), 'datasetProperties', desc(`T${i}`)),
    ),
  );
  const store = openCatalog(data, { readOnly: true });
  const exitCodes = (workers: { once(e: 'exit', f: (code: number) => void): unknown }[]) =>
    Promise.all(workers.map((w) => new Promise<number>((resolve) => w.once('exit', resolve))));
  try {
    // The write fails at the first batch, while the workers make the next ones (or wait for credit).
    const failing = await startRecordWorkers(store, () => true, 2);
    assert.ok('run' in failing, 'why' in failing ? failing.why : '');
    const failed = exitCodes(failing.run.workers);
    const broken = {
      putEncoded() {
        throw new Error('no space left on device');
      },
    } as unknown as BundleWriter;
    await assert.rejects(
      writeFromWorkers(store, failing.run, broken, () => {}),
      /no space left on device/,
    );
    // 1 is a terminated worker's exit code.
    assert.deepEqual(await failed, [0, 0]);

    // Whole runs, into a real writer: every entity once, in order, and the workers end by themselves.
    for (let round = 0; round < 5; round++) {
      const started = await startRecordWorkers(store, () => true, 1);
      assert.ok('run' in started, 'why' in started ? started.why : '');
      const ended = exitCodes(started.run.workers);
      const header: BundleHeader = {
        format: FORMAT_NAME,
        version: 1,
        maker: 'test',
        date: '',
        catalog: 'c',
        incremental: false,
        covers: {},
        since: [],
        codec: 'br',
      };
      const writer = new BundleWriter(async () => {}, header);
      await writer.start();
      const done = await writeFromWorkers(store, started.run, writer, () => {});
      assert.equal(done.entities, 1500);
      assert.deepEqual(await ended, [0]);
    }
  } finally {
    await store.close();
  }
});
