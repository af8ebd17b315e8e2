// DataHub's Python emitter and CLI against a real `catalog serve` (acryl-datahub pinned in
// scripts/interop-venv.sh): If-Version-Match refused and honoured, CREATE + If-None-Match: * kept,
// and `datahub ingest rollback --run-id` restoring what the run replaced.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';
import { tempDir } from './helpers.ts';

requirePython('INTEROP CONDITIONAL WRITES');

describe('DataHub emitter conditional writes and rollback against catalog serve', {
  skip: !hasPython && 'python3 missing',
}, () => {
  let t: Interop;
  before(async () => {
    t = await startInterop(join(tempDir(), 'catalog.lmdb'));
  });
  after(async () => {
    await t?.server.stop();
  });
  const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,interop.cond,PROD)';
  const description = async (): Promise<unknown> => {
    const r = await t.dh(['get', '--urn', URN, '--aspect', 'editableDatasetProperties']);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).editableDatasetProperties?.description;
  };

  it("a stale If-Version-Match raises with DataHub's message, a fresh one writes, CREATE + If-None-Match: * keeps the value; rollback of the run restores it", async () => {
    const out = await t.py('conditional_writes.py', ['interop.cond']);
    assert.match(out.stale, /Expected version 5, actual version 1/);
    assert.equal(out.created, 'no error');
    assert.equal(await description(), 'second');
    const r = await t.dh(['ingest', 'rollback', '--run-id', 'interop-run-1', '--force']);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.equal(await description(), 'first');
  });
});
