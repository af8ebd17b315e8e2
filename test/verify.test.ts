// `catalog verify` and the checksums of stored values through the executable (issue 43: "a file or
// a remote from anyone: never a crash, never a silent loss"; docs/design.md §3 "Store"): a sound file
// passes with one line; a value damaged on disk is an error naming its entity and aspect, never other
// data; a stale index is reported with its fix; and a file written by the release before checksums
// reads as it did and gets them on its first read-write open.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, openSync, readFileSync, readdirSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { relationshipIndexer } from '../src/model/relationships.ts';
import { searchIndexer } from '../src/model/search/indexer.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { Store } from '../src/store/store.ts';
import { rawEnv, rawTable } from './formats.ts';
import { mcp, ROOT, runCli, tempDataPath, tempDir, writeTemp } from './helpers.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const USERS_CREATED = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)';
const BLOB = 'urn:li:dataset:(urn:li:dataPlatform:hive,verify.blob,PROD)';

/** The tutorial sample ingested into a new file, and a second file that pulled it (so it has sync bases and a remote). */
async function sampleCatalogs(): Promise<{ source: string; pulled: string }> {
  const source = tempDataPath();
  const ingest = await runCli([
    'ingest',
    '-f',
    join(ROOT, 'test', 'fixtures', 'sample-tutorial-mcps.json'),
    '--data',
    source,
  ]);
  assert.equal(ingest.code, 0, ingest.stderr);
  const pulled = join(tempDir(), 'pulled.lmdb');
  for (const args of [
    ['remote', 'add', 'team', source],
    ['pull', 'team'],
  ]) {
    const r = await runCli([...args, '--data', pulled]);
    assert.equal(r.code, 0, r.stderr);
  }
  return { source, pulled };
}

/** What `catalog verify` prints for a sound file of format 4 (with the counts it reports). */
const SOUND = (path: string) =>
  new RegExp(
    `^${escapeRegExp(path)}: no problem found in [\\d.]+s; checked \\d+ tables \\(\\d+ entries\\): (\\d+) entities, (\\d+) aspect values and (\\d+) timeseries values? against their checksums, ` +
      `the entity index, the relationships index \\((\\d+) edges?\\) and the search index \\((\\d+) documents?\\) against the aspects, (\\d+) sync bases? of (\\d+) remotes?\\.\\nChange log \\(its events: catalog events\\): \\d+ changes?(?: \\(offsets \\d+ to \\d+\\))?; it keeps 7 days of changes, at most 1000000 changes\\.\\n$`,
  );

