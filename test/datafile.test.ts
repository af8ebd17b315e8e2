/**
 * A data file is input (issue 43 items 1, 4 and 5; docs/data-file.md): through the executable, a file
 * that is not a catalog, is cut short, damaged or newer is refused with a message naming it, with no
 * lock file made beside it and the file unchanged; a path with no file is refused by the commands that
 * read and made, with a notice, by those that write; new files have 4096-byte pages and a file of
 * 16 KiB pages (lmdb-js's default on Apple Silicon) is read and written as any other.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import * as lmdb from 'lmdb';
import { runCli, tempDir } from './helpers.ts';

const PAGE = 4096;
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD)';
const sizeOf = (path: string) => readFileSync(path).length;
const pageSizeOf = (path: string) => readFileSync(path).readUInt32LE(24 + 24);

describe('a data file is checked before it is opened', () => {
  const dir = tempDir('catalog-datafile-');
  let good: string;

  before(async () => {
    good = join(dir, 'good.lmdb');
    const r = await runCli(['ingest', '-f', 'test/fixtures/sample-tutorial-mcps.json', '--data', good]);
    assert.equal(r.code, 0, r.stderr);
  });

  /** Runs read and write commands on `path`; each must fail with `message`, make no lock file and leave the file as it was. */
  async function refused(path: string, message: RegExp | string): Promise<void> {
    const before = existsSync(path) && statSync(path).isFile() ? readFileSync(path) : undefined;
    for (const args of [
      ['get', '--urn', DATASET],
      ['ingest', '-f', 'test/fixtures/sample-tutorial-mcps.json'],
      ['deprecate', '--urn', DATASET],
      ['search', '*'],
    ]) {
      const r = await runCli([...args, '--data', path]);
      assert.equal(r.code, 1, `${args[0]}: ${r.stdout}${r.stderr}`);
      if (typeof message === 'string') assert.equal(r.stderr, `error: ${message}\n`, args[0]);
      else assert.match(r.stderr, message, args[0]);
      assert.doesNotMatch(r.stderr, /^\s+at /m);
    }
    assert.equal(existsSync(`${path}-lock`), false, 'no lock file beside a refused file');
    if (before) assert.ok(readFileSync(path).equals(before), 'the refused file is unchanged');
  }

  it('a JSON file, an empty file, text, random bytes, SQLite, gzip and zip: not a catalog data file, with a guess at what it is', async () => {
    const cases: Array<[string, Buffer, string]> = [
      [
        'data.json',
        Buffer.from('{"urn": "urn:li:tag:a"}\n'),
        'it does not begin as an LMDB data file does (it looks like JSON)',
      ],
      ['empty.lmdb', Buffer.alloc(0), 'it is empty'],
      [
        'notes.txt',
        Buffer.from('Catalog notes for the data team, kept here for now.\n'.repeat(10)),
        'it does not begin as an LMDB data file does (it begins with text: "Catalog notes for the data team, kept he")',
      ],
      [
        'random.lmdb',
        Buffer.from(Array.from({ length: 9000 }, (_, i) => (i * 7919 + 13) % 251)),
        'it does not begin as an LMDB data file does',
      ],
      [
        'db.sqlite',
        Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4080)]),
        'it does not begin as an LMDB data file does (it is an SQLite database)',
      ],
      [
        'catalog.lmdb.gz',
        gzipSync(readFileSync(good)),
        'it does not begin as an LMDB data file does (it is gzip-compressed)',
      ],
      [
        'catalog.zip',
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(500)]),
        'it does not begin as an LMDB data file does (it is a zip archive)',
      ],
    ];
    for (const [name, content, why] of cases) {
      const path = join(dir, name);
      writeFileSync(path, content);
      await refused(path, `${path} is not a catalog data file: ${why}`);
    }
  });

  it('a directory and a FIFO are not data files', async () => {
    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    await refused(folder, `${folder} is not a catalog data file: it is a directory`);
    const fifo = join(dir, 'a-fifo');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    const r = await runCli(['get', '--urn', DATASET, '--data', fifo]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `error: ${fifo} is not a catalog data file: it is not a regular file\n`);
  });

  it("another program's LMDB file: its tables named; one of another LMDB data version: its version named", async () => {
    const other = join(dir, 'other.lmdb');
    const env = lmdb.open({ path: other, maxDbs: 4 });
    await env.openDB('sessions', {}).put('a', 1);
    await env.openDB('users', {}).put('b', 2);
    await env.close();
    rmSync(`${other}-lock`);
    await refused(
      other,
      `${other} is not a catalog data file: it is an LMDB data file of another program (its tables: sessions, users)`,
    );

    const v3 = join(dir, 'version3.lmdb');
    const bytes = readFileSync(good);
    bytes.writeUInt32LE(3, 24 + 4);
    bytes.writeUInt32LE(3, PAGE + 24 + 4);
    writeFileSync(v3, bytes);
    await refused(
      v3,
      `${v3} is not a catalog data file: it is an LMDB data file of data version 3; this catalog reads LMDB data version 2 (the one lmdb-js 3 writes)`,
    );
  });

  it('a file of a newer catalog format is refused before it is opened', async () => {
    const newer = join(dir, 'newer.lmdb');
    copyFileSync(good, newer);
    const env = lmdb.open({ path: newer, maxDbs: 32, compression: false, encoding: 'msgpack' });
    await env.openDB('meta', {}).put('formatVersion', 99);
    await env.close();
    rmSync(`${newer}-lock`);
    await refused(
      newer,
      new RegExp(
        `^error: ${newer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was written by a newer catalog \\(data file format 99; this one reads formats up to \\d+\\): use that release or a newer one\\n$`,
      ),
    );
  });

  it('a copy cut short: the sizes, and what to do', async () => {
    const cut = join(dir, 'cut.lmdb');
    copyFileSync(good, cut);
    const full = sizeOf(good);
    truncateSync(cut, 10 * PAGE);
    await refused(
      cut,
      `${cut} is cut short: 41.0 KB of ${(full / 1e3).toFixed(1)} KB (a copy or download that stopped before the end?); copy it again from where it came from, or restore it from a backup`,
    );
    const tiny = join(dir, 'tiny.lmdb');
    writeFileSync(tiny, readFileSync(good).subarray(0, PAGE + 100));
    await refused(
      tiny,
      `${tiny} is cut short: 4.2 KB of 8.2 KB (a copy or download that stopped before the end?); copy it again from where it came from, or restore it from a backup`,
    );
    // A download that stopped inside a page: LMDB writes whole pages only.
    const ragged = join(dir, 'ragged.lmdb');
    writeFileSync(ragged, readFileSync(good).subarray(0, full - 1000));
    await refused(
      ragged,
      `${ragged} is cut short: ${((full - 1000) / 1e3).toFixed(1)} KB of ${(full / 1e3).toFixed(1)} KB (a copy or download that stopped before the end?); copy it again from where it came from, or restore it from a backup`,
    );
  });

  it('a page past the end of the file is an error saying the file is cut short, not SIGBUS', async () => {
    // LMDB's file may end before its last page in use, so the check before opening cannot tell every
    // cut from a sound file; the addon checks a page lies inside the file before reading it. Made
    // here by hand: the newer meta claims ten pages more, and a branch (its checksum flag cleared)
    // points to one of them.
    const bytes = Buffer.from(readFileSync(good));
    const pages = bytes.length / PAGE;
    const newer = bytes.readBigUInt64LE(24 + 128) >= bytes.readBigUInt64LE(PAGE + 24 + 128) ? 0 : 1;
    bytes.writeBigUInt64LE(BigInt(pages + 9), newer * PAGE + 24 + 120);
    let branch = -1;
    for (let p = 2; p < pages && branch < 0; p++)
      if ((bytes.readUInt16LE(p * PAGE + 18) & 0x7f) === 0x01 && bytes.readBigUInt64LE(p * PAGE) === BigInt(p))
        branch = p;
    assert.ok(branch > 0, 'the file has a branch page');
    const at = branch * PAGE;
    bytes.writeUInt16LE(bytes.readUInt16LE(at + 18) & ~0x0800, at + 18);
    const node = at + 24 + bytes.readUInt16LE(at + 24 + 2 * 1);
    bytes.writeUInt16LE((pages + 5) & 0xffff, node);
    bytes.writeUInt16LE((pages + 5) >> 16, node + 2);
    bytes.writeUInt16LE(0, node + 4);
    const past = join(dir, 'past.lmdb');
    writeFileSync(past, bytes);
    const r = await runCli(['export', '-f', join(dir, 'past.json'), '--data', past]);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /a page lies past the end of the file, which is cut short \(LMDB: MDB_CORRUPTED\)/);
    assert.doesNotMatch(r.stderr, /^\s+at /m);
  });

  it('damaged meta pages and a damaged table directory are refused as damaged', async () => {
    const bytes = readFileSync(good);
    const variant = (name: string, change: (b: Buffer) => void) => {
      const path = join(dir, name);
      const b = Buffer.from(bytes);
      change(b);
      writeFileSync(path, b);
      return path;
    };
    const advice = 'copy it again from where it came from, or restore it from a backup';
    const meta1 = variant('meta1.lmdb', (b) => b.writeUInt32LE(0x12345678, PAGE + 24));
    await refused(meta1, `${meta1} is damaged: meta page 1 is not an LMDB meta page; ${advice}`);
    const psize = variant('psize.lmdb', (b) => b.writeUInt32LE(4097, 24 + 24));
    await refused(
      psize,
      `${psize} is damaged: its first meta page gives a page size of 4097 bytes, which LMDB never writes; ${advice}`,
    );
    // The newer meta's table directory root: its page made to carry another page number.
    const newer = bytes.readBigUInt64LE(24 + 128) >= bytes.readBigUInt64LE(PAGE + 24 + 128) ? 0 : 1;
    const root = Number(bytes.readBigUInt64LE(newer * PAGE + 24 + 72 + 40));
    const directory = variant('directory.lmdb', (b) => b.writeBigUInt64LE(7777n, root * PAGE));
    await refused(
      directory,
      `${directory} is damaged: page ${root} of the table directory is not a tree page; ${advice}`,
    );
    const lastPage = variant('lastpage.lmdb', (b) => b.writeBigUInt64LE(0n, newer * PAGE + 24 + 120));
    await refused(
      lastPage,
      `${lastPage} is damaged: meta page ${newer} says the file uses 1 page, fewer than its two meta pages; ${advice}`,
    );
  });

  it('a damaged page inside a table: an error naming the file and what to do, from the command and from a pull of it', async () => {
    const damaged = join(dir, 'damaged.lmdb');
    const bytes = readFileSync(good);
    // Every leaf page holding the dataset's key (the current one, and copies an earlier write left
    // on free pages): one byte of the key changed.
    const key = Buffer.from(DATASET);
    const b = Buffer.from(bytes);
    let leaves = 0;
    for (let at = bytes.indexOf(key, 2 * PAGE); at >= 0; at = bytes.indexOf(key, at + 1)) {
      if (bytes.readUInt16LE(at - (at % PAGE) + 18) & 0x02) {
        b[at + 20]! ^= 0x01;
        leaves++;
      }
    }
    assert.ok(leaves > 0, 'the dataset key is on a leaf page');
    writeFileSync(damaged, b);
    const r = await runCli(['get', '--urn', DATASET, '--data', damaged]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      `error: ${damaged}: the stored value of the entity record of ${DATASET} (the list of its aspects) is damaged: its page in the file failed its check: a page does not match its checksum (LMDB: MDB_CORRUPTED). It is not the data that was written. \`catalog verify --data ${damaged}\` lists every damaged value; restore the file from a backup (\`catalog backup\`).\n`,
    );
    // Pulled as a remote: the message names the remote file, and the local file gets nothing.
    const local = join(dir, 'local.lmdb');
    const pull = await runCli(['pull', damaged, '--data', local]);
    assert.equal(pull.code, 1, pull.stdout);
    const shown = damaged.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.match(
      pull.stderr,
      new RegExp(
        `^error: ${shown}(: the stored value of .*)? is damaged: (.*: )?a page does not match its checksum \\(LMDB: MDB_CORRUPTED\\)`,
      ),
    );
    assert.doesNotMatch(pull.stderr, /created a new one/);
    assert.equal(existsSync(local), false, 'the pull that failed made no file');
  });
});

