// The sample, read by DataHub's own classes (issue 48 item 5): `catalog ingest --sample` then
// `catalog export`, and every exported aspect through the pinned acryl-datahub's class of its name
// (test/interop/py/sample_aspects.py: `from_obj`, `validate()`, and back), without a loss. DataHub's
// reader dropped the sample's column lineage while it used an upstream type `FIELD`, which its schema
// does not have; a value DataHub cannot read is now refused on write, and the sample holds none.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { datahubExecutable, requirePython } from './interop/setup.ts';
import { ROOT, runCli, runProcess, tempDir } from './helpers.ts';

requirePython('SAMPLE INTEROP SUITE');

describe('the sample, read through DataHub’s classes', () => {
  it('every aspect `catalog export` writes of the sample is read by acryl-datahub without a loss', async () => {
    const dir = tempDir();
    const data = join(dir, 'catalog.lmdb');
    const file = join(dir, 'sample.json');
    const ingest = await runCli(['ingest', '--sample', '--data', data]);
    assert.equal(ingest.code, 0, ingest.stderr);
    const exported = await runCli(['export', '-f', file, '--data', data]);
    assert.equal(exported.code, 0, exported.stderr);
    const count = Number(/Exported (\d+) aspects/.exec(exported.stdout)?.[1]);
    const python = join(datahubExecutable(), '..', 'python');
    const r = await runProcess(python, [join(ROOT, 'test', 'interop', 'py', 'sample_aspects.py'), file], {
      env: { PYTHONWARNINGS: 'ignore', DATAHUB_TELEMETRY_ENABLED: 'false' },
    });
    assert.equal(r.code, 0, r.stderr);
    const result = JSON.parse(r.stdout.trim().split('\n').pop()!) as { aspects: number; problems: string[] };
    assert.ok(count > 100, exported.stdout);
    assert.equal(result.aspects, count);
    assert.deepEqual(result.problems, []);
  });
});