describe('catalog verify', () => {
  it('passes a sound file with one line of what it checked, exit 0, and writes nothing', async () => {
    const { pulled } = await sampleCatalogs();
    const before = sha(pulled);
    const r = await runCli(['verify', '--data', pulled]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stderr, '');
    const m = SOUND(pulled).exec(r.stdout);
    assert.ok(m, r.stdout);
    const [entities, aspects, events, edges, documents, bases, remotes] = m.slice(1).map(Number);
    assert.ok(entities! > 5 && aspects! > entities! && documents! > 0 && edges! > 0, r.stdout);
    assert.equal(events, 0);
    assert.ok(bases! >= aspects! - entities!, `a base for each pulled aspect but the key aspects (${bases})`);
    assert.equal(remotes, 1);
    assert.equal(sha(pulled), before, 'verify opens the file read-only and writes nothing');
  });

  it('with no file at the path says so, exits 1 and creates nothing', async () => {
    const dir = tempDir();
    const path = join(dir, 'missing.lmdb');
    const r = await runCli(['verify', '--data', path]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      `error: no data file at ${path} (give --data or CATALOG_DATA the path of a catalog; \`catalog ingest\`, \`catalog pull\` and \`catalog serve\` make a new one)\n`,
    );
    assert.deepEqual(readdirSync(dir), []);
  });

  for (const where of ['on disk', 'before it reached the disk']) {
    it(`a value damaged ${where}: reading it fails naming its entity and aspect, never with other data; verify names it and says to restore a backup`, async () => {
      const data = tempDataPath();
      // Random text LZ4 cannot shorten, so the file holds it byte for byte; in an aspect no index copies.
      const blob = randomBytes(240).toString('base64');
      const other = await runCli([
        'put',
        '--urn',
        BLOB,
        '--aspect',
        'datasetProperties',
        '-d',
        writeTemp('props.json', JSON.stringify({ description: 'kept' })),
        '--data',
        data,
      ]);
      assert.equal(other.code, 0, other.stderr);
      const put = await runCli([
        'put',
        '--urn',
        BLOB,
        '--aspect',
        'verifyTestBlob',
        '-d',
        writeTemp('blob.json', JSON.stringify({ blob })),
        '--data',
        data,
      ]);
      assert.equal(put.code, 0, put.stderr);
      // One base64 character becomes another: without the checksum the value would still decode, as other data.
      if (where === 'on disk') {
        const file = readFileSync(data);
        const probe = Buffer.from(blob.slice(100, 140));
        // Every copy: a page the file no longer uses may hold an older copy of the same leaf.
        const fd = openSync(data, 'r+');
        let copies = 0;
        for (let at = file.indexOf(probe); at >= 0; at = file.indexOf(probe, at + 1), copies++) {
          writeSync(fd, Buffer.from([file[at + 20] === 0x41 ? 0x42 : 0x41]), 0, 1, at + 20);
        }
        closeSync(fd);
        assert.ok(copies > 0, 'the text is in the file as written');
      } else {
        const env = rawEnv(data);
        const table = rawTable(env, 'aspects');
        const bytes = Buffer.from(table.getBinary([BLOB, 'verifyTestBlob', 0])!);
        const at = bytes.indexOf(blob.slice(100, 140)) + 20;
        bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41;
        await table.put([BLOB, 'verifyTestBlob', 0], bytes);
        await env.close();
      }
      // On disk, the page that holds it fails its page checksum first (the addon's page check); damaged
      // on its way to the disk, the page is sealed over the damage and the value's own checksum finds it.
      const reason =
        where === 'on disk'
          ? 'its page in the file failed its check: a page does not match its checksum (LMDB: MDB_CORRUPTED)'
          : 'its checksum does not match its bytes';
      const get = await runCli(['get', '--urn', BLOB, '--aspect', 'verifyTestBlob', '--data', data]);
      assert.equal(get.code, 1);
      assert.equal(get.stdout, '', 'never other data');
      assert.equal(
        get.stderr,
        `error: ${data}: the stored value of aspect verifyTestBlob of ${BLOB} (latest version) is damaged: ${reason}. It is not the data that was written. \`catalog verify --data ${data}\` lists every damaged value; restore the file from a backup (\`catalog backup\`).\n`,
      );
      const kept = await runCli(['get', '--urn', BLOB, '--aspect', 'datasetProperties', '--data', data]);
      if (where === 'on disk') {
        // The page checksum covers the page: the aspect beside it on the same page reads as damaged too.
        assert.equal(kept.code, 1);
        assert.match(
          kept.stderr,
          /aspect datasetProperties of .* is damaged: its page in the file failed its check: a page does not match its checksum/,
        );
      } else assert.equal(kept.code, 0, kept.stderr);
      const verify = await runCli(['verify', '--data', data]);
      assert.equal(verify.code, 1, verify.stdout);
      const lines = verify.stdout.split('\n');
      const advice = `  Damaged values or structure: the data file no longer holds what was written there, and nothing in it can rebuild that. Restore ${data} from a backup (\`catalog backup\` makes one; \`catalog backup --compact\` refuses to copy a damaged value, so copies made since the damage do not carry it silently).`;
      if (where === 'on disk') {
        // A damaged page stops the walks that cross it: each is named, with what the page check found.
        assert.match(lines[0]!, new RegExp(`^${escapeRegExp(data)}: \\d+ problems found in [\\d.]+s:$`));
        assert.ok(
          lines.includes(
            '  aspects: its first entries: they could not be read: a page does not match its checksum (LMDB: MDB_CORRUPTED)',
          ),
          verify.stdout,
        );
        assert.ok(
          lines.some((l) => l.startsWith(advice)),
          verify.stdout,
        );
      } else {
        assert.match(lines[0]!, new RegExp(`^${escapeRegExp(data)}: 1 problem found in [\\d.]+s:$`));
        assert.equal(
          lines[1],
          `  aspects: aspect verifyTestBlob of ${BLOB} (latest version): ${reason}: it is not the value that was written`,
        );
        assert.equal(lines[2], 'What to do:');
        assert.equal(lines[3], `${advice} (1 problem)`);
        assert.match(
          lines[4]!,
          /^Checked \d+ tables \(\d+ entries\): 1 entity, 3 aspect values and 0 timeseries values against their checksums, /,
        );
      }
      // A compacted backup refuses to carry the damage into a copy.
      const copy = join(tempDir(), 'copy.lmdb');
      const backup = await runCli(['backup', '-f', copy, '--compact', '--data', data]);
      assert.equal(backup.code, 1);
      if (where === 'on disk')
        assert.match(backup.stderr, /is damaged: (.*: )?a page does not match its checksum \(LMDB: MDB_CORRUPTED\)/);
      else
        assert.match(
          backup.stderr,
          new RegExp(
            `the stored value of aspect verifyTestBlob of ${escapeRegExp(BLOB)} \\(latest version\\) is damaged`,
          ),
        );
      assert.equal(existsSync(copy), false);
    });
  }

  it('reports a search or relationships index that does not match the aspects, with `catalog reindex` as the fix; after it the file passes', async () => {
    const { source } = await sampleCatalogs();
    const put = await runCli([
      'put',
      '--urn',
      USERS_CREATED,
      '--aspect',
      'editableDatasetProperties',
      '-d',
      writeTemp('d.json', JSON.stringify({ description: 'zebraquokka sightings' })),
      '--data',
      source,
    ]);
    assert.equal(put.code, 0, put.stderr);
    const env = rawEnv(source);
    // The only posting of a word, and one edge of the relationships index, taken out behind the store's back.
    const postings = env.openDB('postingBlocks', { encoding: 'binary' });
    const words = Array.from(postings.getKeys({ start: ['zebraquokka', 0], end: ['zebraquokkb', 0] })) as Array<
      [string, number]
    >;
    assert.equal(words.length, 1, JSON.stringify(words));
    await postings.remove(words[0]!);
    const edges = env.openDB('relBlocks', { encoding: 'binary' });
    const tagged = Array.from(
      edges.getKeys({ start: ['urn:li:tag:Legacy', '', '', 0], end: ['urn:li:tag:Legacy\u0001', '', '', 0] }),
    ) as Array<[string, string, string, number]>;
    assert.ok(tagged.length > 0);
    await edges.remove(tagged[0]!);
    await env.close();
    const verify = await runCli(['verify', '--data', source]);
    assert.equal(verify.code, 1, verify.stdout);
    const lines = verify.stdout.split('\n');
    const count = Number(/: (\d+) problems found in [\d.]+s:$/.exec(lines[0]!)?.[1]);
    const problems = lines.slice(1, 1 + count);
    assert.ok(
      problems.includes(`  postingBlocks: ${USERS_CREATED}: the search index lacks the word "${words[0]![0]}" for it`),
      verify.stdout,
    );
    assert.ok(
      problems.some((l) =>
        /^ {2}searchTerms: the search index: it counts documents for (\d+) words, but (\d+) words have postings$/.test(
          l,
        ),
      ),
      verify.stdout,
    );
    // Every source in the block of edges taken out.
    const [, relationship, aspect] = tagged[0]!;
    const lacking = problems.filter((l) => l.startsWith('  relBlocks: '));
    assert.ok(
      lacking.length > 0 &&
        lacking.every((l) =>
          new RegExp(
            `^  relBlocks: urn:li:\\S+ --${relationship}--> urn:li:tag:Legacy: the relationships index lacks this edge, which aspect ${aspect} declares$`,
          ).test(l),
        ),
      verify.stdout,
    );
    assert.equal(problems.length, 2 + lacking.length, verify.stdout);
    assert.ok(
      lines.includes(
        `  The search or relationship index does not match the aspects: \`catalog reindex --data ${source}\` rebuilds both from the aspects. (${count} problems)`,
      ),
      verify.stdout,
    );
    const reindex = await runCli(['reindex', '--data', source]);
    assert.equal(reindex.code, 0, reindex.stderr);
    const again = await runCli(['verify', '--data', source]);
    assert.equal(again.code, 0, again.stdout);
    assert.match(again.stdout, SOUND(source));
  });

  it('prints the first 100 problems and counts the rest; --json gives the report as data', async () => {
    const data = tempDataPath();
    const tags = Array.from({ length: 130 }, (_, i) =>
      mcp(`urn:li:tag:t${i}`, 'tagProperties', { name: `t${i}`, description: `tag ${i}` }),
    );
    const ingest = await runCli(['ingest', '-f', writeTemp('tags.json', JSON.stringify(tags)), '--data', data]);
    assert.equal(ingest.code, 0, ingest.stderr);
    const env = rawEnv(data);
    const docs = env.openDB('searchDocs', { encoding: 'binary' });
    await env.transaction(() => {
      for (const key of Array.from(docs.getKeys({}))) void docs.remove(key);
    });
    await env.close();
    const text = await runCli(['verify', '--data', data]);
    assert.equal(text.code, 1);
    const lines = text.stdout.split('\n');
    assert.match(lines[0]!, /: 130 problems found in [\d.]+s:$/);
    assert.equal(lines[1], '  searchDocs: urn:li:tag:t0: the search index has no document for it');
    assert.equal(lines[101], '  … and 30 more (--json lists the first 130)');
    assert.equal(lines[102], 'What to do:');
    const json = await runCli(['verify', '--json', '--data', data]);
    assert.equal(json.code, 1);
    const report = JSON.parse(json.stdout) as {
      file: string;
      ok: boolean;
      problemCount: number;
      problems: Array<{ part: string; subject: string; problem: string; fix: string }>;
      remedies: Array<{ fix: string; problems: number }>;
      summary: { entities: number };
    };
    assert.equal(report.file, data);
    assert.equal(report.ok, false);
    assert.equal(report.problemCount, 130);
    assert.deepEqual(report.problems[129], {
      part: 'searchDocs',
      subject: 'urn:li:tag:t129',
      problem: 'the search index has no document for it',
      fix: 'reindex',
    });
    assert.deepEqual(
      report.remedies.map((r) => [r.fix, r.problems]),
      [['reindex', 130]],
    );
    assert.equal(report.summary.entities, 130);
  });

  it("notes an index built by another release's declarations, which it does not check", async () => {
    const data = tempDataPath();
    const put = await runCli([
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
    assert.equal(put.code, 0, put.stderr);
    const env = rawEnv(data);
    await env.openDB('meta', {}).put('searchIndexVersion', 'another release');
    await env.close();
    const r = await runCli(['verify', '--data', data]);
    assert.equal(r.code, 0, r.stdout);
    const lines = r.stdout.split('\n');
    assert.match(lines[0]!, /the relationships index \(0 edges\) and no search index against the aspects/);
    assert.equal(
      lines[1],
      "Note: the search index of this file was built by another release's declarations and was not checked; the next read-write open rebuilds it (or `catalog reindex`).",
    );
  });

  it('names a sync base it cannot use, with dropping the remote as the fix', async () => {
    const { pulled } = await sampleCatalogs();
    const env = rawEnv(pulled);
    const bases = env.openDB('syncBases', {});
    const first = Array.from(bases.getRange({ limit: 1 }))[0]!;
    await bases.put(first.key, { ...(first.value as object), hash: 'not a hash' });
    await env.close();
    const r = await runCli(['verify', '--data', pulled]);
    assert.equal(r.code, 1, r.stdout);
    const [location, urn, aspect] = first.key as [string, string, string];
    const lines = r.stdout.split('\n');
    assert.equal(
      lines[1],
      `  syncBases: the base of aspect ${aspect} of ${urn} for remote ${location}: it is not a sync base (version, a SHA-256 hash in hex, the pull that wrote it)`,
    );
    assert.equal(
      lines[3],
      '  Sync bases or remotes that cannot be used: `catalog remote remove NAME` drops a remote and its bases, and a pull from it afterwards records them again. (1 problem)',
    );
  });
});

describe('a data file written by the release before checksums (format 3)', () => {
  /** A copy of test/fixtures/format3-catalog.lmdb (how it was made: format3-catalog.md). */
  const fixture = async () => {
    const path = join(tempDir(), 'format3.lmdb');
    writeFileSync(path, gunzipSync(readFileSync(join(ROOT, 'test', 'fixtures', 'format3-catalog.lmdb.gz'))));
    // The fixture's relationships index was built under that release's declarations; since then they
    // gained edges (issue 47: glossaryRelatedTerms, column lineage), and a file indexed under other
    // declarations is migrated by any open, a read-only command's too. Its index is brought to today's
    // declarations first, as that release would have built it, the file left otherwise as it was: its
    // values keep no checksum, its format mark stays 3.
    const store = Store.open(path, relationshipIndexer, searchIndexer);
    await store.close();
    const env = rawEnv(path);
    try {
      const meta = env.openDB<unknown, string>('meta', {});
      await env.transaction(() => {
        void meta.put('formatVersion', 3);
        void meta.remove('checksumUpgrade');
      });
    } finally {
      await env.close();
    }
    return path;
  };
  const exported = JSON.parse(
    gunzipSync(readFileSync(join(ROOT, 'test', 'fixtures', 'format3-catalog.export.json.gz'))).toString(),
  ) as unknown[];
  const exportOf = async (path: string) => {
    const out = join(tempDir(), 'export.json');
    const r = await runCli(['export', '-f', out, '--data', path]);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(readFileSync(out, 'utf8')) as unknown[];
  };

  it('reads as that release read it and read-only commands write nothing; the first write gives every value its checksum, and verify then checks them all', async () => {
    const path = await fixture();
    const before = sha(path);
    assert.deepEqual(await exportOf(path), exported, 'every aspect reads as the release before checksums read it');
    const old = await runCli(['verify', '--data', path]);
    assert.equal(old.code, 0, old.stdout);
    const lines = old.stdout.split('\n');
    assert.match(
      lines[0]!,
      /: no problem found in [\d.]+s; checked \d+ tables \(\d+ entries\): 56 entities, (\d+) aspect values and 1 timeseries value \(0 values against their checksums, (\d+) written before checksums only decoded\), the entity index, /,
    );
    assert.equal(
      lines[1],
      'Note: this file was written by a release before checksums; the next read-write open (any command that writes to it) gives every value its checksum.',
    );
    assert.equal(sha(path), before, 'export and verify wrote nothing');

    const reindex = await runCli(['reindex', '--data', path]);
    assert.equal(reindex.code, 0, reindex.stderr);
    const notice = reindex.stderr.split('\n');
    const values = Number(/^catalog: giving the (\d+) values of /.exec(notice[0]!)?.[1]);
    assert.equal(
      notice[0],
      `catalog: giving the ${values} values of ${path} their checksums (a file written before them; once, and an interrupted run goes on where it stopped) …`,
    );
    assert.match(
      notice[1]!,
      new RegExp(
        `^catalog: ${escapeRegExp(path)}: every value has its checksum now \\(${values} given in [\\d.]+s\\)$`,
      ),
    );
    assert.equal(
      notice[2],
      `catalog: ${path} was data file format 3; it is format 4 now, which older releases refuse to open.`,
    );
    assert.equal(notice.length, 4);

    const after = await runCli(['verify', '--data', path]);
    assert.equal(after.code, 0, after.stdout);
    const m = SOUND(path).exec(after.stdout);
    assert.ok(m, after.stdout);
    assert.equal(Number(m[1]), 56);
    assert.equal(Number(m[3]), 1);
    const json = JSON.parse((await runCli(['verify', '--json', '--data', path])).stdout) as {
      summary: { checksummed: number; unsealed: number; pending: boolean };
    };
    assert.equal(json.summary.unsealed, 0);
    assert.equal(json.summary.pending, false);
    assert.equal(json.summary.checksummed, values, 'every value the upgrade sealed is held to its checksum');
    assert.deepEqual(await exportOf(path), exported, 'and reads as before');
    const store = openCatalog(path, { readOnly: true });
    try {
      assert.deepEqual(store.getAspect(USERS_CREATED, 'editableDatasetProperties', 1)?.value, {
        description: "Edited once, before checksums: the fixture's history version 1",
      });
    } finally {
      await store.close();
    }
  });

  it('a value that does not decode is left as it was, said once, and named by verify afterwards', async () => {
    const path = await fixture();
    const env = rawEnv(path);
    const table = rawTable(env, 'aspects');
    const key = [USERS_CREATED, 'globalTags', 0];
    const bytes = Buffer.from(table.getBinary(key)!);
    await table.put(key, bytes.subarray(0, bytes.length - 4));
    await env.close();
    const write = await runCli([
      'put',
      '--urn',
      'urn:li:tag:after',
      '--aspect',
      'tagProperties',
      '-d',
      writeTemp('t.json', '{"name":"after"}'),
      '--data',
      path,
    ]);
    assert.equal(write.code, 0, write.stderr);
    assert.match(
      write.stderr.split('\n')[1]!,
      new RegExp(
        `; 1 value did not decode and was left as it was: \`catalog verify --data ${escapeRegExp(path)}\` names it\\)$`,
      ),
    );
    const verify = await runCli(['verify', '--data', path]);
    assert.equal(verify.code, 1);
    assert.equal(
      verify.stdout.split('\n')[1],
      `  aspects: aspect globalTags of ${USERS_CREATED} (latest version): it carries no checksum, which every value of this file has: it is not the value that was written`,
    );
  });
});
