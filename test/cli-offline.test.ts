// catalog put / deprecate / export, and the offline commands on a data file a server has open.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as lmdb from 'lmdb';
import { SAMPLE_MCPS, SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { catalogCommand, ROOT, runCli, runProcess, serveCatalog, tempDataPath, tempDir, writeTemp } from './helpers.ts';
import { GROUP_YAML, USERS_YAML } from './fixtures/identity.ts';
import { withoutChecksums } from './formats.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function sampleData(): Promise<string> {
  const data = tempDataPath();
  const r = await runCli(['ingest', '--sample', '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  return data;
}

async function aspect(data: string, urn: string, name: string): Promise<any> {
  const r = await runCli(['get', '--urn', urn, '--aspect', name, '--data', data]);
  return (JSON.parse(r.stdout) as Record<string, unknown>)[name];
}

describe('catalog put', () => {
  it('writes an aspect from JSON, YAML or stdin and prints what datahub put prints', async () => {
    const data = tempDataPath();
    const json = await runCli([
      'put',
      '--urn',
      'urn:li:tag:pii',
      '--aspect',
      'tagProperties',
      '-d',
      writeTemp('t.json', '{"name":"PII"}'),
      '--data',
      data,
    ]);
    assert.equal(json.stdout, 'Update succeeded with status 200\n');
    assert.deepEqual(await aspect(data, 'urn:li:tag:pii', 'tagProperties'), { name: 'PII' });
    await runCli([
      'put',
      '--urn',
      'urn:li:tag:pii',
      '--aspect',
      'tagProperties',
      '-d',
      writeTemp('t.yaml', 'name: PII\ndescription: personal data\n'),
      '--data',
      data,
    ]);
    assert.deepEqual(await aspect(data, 'urn:li:tag:pii', 'tagProperties'), {
      name: 'PII',
      description: 'personal data',
    });
    await runCli(['put', '--urn', 'urn:li:tag:pii', '--aspect', 'tagProperties', '-d', '-', '--data', data], {
      input: '{"name":"PII","colorHex":"#f00"}',
    });
    assert.equal((await aspect(data, 'urn:li:tag:pii', 'tagProperties')).colorHex, '#f00');
  });

  it('rejects an invalid value at the line of the bad field, and an invalid urn; nothing written', async () => {
    const data = tempDataPath();
    const bad = await runCli([
      'put',
      '--urn',
      S.hiveSample,
      '--aspect',
      'schemaMetadata',
      '-d',
      writeTemp(
        's.yaml',
        'schemaName: s\nplatform: urn:li:dataPlatform:hive\nversion: 0\nhash: ""\nplatformSchema: {}\nfields:\n  - fieldPath: a\n    nativeDataType: 5\n    type: {type: {}}\n',
      ),
      '--data',
      data,
    ]);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /s\.yaml:8:21: Invalid schemaMetadata at fields\[0\]\.nativeDataType: expected a string, got number 5/,
    );
    const urn = await runCli([
      'put',
      '--urn',
      'urn:li:dataset:oops',
      '--aspect',
      'status',
      '-d',
      writeTemp('st.json', '{"removed":false}'),
      '--data',
      data,
    ]);
    assert.match(urn.stderr, /Invalid urn "urn:li:dataset:oops": a dataset urn has the form/);
    assert.equal((await runCli(['get', '--urn', S.hiveSample, '--data', data])).code, 1);
  });
});

describe('a limited address space', () => {
  // The store maps a data file at 64 GiB of address space from the start (src/store/store.ts
  // MAP_SIZE). Under `ulimit -v` (48 GiB here: less than that map, enough for node and for tsx's
  // WebAssembly) such a map does not fit, and lmdb crashes on it instead of failing.
  it("under ulimit -v, commands open a data file with lmdb's growing map instead of crashing", {
    skip: process.platform !== 'linux' && 'ulimit -v is a Linux limit here',
  }, async () => {
    const data = tempDataPath();
    const limited = (args: string[]) => {
      const [cmd, cmdArgs] = catalogCommand(args);
      return runProcess('bash', ['-c', 'ulimit -v 50331648 && exec "$@"', 'limited', cmd, ...cmdArgs]);
    };
    // Written without the limit first: the file then records the 64 GiB map, which a limited process must not take.
    const put = await runCli([
      'put',
      '--urn',
      'urn:li:tag:pii',
      '--aspect',
      'tagProperties',
      '-d',
      writeTemp('lim.json', '{"name":"PII"}'),
      '--data',
      data,
    ]);
    assert.equal(put.code, 0, put.stderr);
    const get = await limited(['get', '--urn', 'urn:li:tag:pii', '--data', data]);
    assert.equal(get.code, 0, get.stderr);
    assert.deepEqual(JSON.parse(get.stdout).tagProperties, { name: 'PII' });
    const limitedPut = await limited([
      'put',
      '--urn',
      'urn:li:tag:pci',
      '--aspect',
      'tagProperties',
      '-d',
      writeTemp('lim2.json', '{"name":"PCI"}'),
      '--data',
      data,
    ]);
    assert.equal(limitedPut.code, 0, limitedPut.stderr);
    assert.deepEqual(await aspect(data, 'urn:li:tag:pci', 'tagProperties'), { name: 'PCI' });
  });
});

describe('catalog deprecate', () => {
  it('deprecates several urns (one line each), with a note and a date, and --undo reverses it', async () => {
    const data = await sampleData();
    const file = writeTemp('urns.txt', `# datasets to retire\n"${S.hdfsSample}"\n\n${S.kafkaSample}\n`);
    const r = await runCli([
      'deprecate',
      '--urn',
      S.hiveSample,
      '--file',
      file,
      '--note',
      'moved to lakehouse',
      '--decommission-time',
      '2026-12-31',
      '--data',
      data,
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `Deprecated ${S.hiveSample}\nDeprecated ${S.hdfsSample}\nDeprecated ${S.kafkaSample}\n`);
    assert.deepEqual(await aspect(data, S.kafkaSample, 'deprecation'), {
      actor: 'urn:li:corpuser:datahub',
      decommissionTime: Date.parse('2026-12-31'),
      deprecated: true,
      note: 'moved to lakehouse',
    });
    const undo = await runCli(['deprecate', '--urn', S.kafkaSample, '--undo', '--data', data]);
    assert.equal(undo.stdout, `Un-deprecated ${S.kafkaSample}\n`);
    assert.deepEqual(await aspect(data, S.kafkaSample, 'deprecation'), {
      actor: 'urn:li:corpuser:datahub',
      deprecated: false,
      note: '',
    });
  });

  it('one unknown urn changes nothing and names it', async () => {
    const data = await sampleData();
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,ghost,PROD)';
    const r = await runCli(['deprecate', '--urn', S.hdfsSample, '--urn', missing, '--data', data]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `error: Failed to update resource with urn ${missing}. Entity does not exist.\n`);
    assert.equal(await aspect(data, S.hdfsSample, 'deprecation'), undefined);
  });

  it('rejects a date that is not a date, and a command without urns', async () => {
    const data = await sampleData();
    const r = await runCli(['deprecate', '--urn', S.hdfsSample, '--decommission-time', 'next week', '--data', data]);
    assert.match(r.stderr, /--decommission-time: "next week" is not a date/);
    const none = await runCli(['deprecate', '--data', data]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /Name the entities with --urn URN \(repeatable\) or --file FILE\./);
  });
});

describe('catalog export', () => {
  it('export → ingest into a fresh file → export again gives identical output', async () => {
    const data = await sampleData();
    await runCli(['user', 'upsert', '-f', writeTemp('u.yaml', USERS_YAML), '--data', data]);
    await runCli(['group', 'upsert', '-f', writeTemp('g.yaml', GROUP_YAML), '--data', data]);
    // Timeseries events (two profiles of one dataset) travel with their entity.
    for (const [time, rows] of [
      [1000, 5],
      [2000, 7],
    ]) {
      const put = await runCli([
        'put',
        '--urn',
        S.hiveSample,
        '--aspect',
        'datasetProfile',
        '-d',
        writeTemp(`p${time}.json`, JSON.stringify({ timestampMillis: time, rowCount: rows })),
        '--data',
        data,
      ]);
      assert.equal(put.code, 0, put.stderr);
    }
    const dir = tempDir();
    const first = join(dir, 'first.json');
    const r = await runCli(['export', '-f', first, '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    // The sample's entities, and the three users and the group just upserted.
    const entities = new Set(SAMPLE_MCPS.map((m) => m['entityUrn'])).size + 3;
    assert.match(
      r.stdout,
      new RegExp(`^Exported \\d+ aspects of ${entities} entities to .*first\\.json in \\d+\\.\\d\\ds\n$`),
    );
    const fresh = tempDataPath();
    assert.equal((await runCli(['ingest', '-f', first, '--data', fresh])).code, 0);
    const second = join(dir, 'second.json');
    await runCli(['export', '-f', second, '--data', fresh]);
    assert.equal(readFileSync(second, 'utf8'), readFileSync(first, 'utf8'));
    const records = JSON.parse(readFileSync(first, 'utf8')) as Array<{
      entityType: string;
      entityUrn: string;
      aspectName: string;
      aspect: { json: unknown };
    }>;
    assert.ok(records.every((x) => 'json' in x.aspect));
    const profiles = records.filter((x) => x.aspectName === 'datasetProfile' && x.entityUrn === S.hiveSample);
    assert.deepEqual(
      profiles.map((x) => x.aspect.json),
      [
        { timestampMillis: 1000, rowCount: 5 },
        { timestampMillis: 2000, rowCount: 7 },
      ],
    );
  });

  it('--entity-type limits the export; an unknown type is an error', async () => {
    const data = await sampleData();
    const r = await runCli(['export', '-f', '-', '--entity-type', 'tag', '--data', data]);
    assert.deepEqual(JSON.parse(r.stdout), [
      {
        entityType: 'tag',
        entityUrn: 'urn:li:tag:Legacy',
        changeType: 'UPSERT',
        aspectName: 'tagProperties',
        aspect: { json: { name: 'Legacy', description: 'Indicates the dataset is no longer supported' } },
      },
      ...SAMPLE_MCPS.filter((m) => m['entityType'] === 'tag' && m['entityUrn'] !== S.legacy),
    ]);
    const bad = await runCli(['export', '-f', '-', '--entity-type', 'notebook', '--data', data]);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /--entity-type: no entities of type notebook; the catalog has chart, container, corpGroup, corpuser, dashboard, .*, tag\n/,
    );
  });
});

describe('a data file of an older format', () => {
  it('reads as it is; the first command that writes moves it to the current format, giving every value its checksum, and says so once', async () => {
    const data = tempDataPath();
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,old.table,PROD)';
    const put = await runCli([
      'put',
      '--urn',
      urn,
      '--aspect',
      'datasetProperties',
      '-d',
      writeTemp('p.json', JSON.stringify({ description: 'from before' })),
      '--data',
      data,
    ]);
    assert.equal(put.code, 0, put.stderr);
    // As a release of format 2 left it: no checksums, no dictionary (its short values never compressed).
    const values = await withoutChecksums(data, 2);
    const env = lmdb.open({ path: data, compression: false, maxDbs: 32, encoding: 'msgpack' });
    await env.openDB('meta', {}).remove('valueDictionary');
    await env.close();
    // Reading needs no move: a reading command leaves the file as it is, and says nothing.
    const read = await runCli(['get', '--urn', urn, '--aspect', 'datasetProperties', '--data', data]);
    assert.equal(read.code, 0, read.stderr);
    assert.match(read.stdout, /from before/);
    assert.equal(read.stderr, '');
    const write = () => runCli(['deprecate', '--urn', urn, '--data', data]);
    const first = await write();
    assert.equal(first.code, 0, first.stderr);
    const lines = first.stderr.split('\n');
    assert.equal(
      lines[0],
      `catalog: giving the ${values} values of ${data} their checksums (a file written before them; once, and an interrupted run goes on where it stopped) …`,
    );
    assert.match(
      lines[1]!,
      new RegExp(
        `^catalog: ${escapeRegExp(data)}: every value has its checksum now \\(${values} given in [\\d.]+s\\)$`,
      ),
    );
    assert.equal(
      lines[2],
      `catalog: ${data} was data file format 2; it is format 4 now, which older releases refuse to open.`,
    );
    assert.equal(lines.length, 4);
    const after = await runCli(['get', '--urn', urn, '--aspect', 'datasetProperties', '--data', data]);
    assert.match(after.stdout, /from before/);
    const again = await write();
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stderr, '');
  });
});

