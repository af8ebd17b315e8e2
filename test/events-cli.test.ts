// `catalog events` (issue 47, Deliver 4) through the executable: the events after an offset or since a
// time, as lines or JSON lines, the retention it sets, and its mistakes refused with what was wrong.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ingestRecords, mcp, runCli, tempDir } from './helpers.ts';

const D = 'urn:li:dataset:(urn:li:dataPlatform:hive,cli_events,PROD)';

describe('catalog events', () => {
  it('prints the events after an offset or since a time, as lines or JSON lines; sets the retention', async () => {
    const data = join(tempDir(), 'catalog.lmdb');
    await ingestRecords(data, [mcp(D, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] })]);
    const all = await runCli(['events', '--data', data]);
    assert.equal(all.code, 0, all.stderr);
    const lines = all.stdout.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(
      lines[0]!,
      new RegExp(`^1  \\S+Z  LIFECYCLE CREATE  ${D.replace(/[()]/g, '\\$&')}  by urn:li:corpuser:datahub$`),
    );
    assert.match(
      lines[1]!,
      /^1 {2}\S+Z {2}TAG ADD {2}urn:li:dataset:\(urn:li:dataPlatform:hive,cli_events,PROD\) {2}urn:li:tag:pii {2}by /,
    );
    const json = await runCli(['events', '--json', '--since', '2000-01-01', '--data', data]);
    assert.equal(json.code, 0, json.stderr);
    const events = json.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      events.map((e) => [e.offset, e.event.category, e.event.operation]),
      [
        [1, 'LIFECYCLE', 'CREATE'],
        [1, 'TAG', 'ADD'],
      ],
    );
    assert.equal((await runCli(['events', '--after', '1', '--data', data])).stdout, '');
    const keep = await runCli(['events', '--keep-days', '3', '--data', data]);
    assert.equal(keep.code, 0, keep.stderr);
    assert.equal(keep.stdout, '1 change logged (offsets 1 to 1); the file keeps 3 days of changes, at most 1000000.\n');
  });

  it('refuses a bad --since, --after or retention with what was wrong (exit 2)', async () => {
    const data = join(tempDir(), 'catalog.lmdb');
    await ingestRecords(data, [mcp(D, 'globalTags', { tags: [] })]);
    const since = await runCli(['events', '--since', 'yesterdayish', '--data', data]);
    assert.equal(since.code, 2);
    assert.match(
      since.stderr,
      /--since: "yesterdayish" is not a time \(give an ISO 8601 date or time, e\.g\. 2026-01-31T12:00:00Z, or milliseconds since the epoch\)/,
    );
    const after = await runCli(['events', '--after', 'x1', '--data', data]);
    assert.equal(after.code, 2);
    assert.match(after.stderr, /--after: "x1" is not an offset this catalog gave \(a whole number ≥ 0\)/);
    const keep = await runCli(['events', '--keep-days', '0', '--data', data]);
    assert.equal(keep.code, 2);
    assert.match(keep.stderr, /--keep-days: expected a number above 0, got 0/);
    const both = await runCli(['events', '--after', '1', '--since', '2000-01-01', '--data', data]);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /mutually exclusive|conflict/i);
  });
});
