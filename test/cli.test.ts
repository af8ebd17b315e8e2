import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { HIVE_T1, mcp, runCli, tempDataPath, writeTemp } from './helpers.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { ingestRecords, type RecordSource } from '../src/ops/ingest/ingestRecords.ts';

const TAG = 'urn:li:tag:Legacy';
const records = [
  mcp(HIVE_T1, 'datasetProperties', { description: 'hello', customProperties: { owner: 'team' } }),
  {
    entityType: 'tag',
    entityUrn: TAG,
    changeType: 'UPSERT',
    aspectName: 'tagProperties',
    aspect: { value: JSON.stringify({ name: 'Legacy', description: 'old' }), contentType: 'application/json' },
  },
  mcp(HIVE_T1, 'globalTags', { tags: [{ tag: TAG }] }),
];

describe('catalog ingest and catalog get', () => {
  it('ingests a JSON array of MCPs and prints a summary line', async () => {
    const data = tempDataPath();
    const file = writeTemp('mcps.json', JSON.stringify(records));
    const r = await runCli(['ingest', '-f', file, '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /^Ingested 3 records from .*mcps\.json: 3 aspects written, 0 unchanged, 2 entities in \d+\.\d\ds \(\d+ aspects\/s\)\n$/,
    );
    const again = await runCli(['ingest', '-f', file, '--data', data]);
    assert.match(again.stdout, /0 aspects written, 3 unchanged/);
  });

  it('get prints a sorted, 2-space-indented map of aspect name to value, key aspect included', async () => {
    const data = tempDataPath();
    await runCli(['ingest', '-f', writeTemp('m.json', JSON.stringify(records)), '--data', data]);
    const all = await runCli(['get', '--urn', HIVE_T1, '--data', data]);
    assert.equal(all.code, 0, all.stderr);
    assert.equal(
      all.stdout,
      `${JSON.stringify(
        {
          datasetKey: { name: 't1', origin: 'PROD', platform: 'urn:li:dataPlatform:hive' },
          datasetProperties: { customProperties: { owner: 'team' }, description: 'hello' },
          globalTags: { tags: [{ tag: TAG }] },
        },
        null,
        2,
      )}\n`,
    );
    const one = await runCli(['get', '--urn', TAG, '--aspect', 'tagProperties', '--data', data]);
    assert.equal(one.stdout, '{\n  "tagProperties": {\n    "description": "old",\n    "name": "Legacy"\n  }\n}\n');
    const missing = await runCli(['get', '--urn', TAG, '--aspect', 'ownership', '--data', data]);
    assert.equal(missing.stdout, '{}\n');
  });

  it('get --details prints created and systemMetadata with each value', async () => {
    const data = tempDataPath();
    await runCli(['ingest', '-f', writeTemp('m.json', JSON.stringify(records)), '--data', data]);
    const r = await runCli(['get', '--urn', TAG, '-a', 'tagProperties', '--details', '--data', data]);
    const parsed = JSON.parse(r.stdout) as {
      tagProperties: {
        created: { actor: string; time: number };
        systemMetadata: { lastObserved: number };
        value: unknown;
      };
    };
    assert.deepEqual(Object.keys(parsed.tagProperties), ['created', 'systemMetadata', 'value']);
    assert.equal(parsed.tagProperties.created.actor, 'urn:li:corpuser:datahub');
    assert.equal(typeof parsed.tagProperties.systemMetadata.lastObserved, 'number');
  });

  it('get of an unknown urn says "urn <urn> not found" on stderr and exits 1', async () => {
    const data = tempDataPath();
    assert.equal(
      (await runCli(['ingest', '-f', writeTemp('one.json', JSON.stringify([records[0]])), '--data', data])).code,
      0,
    );
    const r = await runCli(['get', '--urn', 'urn:li:tag:nope', '--data', data]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, 'urn urn:li:tag:nope not found\n');
  });

  it('get of a malformed urn explains what is wrong', async () => {
    const data = tempDataPath();
    assert.equal(
      (await runCli(['ingest', '-f', writeTemp('one.json', JSON.stringify([records[0]])), '--data', data])).code,
      0,
    );
    const r = await runCli(['get', '--urn', 'urn:li:dataset:(oops', '--data', data]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /Invalid urn "urn:li:dataset:\(oops": the tuple key is not closed with "\)"/);
  });

  it('a file with one bad record writes nothing and names the record and the reason', async () => {
    const data = tempDataPath();
    const bad = [records[0], records[1], mcp('urn:li:tag:x', 'tagProperties', { name: 7 })];
    const r = await runCli(['ingest', '-f', writeTemp('bad.json', JSON.stringify(bad)), '--data', data]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /bad\.json: record 3: Invalid tagProperties at name: expected a string, got number 7/);
    const g = await runCli(['get', '--urn', HIVE_T1, '--data', data]);
    assert.equal(g.code, 1, 'the good records before the bad one were not written');
  });

  it('reports malformed JSON with line and column', async () => {
    const r = await runCli([
      'ingest',
      '-f',
      writeTemp('broken.json', '[\n  {"a": 1},\n  {"b": }\n]'),
      '--data',
      tempDataPath(),
    ]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /broken\.json:3:\d+: invalid JSON/);
  });

  it('reads JSON Lines, naming the line of a bad record', async () => {
    const data = tempDataPath();
    const lines = records.map((x) => JSON.stringify(x)).join('\n');
    const ok = await runCli(['ingest', '-f', writeTemp('m.jsonl', `${lines}\n`), '--data', data]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /Ingested 3 records/);
    const bad = `${lines}\n${JSON.stringify(mcp('urn:li:nope', 'status', { removed: false }))}\n`;
    const fresh = tempDataPath();
    const r = await runCli(['ingest', '-f', writeTemp('bad.jsonl', bad), '--data', fresh]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /bad\.jsonl:4: record 4: Invalid urn "urn:li:nope"/);
    // JSON Lines are streamed, yet validated in full before the first write.
    assert.equal((await runCli(['get', '--urn', HIVE_T1, '--data', fresh])).code, 1);
  });

  it('a JSON Lines file too large to hold is read twice: validated in full, then written', async () => {
    // holdBytes 0 takes the path files over 64 MiB take: nothing is kept from the validation pass.
    const lines = records.map((x) => JSON.stringify(x)).join('\n');
    const store = openCatalog(tempDataPath());
    try {
      const s = await ingestFile(store, writeTemp('big.jsonl', `${lines}\n`), { holdBytes: 0 });
      assert.deepEqual(
        { records: s.records, written: s.written, entities: s.entities },
        { records: 3, written: 3, entities: 2 },
      );
      assert.equal(
        (store.getAspect(HIVE_T1, 'datasetProperties')!.value as { description: string }).description,
        'hello',
      );
    } finally {
      await store.close();
    }
    const fresh = openCatalog(tempDataPath());
    try {
      const bad = `${lines}\n${JSON.stringify(mcp(HIVE_T1, 'status', { removed: 'yes' }))}\n`;
      await assert.rejects(
        ingestFile(fresh, writeTemp('big-bad.jsonl', bad), { holdBytes: 0 }),
        /big-bad\.jsonl:4: record 4: .*removed/,
      );
      assert.equal(fresh.entityExists(HIVE_T1), false);
      // A patch can only be checked when written, so a file read twice cannot carry one.
      const patched = `${lines}\n${JSON.stringify({ ...mcp(HIVE_T1, 'status', {}), changeType: 'PATCH', aspect: { json: [{ op: 'add', path: '/removed', value: true }] } })}\n`;
      await assert.rejects(
        ingestFile(fresh, writeTemp('big-patch.jsonl', patched), { holdBytes: 0 }),
        /big-patch\.jsonl: 1 PATCH records in a file over 0 MiB; split the file/,
      );
      assert.equal(fresh.entityExists(HIVE_T1), false);
    } finally {
      await fresh.close();
    }
  });

  it('a streamed ingest hands a chunk to the store only once the one before is on disk', async () => {
    // 9000 proposals: five chunks, the next read while the one before commits.
    const urn = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`;
    const source: RecordSource = {
      name: 'gen.jsonl',
      streamed: true,
      records: async function* () {
        for (let i = 0; i < 9000; i++)
          yield { index: i + 1, line: i + 1, value: mcp(urn(i), 'status', { removed: false }) };
      },
    };
    const store = openCatalog(tempDataPath());
    try {
      const s = await ingestRecords(store, 'urn:li:corpuser:datahub', source);
      assert.deepEqual({ written: s.written, entities: s.entities }, { written: 9000, entities: 9000 });
      assert.equal(store.entityExists(urn(8999)), true);
    } finally {
      await store.close();
    }
    // The second chunk fails to commit: the ingest fails with it and nothing after it is written.
    const failing = openCatalog(tempDataPath());
    const write = failing.write.bind(failing);
    let calls = 0;
    failing.write = ((fn: Parameters<typeof write>[0]) =>
      ++calls === 2 ? Promise.reject(new Error('disk full')) : write(fn)) as typeof failing.write;
    try {
      await assert.rejects(ingestRecords(failing, 'urn:li:corpuser:datahub', source), /disk full/);
      assert.equal(calls, 2);
      assert.equal(failing.entityExists(urn(1999)), true);
      assert.equal(failing.entityExists(urn(2000)), false);
      assert.equal(failing.entityExists(urn(4000)), false);
    } finally {
      await failing.close();
    }
  });

  it('splits MCE snapshots into one aspect each and rewrites pegasus2avro union keys', async () => {
    const data = tempDataPath();
    const mce = {
      auditHeader: null,
      proposedSnapshot: {
        'com.linkedin.pegasus2avro.metadata.snapshot.DatasetSnapshot': {
          urn: HIVE_T1,
          aspects: [
            { 'com.linkedin.pegasus2avro.common.Status': { removed: false } },
            {
              'com.linkedin.pegasus2avro.schema.SchemaMetadata': {
                schemaName: 't1',
                platform: 'urn:li:dataPlatform:hive',
                version: 0,
                hash: '',
                platformSchema: { 'com.linkedin.pegasus2avro.schema.OtherSchema': { rawSchema: '' } },
                fields: [
                  {
                    fieldPath: 'id',
                    nativeDataType: 'int',
                    type: { type: { 'com.linkedin.pegasus2avro.schema.NumberType': {} } },
                  },
                ],
              },
            },
          ],
        },
      },
      proposedDelta: null,
    };
    const r = await runCli(['ingest', '-f', writeTemp('mce.json', JSON.stringify([mce])), '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Ingested 1 records .*: 2 aspects written/);
    const g = JSON.parse((await runCli(['get', '--urn', HIVE_T1, '--data', data])).stdout) as Record<string, any>;
    assert.deepEqual(g['status'], { removed: false });
    assert.deepEqual(g['schemaMetadata'].fields[0].type, { type: { 'com.linkedin.schema.NumberType': {} } });
    assert.deepEqual(Object.keys(g['schemaMetadata'].platformSchema), ['com.linkedin.schema.OtherSchema']);
  });

  it("ingests PATCH records in DataHub's file format; a patch that does not apply names its record and writes nothing of the file", async () => {
    const data = tempDataPath();
    const patchOf = (aspectName: string, ops: unknown) => ({
      entityType: 'tag',
      entityUrn: TAG,
      changeType: 'PATCH',
      aspectName,
      aspect: { json: ops },
    });
    const ok = await runCli([
      'ingest',
      '-f',
      writeTemp(
        'p.json',
        JSON.stringify([
          mcp(TAG, 'tagProperties', { name: 'x' }),
          patchOf('tagProperties', [{ op: 'add', path: '/description', value: 'patched' }]),
          patchOf('ownership', {
            arrayPrimaryKeys: { owners: ['owner', 'type'] },
            patch: [
              {
                op: 'add',
                path: '/owners/urn:li:corpuser:ann/DATAOWNER',
                value: { owner: 'urn:li:corpuser:ann', type: 'DATAOWNER' },
              },
            ],
          }),
        ]),
      ),
      '--data',
      data,
    ]);
    assert.equal(ok.code, 0, ok.stderr);
    const got = JSON.parse((await runCli(['get', '--urn', TAG, '--data', data])).stdout);
    assert.deepEqual(got.tagProperties, { name: 'x', description: 'patched' });
    assert.deepEqual(got.ownership.owners, [{ owner: 'urn:li:corpuser:ann', type: 'DATAOWNER' }]);
    const bad = await runCli([
      'ingest',
      '-f',
      writeTemp(
        'bad-patch.json',
        JSON.stringify([
          mcp(TAG, 'tagProperties', { name: 'changed' }),
          patchOf('tagProperties', [{ op: 'replace', path: '/colorHex', value: '#fff' }]),
        ]),
      ),
      '--data',
      data,
    ]);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /bad-patch\.json: record 2: Invalid patch of tagProperties: patch\[0\] \(replace \/colorHex\): the target does not exist/,
    );
    assert.equal(
      JSON.parse((await runCli(['get', '--urn', TAG, '--aspect', 'tagProperties', '--data', data])).stdout)
        .tagProperties.name,
      'x',
      'record 1 was not written either',
    );
  });

  it('rejects a missing file, malformed PATCH proposals and mismatched entity types clearly', async () => {
    const data = tempDataPath();
    const nofile = await runCli(['ingest', '-f', '/nonexistent/x.json', '--data', data]);
    assert.equal(nofile.code, 1);
    assert.match(nofile.stderr, /cannot read \/nonexistent\/x\.json: no such file/);
    const patch = await runCli([
      'ingest',
      '-f',
      writeTemp('p.json', JSON.stringify([{ ...mcp(TAG, 'tagProperties', {}), changeType: 'PATCH' }])),
      '--data',
      data,
    ]);
    assert.match(
      patch.stderr,
      /record 1: Invalid patch of tagProperties: Invalid JSON Patch: expected a list of operations/,
    );
    const mismatch = await runCli([
      'ingest',
      '-f',
      writeTemp('e.json', JSON.stringify([mcp(TAG, 'tagProperties', { name: 'x' }, 'dataset')])),
      '--data',
      data,
    ]);
    assert.match(mismatch.stderr, /record 1: entityType: "dataset" does not match the entity type "tag"/);
  });

  it('uses CATALOG_DATA when --data is not given', async () => {
    const data = tempDataPath();
    const file = writeTemp('m.json', JSON.stringify(records));
    const r = await runCli(['ingest', '-f', file], { env: { CATALOG_DATA: data } });
    assert.equal(r.code, 0, r.stderr);
    const g = await runCli(['get', '--urn', TAG, '--data', data]);
    assert.equal(g.code, 0);
  });

  it('prints --version from package.json and --help listing the commands', async () => {
    const { default: pkg } = await import('../package.json', { with: { type: 'json' } });
    const v = await runCli(['--version']);
    const platform = `${process.platform}-${process.arch}`;
    assert.match(
      v.stdout.trim(),
      new RegExp(`^${pkg.version.replaceAll('.', '\\.')} \\(${platform}, Node \\d+\\.\\d+\\.\\d+\\)$`),
    );
    const h = await runCli(['--help']);
    assert.match(h.stdout, /catalog ingest/);
    assert.match(h.stdout, /catalog get/);
    assert.match(h.stdout, /--data/);
  });
});