describe('a path with no data file', () => {
  const dir = tempDir('catalog-nofile-');
  const missing = join(dir, 'sub', 'typo.lmdb');
  const refusal = `error: no data file at ${missing} (give --data or CATALOG_DATA the path of a catalog; \`catalog ingest\`, \`catalog pull\` and \`catalog serve\` make a new one)\n`;

  it('the commands that read, and those that change what is there, refuse it and make nothing', async () => {
    const other = join(dir, 'other.lmdb');
    assert.equal((await runCli(['ingest', '-f', 'test/fixtures/sample-tutorial-mcps.json', '--data', other])).code, 0);
    for (const args of [
      ['get', '--urn', DATASET],
      ['search', '*'],
      ['lineage', '--urn', DATASET],
      ['export', '-f', join(dir, 'out.json')],
      ['status'],
      ['diff', other],
      ['backup', '-f', join(dir, 'copy.lmdb')],
      ['token', 'list'],
      ['remote', 'list'],
      ['push', other],
      ['deprecate', '--urn', DATASET],
      ['reindex'],
    ]) {
      const r = await runCli([...args, '--data', missing]);
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.stdout}`);
      assert.equal(r.stderr, refusal, args.join(' '));
    }
    assert.equal(existsSync(join(dir, 'sub')), false, 'not even its folder is made');
    assert.equal(existsSync(join(dir, 'out.json')), false);
  });

  it('mcp --read-only refuses it too', async () => {
    const r = await runCli(['mcp', '--read-only', '--data', missing]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, refusal);
  });

  it('a command that writes makes it, and says so on one line', async () => {
    const made = join(dir, 'new', 'catalog.lmdb');
    const r = await runCli(['ingest', '-f', 'test/fixtures/sample-tutorial-mcps.json', '--data', made]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, `catalog: no data file at ${made}; created a new one\n`);
    assert.equal(pageSizeOf(made), 4096, 'new files have 4096-byte pages whatever the OS');
    const again = await runCli(['ingest', '-f', 'test/fixtures/sample-tutorial-mcps.json', '--data', made]);
    assert.equal(again.stderr, '', 'no notice once the file is there');
  });

  it('a command that writes and fails leaves no file behind, and no notice', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '[{"entityUrn": "urn:li:tag:x"');
    const target = join(dir, 'never.lmdb');
    const r = await runCli(['ingest', '-f', bad, '--data', target]);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stderr, /created a new one/);
    assert.equal(existsSync(target), false);
    assert.equal(existsSync(`${target}-lock`), false);
  });
});

describe('a file of another page size', () => {
  it('a file with 16 KiB pages (lmdb-js on Apple Silicon) is read and written as any other, and keeps its page size', async () => {
    const path = join(tempDir('catalog-pagesize-'), 'mac.lmdb');
    // An environment made as lmdb-js makes one on a 16 KiB-page OS, before any catalog wrote to it.
    const env = lmdb.open({ path, pageSize: 16384, maxDbs: 32 });
    await env.close();
    assert.equal(pageSizeOf(path), 16384);
    const ingest = await runCli(['ingest', '-f', 'test/fixtures/sample-tutorial-mcps.json', '--data', path]);
    assert.equal(ingest.code, 0, ingest.stderr);
    assert.equal(pageSizeOf(path), 16384);
    const get = await runCli(['get', '--urn', DATASET, '--aspect', 'datasetProperties', '--data', path]);
    assert.equal(get.code, 0, get.stderr);
    assert.match(get.stdout, /"datasetProperties"/);
    const search = await runCli(['search', 'fct_users_deleted', '--data', path]);
    assert.match(search.stdout, /fct_users_deleted/);
    // And it travels: a pull from it into a file of 4096-byte pages brings everything.
    const clone = join(tempDir('catalog-pagesize-'), 'linux.lmdb');
    const pull = await runCli(['pull', path, '--data', clone]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.equal(pageSizeOf(clone), 4096);
    const cloned = await runCli(['get', '--urn', DATASET, '--aspect', 'datasetProperties', '--data', clone]);
    assert.equal(cloned.stdout, get.stdout);
  });
});