describe('offline commands on a file a server has open', () => {
  it('user upsert, deprecate and ingest show at once on the server; concurrent GraphQL mutations are not lost', async () => {
    const data = await sampleData();
    const server = await serveCatalog(['serve', '--port', '0', '--data', data]);
    const gql = async (query: string) => {
      const res = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      return (await res.json()) as { data: any; errors?: unknown[] };
    };
    try {
      for (let i = 0; i < 10; i++) await gql(`mutation { createTag(input: { id: "live${i}", name: "live${i}" }) }`);
      const readDataset = `{ dataset(urn: "${S.usersCreated}") { properties { description } deprecation { deprecated note } tags { tags { tag { urn } } } } corpUser(urn: "urn:li:corpuser:bar@acryl.io") { editableProperties { slack } } }`;
      // Read first: the server keeps the decoded values it read, and must still see the other processes' writes.
      const before = await gql(readDataset);
      assert.notEqual(before.data.dataset.properties.description, 'from a CLI ingest');
      assert.equal(before.data.dataset.deprecation.deprecated, false);
      // GraphQL mutations run while three CLI processes write the same file.
      const mutations = Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          gql(`mutation { addTags(input: { tagUrns: ["urn:li:tag:live${i}"], resourceUrn: "${S.usersCreated}" }) }`),
        ),
      );
      const mcps = writeTemp(
        'live.json',
        JSON.stringify([
          {
            entityUrn: S.usersCreated,
            entityType: 'dataset',
            changeType: 'UPSERT',
            aspectName: 'editableDatasetProperties',
            aspect: { json: { description: 'from a CLI ingest' } },
          },
        ]),
      );
      const cli = await Promise.all([
        runCli(['user', 'upsert', '-f', writeTemp('u.yaml', USERS_YAML), '--data', data]),
        runCli(['deprecate', '--urn', S.usersCreated, '--note', 'live', '--data', data]),
        runCli(['ingest', '-f', mcps, '--data', data]),
      ]);
      for (const r of cli) assert.equal(r.code, 0, r.stderr);
      for (const r of await mutations) assert.deepEqual(r.data, { addTags: true });
      const read = await gql(readDataset);
      assert.equal(read.data.dataset.properties.description, 'from a CLI ingest');
      assert.deepEqual(read.data.dataset.deprecation, { deprecated: true, note: 'live' });
      assert.deepEqual(
        (read.data.dataset.tags.tags as Array<{ tag: { urn: string } }>).map((t) => t.tag.urn).sort(),
        Array.from({ length: 10 }, (_, i) => `urn:li:tag:live${i}`).sort(),
      );
      assert.equal(read.data.corpUser.editableProperties.slack, '@the_bar_raiser');
    } finally {
      await server.stop();
    }
  });

  it('the reading commands answer while another process holds the write lock (a server committing a long batch), and see only what was committed', async () => {
    const data = await sampleData();
    const holding = `${data}.holding`;
    const stop = `${data}.stop`;
    const holder = runProcess(process.execPath, [
      '--import',
      'tsx',
      join(ROOT, 'test', 'fixtures', 'hold-write.ts'),
      data,
      holding,
      stop,
    ]);
    try {
      while (!existsSync(holding)) {
        if (await Promise.race([holder.then(() => true), delay(20).then(() => false)]))
          assert.fail(`the holder exited: ${(await holder).stderr}`);
      }
      // Each of these used to wait for the holder's commit (lmdb opened every table in a write
      // transaction); the holder waits for the stop file, so a command that waited would never end.
      const dir = tempDir();
      const reads = await Promise.all([
        runCli(['get', '--urn', S.usersCreated, '--aspect', 'datasetProperties', '--data', data]),
        runCli(['get', '--urn', 'urn:li:tag:held', '--data', data]),
        runCli(['search', 'users', '--json', '--data', data]),
        runCli(['lineage', '--urn', S.usersCreated, '--json', '--data', data]),
        runCli(['export', '-f', join(dir, 'export.json'), '--data', data]),
        runCli(['token', 'list', '--data', data]),
        // The compacting copy reads under a read transaction only; LMDB's plain copy takes the write
        // lock for an instant to snapshot its meta pages, so it waits for the running transaction.
        runCli(['backup', '--compact', '-f', join(dir, 'copy.lmdb'), '--data', data]),
      ]);
      assert.equal(existsSync(stop), false);
      const [get, held, search, lineage, ...rest] = reads;
      assert.equal(get!.code, 0, get!.stderr);
      assert.ok(JSON.parse(get!.stdout).datasetProperties);
      // The held write is not committed: not there yet.
      assert.equal(held!.code, 1);
      assert.match(held!.stderr, /not found/);
      assert.equal(search!.code, 0, search!.stderr);
      assert.ok(JSON.parse(search!.stdout).total > 0);
      assert.equal(lineage!.code, 0, lineage!.stderr);
      for (const r of rest) assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(readFileSync(join(dir, 'export.json'), 'utf8'), /urn:li:tag:held/);
    } finally {
      writeFileSync(stop, '');
      const h = await holder;
      assert.equal(h.code, 0, h.stderr);
    }
    // Once committed, the next read sees it.
    const after = await runCli(['get', '--urn', 'urn:li:tag:held', '--data', data]);
    assert.equal(after.code, 0, after.stderr);
  });
});
