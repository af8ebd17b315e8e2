/**
 * Opt-in: sync against a real DataHub GMS. Set CATALOG_TEST_DATAHUB_URL to the GMS's URL (e.g.
 * http://localhost:8080 of DataHub's quickstart) and, when it requires one, DATAHUB_GMS_TOKEN to a
 * personal access token; skipped otherwise (the only skip the suite allows). It writes one dataset
 * with a name of its own, under runIds it rolls back, and deletes that dataset at the end.
 * The same steps run against `catalog serve` in test/sync-cli.test.ts; this checks DataHub's answers.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { mcp, runCli, tempDir } from './helpers.ts';

const GMS = process.env['CATALOG_TEST_DATAHUB_URL']?.replace(/\/+$/, '');
const TOKEN = process.env['DATAHUB_GMS_TOKEN'];
const URN = `urn:li:dataset:(urn:li:dataPlatform:hive,catalog_sync_test_${randomBytes(4).toString('hex')},PROD)`;
const tags = (...names: string[]) => ({ tags: names.map((n) => ({ tag: `urn:li:tag:${n}` })) });

const headers = (): Record<string, string> => ({
  'content-type': 'application/json',
  'X-RestLi-Protocol-Version': '2.0.0',
  ...(TOKEN && { authorization: `Bearer ${TOKEN}` }),
});

/** Writes an aspect straight to the GMS, as someone else editing the remote. */
async function remoteWrite(aspectName: string, value: unknown): Promise<void> {
  const res = await fetch(`${GMS}/aspects?action=ingestProposal`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({
      proposal: {
        entityType: 'dataset',
        entityUrn: URN,
        changeType: 'UPSERT',
        aspectName,
        aspect: { contentType: 'application/json', value: JSON.stringify(value) },
      },
    }),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
}

/** The aspect's value on the GMS (Rest.li's read of the latest version), or undefined. */
async function remoteRead(aspectName: string): Promise<any> {
  const res = await fetch(`${GMS}/aspects/${encodeURIComponent(URN)}?aspect=${aspectName}&version=0`, {
    headers: headers(),
  });
  if (res.status === 404) return undefined;
  const text = await res.text();
  assert.equal(res.status, 200, text);
  const body = JSON.parse(text) as { aspect: Record<string, unknown> };
  return Object.values(body.aspect)[0];
}

const tagNames = (v: any): string[] =>
  (v?.tags ?? []).map((t: { tag: string }) => t.tag.replace('urn:li:tag:', '')).sort();

async function ingest(data: string, records: unknown[]): Promise<void> {
  const file = join(tempDir(), 'mcps.json');
  writeFileSync(file, JSON.stringify(records));
  const r = await runCli(['ingest', '-f', file, '--data', data]);
  assert.equal(r.code, 0, r.stderr);
}

async function rollback(runId: string): Promise<void> {
  const res = await fetch(`${GMS}/runs?action=rollback`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ runId, dryRun: false, hardDelete: true }),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
}

test('a real DataHub GMS as a remote: push, pull a slice, push merges a tag and refuses a conflicting description, a never-synced file fast-forwards, rollback', {
  skip: GMS ? false : 'set CATALOG_TEST_DATAHUB_URL to run against a DataHub GMS',
}, async () => {
  const dir = tempDir();
  const first = join(dir, 'first.lmdb');
  const runIds: string[] = [];
  try {
    // A local catalog graduates one dataset into DataHub with a push.
    await ingest(first, [
      mcp(URN, 'globalTags', tags('pii')),
      mcp(URN, 'editableDatasetProperties', { description: 'Orders' }),
    ]);
    const pushed = await runCli(['push', GMS!, '--data', first, '--json']);
    assert.equal(pushed.code, 0, pushed.stdout + pushed.stderr);
    runIds.push(JSON.parse(pushed.stdout).runId);
    assert.deepEqual(tagNames(await remoteRead('globalTags')), ['pii']);
    assert.equal((await remoteRead('editableDatasetProperties'))?.description, 'Orders');

    // Someone else pulls a slice of DataHub: that one dataset.
    const laptop = join(dir, 'laptop.lmdb');
    const pulled = await runCli(['pull', GMS!, '--urn', URN, '--data', laptop, '--json']);
    assert.equal(pulled.code, 0, pulled.stdout + pulled.stderr);
    const got = await runCli(['get', '--urn', URN, '--aspect', 'globalTags', '--data', laptop]);
    assert.deepEqual(tagNames(JSON.parse(got.stdout)['globalTags']), ['pii']);

    // Edits on both sides: DataHub gets a tag, the laptop another; push merges them.
    await remoteWrite('globalTags', tags('pii', 'gold'));
    await ingest(laptop, [mcp(URN, 'globalTags', tags('pii', 'finance'))]);
    const merged = await runCli(['push', GMS!, '--data', laptop, '--json']);
    assert.equal(merged.code, 0, merged.stdout + merged.stderr);
    runIds.push(JSON.parse(merged.stdout).runId);
    assert.deepEqual(tagNames(await remoteRead('globalTags')), ['finance', 'gold', 'pii']);

    // Both change the description: the push stops before writing anything.
    await remoteWrite('editableDatasetProperties', { description: 'Orders, one row each' });
    await ingest(laptop, [mcp(URN, 'editableDatasetProperties', { description: 'All orders' })]);
    const refused = await runCli(['push', GMS!, '--data', laptop, '--json']);
    assert.equal(refused.code, 1, refused.stdout + refused.stderr);
    assert.match(refused.stdout + refused.stderr, /editableDatasetProperties/);
    assert.equal((await remoteRead('editableDatasetProperties'))?.description, 'Orders, one row each');
    // --ours settles it.
    const ours = await runCli(['push', GMS!, '--data', laptop, '--ours', '--json']);
    assert.equal(ours.code, 0, ours.stdout + ours.stderr);
    runIds.push(JSON.parse(ours.stdout).runId);
    assert.equal((await remoteRead('editableDatasetProperties'))?.description, 'All orders');

    // A file that never synced with DataHub holds the description's first version: DataHub's older
    // versions (`?version=k`) show it behind, so the pull fast-forwards it instead of a conflict.
    const stale = join(dir, 'stale.lmdb');
    await ingest(stale, [mcp(URN, 'editableDatasetProperties', { description: 'Orders' })]);
    const forwarded = await runCli(['pull', GMS!, '--urn', URN, '--data', stale, '--json']);
    assert.equal(forwarded.code, 0, forwarded.stdout + forwarded.stderr);
    assert.deepEqual(JSON.parse(forwarded.stdout).conflicts, []);
    const now = await runCli(['get', '--urn', URN, '--aspect', 'editableDatasetProperties', '--data', stale]);
    assert.equal(JSON.parse(now.stdout)['editableDatasetProperties'].description, 'All orders');

    // Rolling back the last push's run restores what DataHub held before it.
    await rollback(runIds.pop()!);
    assert.equal((await remoteRead('editableDatasetProperties'))?.description, 'Orders, one row each');
  } finally {
    for (const runId of runIds.reverse()) await rollback(runId).catch(() => undefined);
    await fetch(`${GMS}/entities?action=delete`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ urn: URN }),
    }).catch(() => undefined);
  }
});
