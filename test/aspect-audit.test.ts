/**
 * The audit of our aspect declarations against DataHub's schema (scripts/aspect-audit.ts, issue 48
 * item 5), over the pinned acryl-datahub's Avro bundle: every required field and enum DataHub declares
 * for an aspect we declare a shape for is checked on write, or listed with its reason in
 * scripts/aspect-audit-accepted.ts; no accepted entry is stale; nowhere is our shape stricter than
 * DataHub's (a value DataHub accepts refused here). The audit finds what it must: a symbol of
 * DataHub's we would refuse, the checks an aspect stored as given leaves open.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runAudit, schemaBundlePath } from '../scripts/aspect-audit.ts';
import { requirePython } from './interop/setup.ts';
import { tempDir } from './helpers.ts';

requirePython('ASPECT AUDIT SUITE');

describe('the audit of our aspect declarations against DataHub’s schema', () => {
  it('finds no open gap, no stale accepted entry and nothing stricter than DataHub', () => {
    const r = runAudit();
    assert.ok(r.audited.length >= 100, `${r.audited.length} aspects audited`);
    assert.ok(r.audited.includes('ownership') && r.audited.includes('upstreamLineage'));
    const show = (fs: typeof r.open) => fs.map((f) => `${f.aspect} ${f.path} ${f.kind}: ${f.detail}`);
    assert.deepEqual(show(r.open), []);
    assert.deepEqual(r.stale, []);
    assert.deepEqual(show(r.findings.filter((f) => f.kind === 'stricter')), []);
  });

  it('reports a symbol of DataHub’s we would refuse, and a gap accepted with its reason as accepted, not open', () => {
    // DataHub's schema with one more symbol in an owner's source type: our declaration, which lists
    // the pinned release's symbols, would refuse a value DataHub accepts.
    const text = readFileSync(schemaBundlePath(), 'utf8');
    assert.ok(text.includes('"SOURCE_CONTROL",'));
    const file = join(tempDir(), 'schema.avsc');
    writeFileSync(file, text.replace('"SOURCE_CONTROL",', '"SOURCE_CONTROL","TICKET",'));
    const r = runAudit(file);
    const show = (aspect: string) =>
      r.findings.filter((f) => f.aspect === aspect).map((f) => `${f.path} ${f.kind}: ${f.detail}`);
    assert.deepEqual(show('ownership'), [
      "owners[].source.type stricter: refuses TICKET of DataHub's OwnershipSourceType",
    ]);
    assert.ok(r.open.some((f) => f.aspect === 'ownership'));
    // A gap accepted with its reason is still found, and counted as accepted, not open: the event
    // time of a timeseries aspect, which the store of events checks with its own message.
    const profile = show('datasetProfile');
    assert.ok(
      profile.includes('timestampMillis required: DataHub requires it (no default); not required here'),
      profile.join('; '),
    );
    assert.ok(!r.open.some((f) => f.aspect === 'datasetProfile'));
  });
});
