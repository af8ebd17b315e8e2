/**
 * Side effects of aspect writes: registered by their features, run by writeAspect inside the write's
 * transaction, and writeAspect itself wired to no feature.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { registeredSideEffects, registerSideEffect, type AspectWrite } from '../src/ops/core/sideEffects.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import type { Store } from '../src/store/store.ts';
import { ROOT, tempDataPath } from './helpers.ts';

const stamp = { actor: 'urn:li:corpuser:probe', time: 1_700_000_000_000 };
const A = 'urn:li:dataset:(urn:li:dataPlatform:hive,effects,PROD)';
const B = 'urn:li:dataset:(urn:li:dataPlatform:hive,effects_mirror,PROD)';

describe('side effects of aspect writes', () => {
  let store: Store;
  const seen: Array<{ previous: unknown; value: unknown; mirrored: unknown }> = [];

  before(() => {
    store = openCatalog(tempDataPath());
    // A probe on an aspect no feature uses: `before` stamps the value, `after` mirrors it onto B and
    // records what it saw, including B's mirror read back through the write's own transaction.
    registerSideEffect({
      name: 'probeMirror',
      aspect: 'sideEffectProbe',
      before: (w: AspectWrite) => ({ ...(w.value as object), stamped: true }),
      after: (w: AspectWrite) => {
        w.put(B, 'sideEffectProbe', { mirrorOf: w.urn, n: (w.value as { n: number }).n });
        seen.push({ previous: w.previous, value: w.value, mirrored: w.txn.getAspect(B, 'sideEffectProbe')?.value });
      },
    });
  });
  after(() => store.close());

  it('lists the effects the features register, by aspect', () => {
    const listed = registeredSideEffects();
    for (const e of [
      { name: 'assertionRunSummary', aspect: 'assertionRunEvent' },
      { name: 'versionSetLatest', aspect: 'versionProperties' },
      { name: 'versionIsLatest', aspect: 'versionSetProperties' },
    ]) {
      assert.ok(
        listed.some((l) => l.name === e.name && l.aspect === e.aspect),
        `${e.name} on ${e.aspect} is registered`,
      );
    }
  });

  it('runs before and after the aspect is stored, in the same transaction', async () => {
    await store.write((txn) => writeAspect(txn, stamp, A, 'sideEffectProbe', { n: 1 }));
    await store.write((txn) => writeAspect(txn, stamp, A, 'sideEffectProbe', { n: 2 }));
    assert.deepEqual(store.getAspect(A, 'sideEffectProbe')?.value, { n: 2, stamped: true });
    assert.deepEqual(store.getAspect(B, 'sideEffectProbe')?.value, { mirrorOf: A, n: 2 });
    assert.deepEqual(seen, [
      { previous: undefined, value: { n: 1, stamped: true }, mirrored: { mirrorOf: A, n: 1 } },
      { previous: { n: 1, stamped: true }, value: { n: 2, stamped: true }, mirrored: { mirrorOf: A, n: 2 } },
    ]);
  });

  it('rolls back with the write that ran it', async () => {
    await assert.rejects(
      store.write((txn) => {
        writeAspect(txn, stamp, A, 'sideEffectProbe', { n: 3 });
        throw new Error('abort');
      }),
      /abort/,
    );
    assert.deepEqual(store.getAspect(B, 'sideEffectProbe')?.value, { mirrorOf: A, n: 2 });
  });

  it('keeps the run summary of an assertion through writeAspect alone', async () => {
    const assertion = 'urn:li:assertion:effects';
    await store.write((txn) => {
      writeAspect(txn, stamp, assertion, 'assertionInfo', {
        type: 'CUSTOM',
        customAssertion: { type: 'probe', entity: A },
      });
      writeAspect(txn, stamp, assertion, 'assertionRunEvent', {
        timestampMillis: 5,
        runId: '5',
        assertionUrn: assertion,
        asserteeUrn: A,
        status: 'COMPLETE',
        result: { type: 'FAILURE' },
      });
    });
    assert.equal(
      (store.getAspect(assertion, 'assertionRunSummary')?.value as { assertionStatus?: string } | undefined)
        ?.assertionStatus,
      'FAILING',
    );
  });

  it('writeAspect imports no feature module', () => {
    const source = readFileSync(join(ROOT, 'src', 'ops', 'core', 'writeAspect.ts'), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
    assert.ok(imports.length > 0);
    for (const i of imports)
      assert.match(i, /^(\.\.\/\.\.\/(model|store)\/|\.\/sideEffects\.ts$)/, `writeAspect imports ${i}`);
  });

  it('refuses to write when the features have not registered their effects', () => {
    const script = `
      const { writeAspect } = await import(${JSON.stringify(join(ROOT, 'src', 'ops', 'core', 'writeAspect.ts'))});
      try { writeAspect({}, { actor: 'urn:li:corpuser:x', time: 1 }, ${JSON.stringify(A)}, 'status', { removed: false }); console.log('wrote'); }
      catch (e) { console.log(e.message); }`;
    const run = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', script],
      { cwd: ROOT, encoding: 'utf8' },
    );
    assert.match(run.stdout, /side effects are not registered/, run.stderr);
  });
});
