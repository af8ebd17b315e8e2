// The files a command is given to write (issue 43; the rule is src/cli/outputFile.ts): `catalog
// export -f` and `catalog backup -f` write through a device, a FIFO and a symlink, keep an existing
// file's owner and mode, leave it intact when the write fails, refuse what is not a file to write;
// and every command whose standard output is closed under it ends quietly (status 0 or 141, nothing
// on stderr), `catalog serve` going on serving. All against the executable under test.
//
// The device cases run as root (CI does) on a device node the test makes itself first; /dev/null
// itself is written only after that passed, and is put back should a test ever replace it.
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import {
  type Stats,
  chmodSync,
  chownSync,
  closeSync,
  constants,
  copyFileSync,
  lstatSync,
  openSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { exportEntities, exportTypes } from '../src/ops/ingest/exportCatalog.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import type { Store } from '../src/store/store.ts';
import { catalogCommand, mcp, runCli, runProcess, tempDataPath, tempDir } from './helpers.ts';

const isRoot = process.getuid?.() === 0;
const NOBODY = (() => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  return line ? { uid: Number(line.split(':')[2]), gid: Number(line.split(':')[3]) } : { uid: 65534, gid: 65534 };
})();

const ds = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,db.table_${i},PROD)`;
const DATASETS = 1000;
/** The lineage chain: table_0 ← table_1 ← … ← table_299 (paths grow with the square of its length). */
const CHAIN = 300;

let data = '';
/** What `catalog export -f FILE` writes for `data`. */
let exported = '';
let dir = '';

const exportedOf = (store: Store) => JSON.stringify(Array.from(exportEntities(store, exportTypes(store))));

/** A data file whose listings are more than twice what a pipe holds (64 KiB), with lineage to walk. */
async function makeCatalog(path: string): Promise<void> {
  const store = openCatalog(path);
  const proposals = [];
  for (let i = 0; i < DATASETS; i++) {
    proposals.push(
      mcp(ds(i), 'datasetProperties', {
        name: `table_${i}`,
        description: `Table ${i} of the warehouse: ${'every order line, with its customer and its price. '.repeat(3)}`,
        customProperties: {},
      }),
    );
    if (i > 0 && i < CHAIN)
      proposals.push(
        mcp(ds(i), 'upstreamLineage', {
          upstreams: [
            { dataset: ds(i - 1), type: 'TRANSFORMED', auditStamp: { time: 1, actor: 'urn:li:corpuser:etl' } },
          ],
        }),
      );
  }
  await ingestProposals(
    { store, actor: 'urn:li:corpuser:datahub' },
    proposals.map((m) => proposalFromMcp(m)),
  );
  await store.close();
}

/** The catalog a backup copy holds, as an export. */
async function exportOfCopy(path: string): Promise<string> {
  const copy = openCatalog(path);
  try {
    return exportedOf(copy);
  } finally {
    await copy.close();
  }
}

/** No temporary file is left beside a target. */
function assertNoPartial(where: string): void {
  assert.deepEqual(
    readdirSync(where).filter((f) => f.includes('.partial')),
    [],
    `no temporary file is left in ${where}`,
  );
}

/**
 * A device node like /dev/full (every write fails with ENOSPC), made in a temp folder: the tests never
 * name the machine's own /dev/full, which a regression would replace with a file.
 */
function fullDevice(): string {
  const node = join(tempDir(), 'full');
  execFileSync('mknod', [node, 'c', '1', '7']);
  return node;
}

function hasSetpriv(): boolean {
  try {
    execFileSync('setpriv', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const mkfifo = async (path: string) => void execFileSync('mkfifo', [path]);

interface Spawned {
  code: Promise<number | null>;
  stderr: () => string;
  stdout: () => string;
  /** Resolves once stderr holds `text`. */
  stderrHas(text: string): Promise<void>;
  child: ReturnType<typeof spawn>;
}

function spawnCatalog(args: string[], env: Record<string, string> = {}): Spawned {
  const [cmd, argv] = catalogCommand(args);
  const child = spawn(cmd, argv, {
    env: { ...process.env, CATALOG_DATA: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  const waiters: Array<() => void> = [];
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const w of waiters.splice(0)) w();
  });
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const code = new Promise<number | null>((r) => child.on('close', (c) => r(c)));
  return {
    child,
    code,
    stderr: () => stderr,
    stdout: () => stdout,
    stderrHas: async (text) => {
      while (!stderr.includes(text)) {
        const exited = await Promise.race([
          new Promise<boolean>((r) => waiters.push(() => r(false))),
          code.then(() => true),
        ]);
        if (exited && !stderr.includes(text))
          throw new Error(`exited without printing ${JSON.stringify(text)}: ${stderr}`);
      }
    },
  };
}

/**
 * A FIFO's reader, in a process of its own (`cat`, or `head -c N` to close early): should the command
 * under test replace the FIFO, the reader waits on it forever, and only a process can be stopped then.
 */
function readFifo(path: string, limit?: number): { content: Promise<Buffer>; stop(): void } {
  const child = spawn(
    limit === undefined ? 'cat' : 'head',
    limit === undefined ? [path] : ['-c', String(limit), path],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const chunks: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => chunks.push(d));
  return {
    content: new Promise((r) => child.on('close', () => r(Buffer.concat(chunks)))),
    stop: () => void child.kill('SIGKILL'),
  };
}

/**
 * What the reader got, once the command under test has ended. The FIFO must be one still (else its
 * reader is stopped: it would wait forever). A writer of our own comes and goes first, so that a
 * reader the command never wrote to ends too, with nothing.
 */
async function fifoContent(fifo: string, reader: ReturnType<typeof readFifo>): Promise<Buffer> {
  if (!lstatSync(fifo).isFIFO()) {
    reader.stop();
    assert.fail(`${fifo} is no longer a FIFO`);
  }
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // ENXIO: the reader has gone already.
  }
  return reader.content;
}

before(async () => {
  dir = tempDir();
  data = tempDataPath();
  await makeCatalog(data);
  const file = join(dir, 'reference.json');
  const r = await runCli(['export', '-f', file, '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  exported = readFileSync(file, 'utf8');
  assert.ok(exported.length > 200_000, `the export is larger than a pipe holds (${exported.length} bytes)`);
});

describe('a device', () => {
  let devNull: Stats;
  before(() => (devNull = statSync('/dev/null')));
  // Should a test here ever have replaced /dev/null, the machine gets it back (and the test fails).
  after(() => {
    const now = lstatSync('/dev/null', { throwIfNoEntry: false });
    if (now?.isCharacterDevice() || !isRoot) return;
    rmSync('/dev/null', { force: true });
    execFileSync('mknod', ['-m', '666', '/dev/null', 'c', '1', '3']);
    assert.fail('/dev/null had been replaced (it is a device again)');
  });

  it('export -f and backup -f write through a device node and leave it a device: one of our own first (as root), then /dev/null', async () => {
    const targets: string[] = [];
    if (isRoot) {
      const node = join(tempDir(), 'null');
      execFileSync('mknod', [node, 'c', '1', '3']);
      targets.push(node);
    }
    targets.push('/dev/null');
    for (const target of targets) {
      const before = statSync(target);
      const exportRun = await runCli(['export', '-f', target, '--data', data]);
      assert.equal(exportRun.code, 0, exportRun.stderr);
      assert.match(exportRun.stdout, /^Exported \d+ aspects of 1000 entities to .* in [\d.]+s\n$/);
      const backupRun = await runCli(['backup', '-f', target, '--data', data]);
      assert.equal(backupRun.code, 0, backupRun.stderr);
      assert.match(backupRun.stdout, /^Backed up .*catalog\.lmdb to .* \([\d.]+ MB\) in [\d.]+s\n$/);
      const after = lstatSync(target);
      assert.ok(after.isCharacterDevice(), `${target} is still a character device`);
      assert.deepEqual(
        [after.ino, after.rdev, after.mode, after.uid],
        [before.ino, before.rdev, before.mode, before.uid],
        `${target} is the same node`,
      );
    }
    const now = statSync('/dev/null');
    assert.deepEqual([now.ino, now.rdev, now.mode], [devNull.ino, devNull.rdev, devNull.mode]);
  });

  it("a device that fails the write (a node of /dev/full's kind, made by the test): the error says which file and why", {
    skip: !isRoot,
  }, async () => {
    const full = fullDevice();
    const r = await runCli(['export', '-f', full, '--data', data]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `error: cannot write ${full}: no space left on device (ENOSPC)\n`);
    assert.equal(r.stdout, '');
    assert.ok(lstatSync(full).isCharacterDevice());
  });
});

describe('a FIFO', () => {
  it('export -f with a reader already there: the reader gets the export', async () => {
    const fifo = join(tempDir(), 'pipe');
    await mkfifo(fifo);
    const reader = readFifo(fifo);
    const r = await runCli(['export', '-f', fifo, '--data', data]);
    const content = await fifoContent(fifo, reader);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(content.toString(), exported);
  });

  it('export -f with no reader yet: says it waits, then writes to the reader that comes', async () => {
    const fifo = join(tempDir(), 'pipe');
    await mkfifo(fifo);
    const run = spawnCatalog(['export', '-f', fifo, '--data', data]);
    await run.stderrHas('\n');
    assert.equal(run.stderr(), `catalog: waiting for a reader of the FIFO ${fifo} (interrupt to give up)\n`);
    const reader = readFifo(fifo);
    assert.equal(await run.code, 0, run.stderr());
    const content = await fifoContent(fifo, reader);
    assert.equal(content.toString(), exported);
    assert.match(run.stdout(), /^Exported \d+ aspects of 1000 entities to .*pipe in [\d.]+s\n$/);
  });

  it('export -f, the reader closing early: the command ends quietly with 141', async () => {
    const fifo = join(tempDir(), 'pipe');
    await mkfifo(fifo);
    const run = spawnCatalog(['export', '-f', fifo, '--data', data]);
    await run.stderrHas('\n');
    const reader = readFifo(fifo, 1);
    assert.equal(await run.code, 141);
    assert.equal((await fifoContent(fifo, reader)).toString(), '[');
    assert.equal(
      run.stderr(),
      `catalog: waiting for a reader of the FIFO ${fifo} (interrupt to give up)\n`,
      'the waiting line and nothing after it',
    );
    assert.equal(run.stdout(), '');
  });

  it('backup -f with no reader, interrupted: ends on the signal and leaves nothing behind ($TMPDIR included)', async () => {
    const where = tempDir();
    const scratch = tempDir();
    const fifo = join(where, 'pipe');
    await mkfifo(fifo);
    const run = spawnCatalog(['backup', '-f', fifo, '--data', data], { TMPDIR: scratch });
    await run.stderrHas('\n');
    assert.equal(run.stderr(), `catalog: waiting for a reader of the FIFO ${fifo} (interrupt to give up)\n`);
    assert.equal(readdirSync(scratch).length, 1, 'the copy waits in $TMPDIR');
    run.child.kill('SIGINT');
    assert.equal(await run.code, 130);
    assert.deepEqual(readdirSync(where), ['pipe']);
    assert.deepEqual(readdirSync(scratch), []);
  });

  it('backup -f: the reader gets a copy that opens as the data file', async () => {
    const fifo = join(tempDir(), 'pipe');
    await mkfifo(fifo);
    const reader = readFifo(fifo);
    const r = await runCli(['backup', '-f', fifo, '--data', data]);
    const content = await fifoContent(fifo, reader);
    assert.equal(r.code, 0, r.stderr);
    const copy = join(tempDir(), 'copy.lmdb');
    writeFileSync(copy, content);
    assert.equal(await exportOfCopy(copy), await exportOfCopy(data));
  });
});

describe('a symbolic link', () => {
  it('export -f through a link to a file: the link stays a link, its target gets the export, owner and mode kept', async () => {
    const where = tempDir();
    const target = join(where, 'real.json');
    writeFileSync(target, 'old');
    chmodSync(target, 0o640);
    if (isRoot) chownSync(target, NOBODY.uid, NOBODY.gid);
    const link = join(where, 'link.json');
    symlinkSync('real.json', link);
    const r = await runCli(['export', '-f', link, '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readlinkSync(link), 'real.json');
    assert.equal(readFileSync(target, 'utf8'), exported);
    const st = statSync(target);
    assert.equal(st.mode & 0o7777, 0o640);
    if (isRoot) assert.deepEqual([st.uid, st.gid], [NOBODY.uid, NOBODY.gid]);
    assertNoPartial(where);
  });

  it('export -f and backup -f through links to nothing yet (two hops): the links stay, the file they name is made', async () => {
    const where = tempDir();
    mkdirSync(join(where, 'sub'));
    symlinkSync('sub/hop.json', join(where, 'link.json'));
    symlinkSync('made.json', join(where, 'sub', 'hop.json'));
    const r = await runCli(['export', '-f', join(where, 'link.json'), '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(join(where, 'sub', 'made.json'), 'utf8'), exported);
    assert.ok(lstatSync(join(where, 'link.json')).isSymbolicLink());
    assert.ok(lstatSync(join(where, 'sub', 'hop.json')).isSymbolicLink());

    symlinkSync('copy.lmdb', join(where, 'backup.lmdb'));
    const b = await runCli(['backup', '-f', join(where, 'backup.lmdb'), '--data', data]);
    assert.equal(b.code, 0, b.stderr);
    assert.ok(lstatSync(join(where, 'backup.lmdb')).isSymbolicLink());
    assert.equal(await exportOfCopy(join(where, 'copy.lmdb')), await exportOfCopy(data));
    // Now it names an existing file: a backup never overwrites one, through a link either.
    const again = await runCli(['backup', '-f', join(where, 'backup.lmdb'), '--data', data]);
    assert.equal(again.code, 1);
    assert.equal(
      again.stderr,
      `error: ${join(where, 'backup.lmdb')} already exists: a backup never overwrites a file; name a new one\n`,
    );
    assertNoPartial(where);
    assertNoPartial(join(where, 'sub'));
  });

  it("a loop of links is refused with the system's words", async () => {
    const where = tempDir();
    symlinkSync('b', join(where, 'a'));
    symlinkSync('a', join(where, 'b'));
    const r = await runCli(['export', '-f', join(where, 'a'), '--data', data]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `error: cannot write ${join(where, 'a')}: too many symbolic links encountered (ELOOP)\n`);
  });

  // A link of our own to what /dev/stdout links to: a regression replaces the test's link, not the machine's.
  it('a link to /proc/self/fd/1, as /dev/stdout is, is the descriptor the shell set up: a `>>` file is appended to, and the link stays', async () => {
    const where = tempDir();
    const out = join(where, 'out.json');
    writeFileSync(out, 'before\n');
    const stdout = join(where, 'stdout');
    symlinkSync('/proc/self/fd/1', stdout);
    const [cmd, args] = catalogCommand(['export', '-f', stdout, '--data', data]);
    const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const r = await runProcess('sh', ['-c', `${quoted} >> '${out}'`]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(out, 'utf8'), `before\n${exported}`);
    assert.match(r.stderr, /^Exported \d+ aspects of 1000 entities in [\d.]+s\n$/, 'the summary goes to stderr');
    assert.ok(lstatSync(stdout).isSymbolicLink());
  });
});

describe('an existing regular file', () => {
  it('export -f replaces its content and keeps its owner and mode (0640, owned by nobody as root)', async () => {
    const where = tempDir();
    const file = join(where, 'out.json');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    if (isRoot) chownSync(file, NOBODY.uid, NOBODY.gid);
    const r = await runCli(['export', '-f', file, '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(file, 'utf8'), exported);
    const st = statSync(file);
    assert.equal(st.mode & 0o7777, 0o640);
    if (isRoot) assert.deepEqual([st.uid, st.gid], [NOBODY.uid, NOBODY.gid]);
    assertNoPartial(where);
  });

  it("another user's file that cannot be given back to its owner, or not replaced beside it: written in place, as cp does, owner and mode kept", {
    skip: !isRoot || !hasSetpriv(),
  }, async () => {
    // The command runs as nobody: it may write the files (mode 0666) but not give a new one to root.
    const where = tempDir();
    chmodSync(where, 0o777);
    const ownData = join(where, 'catalog.lmdb');
    copyFileSync(data, ownData);
    chmodSync(ownData, 0o666);
    const home = join(where, 'home');
    mkdirSync(home, { mode: 0o777 });
    chmodSync(home, 0o777);
    const inWritableDir = join(where, 'root.json');
    const closedDir = join(where, 'closed');
    mkdirSync(closedDir, { mode: 0o755 });
    const inClosedDir = join(closedDir, 'root.json');
    const asNobody = (args: string[]) => {
      const [cmd, argv] = catalogCommand(args);
      return runProcess('setpriv', [`--reuid=${NOBODY.uid}`, `--regid=${NOBODY.gid}`, '--clear-groups', cmd, ...argv], {
        env: { HOME: home },
      });
    };
    for (const file of [inWritableDir, inClosedDir]) {
      writeFileSync(file, 'old');
      chmodSync(file, 0o666);
      const r = await asNobody(['export', '-f', file, '--data', ownData]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(readFileSync(file, 'utf8'), exported);
      const st = statSync(file);
      assert.deepEqual([st.uid, st.gid, st.mode & 0o7777], [0, 0, 0o666], file);
    }
    assertNoPartial(where);
    assertNoPartial(closedDir);
    // Neither replaceable nor writable: the error says so, the file stays.
    const locked = join(closedDir, 'locked.json');
    writeFileSync(locked, 'old');
    chmodSync(locked, 0o644);
    const refused = await asNobody(['export', '-f', locked, '--data', ownData]);
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr, `error: cannot write ${locked}: permission denied (EACCES)\n`);
    assert.equal(readFileSync(locked, 'utf8'), 'old');
  });

  it('a write that fails (the file size limit) leaves the old file as it was and no temporary file', async () => {
    const where = tempDir();
    const file = join(where, 'out.json');
    writeFileSync(file, 'the old content');
    chmodSync(file, 0o640);
    const [cmd, args] = catalogCommand(['export', '-f', file, '--data', data]);
    const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    // ulimit -f counts blocks of 512 bytes: 64 KiB, a third of the export.
    const r = await runProcess('sh', ['-c', `ulimit -f 128 && exec ${quoted}`]);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr, `error: cannot write ${file}: file too large (EFBIG)\n`);
    assert.equal(readFileSync(file, 'utf8'), 'the old content');
    assert.equal(statSync(file).mode & 0o7777, 0o640);
    assertNoPartial(where);

    const copy = join(where, 'copy.lmdb');
    const [bcmd, bargs] = catalogCommand(['backup', '-f', copy, '--data', data]);
    const b = await runProcess('sh', [
      '-c',
      `ulimit -f 128 && exec ${[bcmd, ...bargs].map((a) => `'${a}'`).join(' ')}`,
    ]);
    assert.equal(b.code, 1, b.stderr);
    assert.match(
      b.stderr,
      new RegExp(`^error: cannot write ${copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: file too large\\b`, 'i'),
    );
    assert.deepEqual(readdirSync(where), ['out.json'], 'nothing of the failed backup is left');
  });

  it('export -f onto the data file or its lock file is refused and the file stays as it was', async () => {
    const before = readFileSync(data);
    for (const [file, what] of [
      [data, 'the data file'],
      [`${data}-lock`, "the data file's lock file"],
    ] as const) {
      const r = await runCli(['export', '-f', file, '--data', data]);
      assert.equal(r.code, 1);
      assert.equal(r.stderr, `error: ${file} is ${what}; name another file\n`);
    }
    assert.ok(readFileSync(data).equals(before));
  });
});

describe('what is not a file to write', () => {
  it('a directory and a socket are refused, naming them', async () => {
    const where = tempDir();
    const r = await runCli(['export', '-f', where, '--data', data]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `error: ${where} is a directory; name a file to write\n`);
    const socket = join(where, 'sock');
    const server = createNetServer();
    await new Promise<void>((done) => server.listen(socket, done));
    try {
      const s = await runCli(['backup', '-f', socket, '--data', data]);
      assert.equal(s.code, 1);
      assert.equal(s.stderr, `error: ${socket} is a socket; name a file, a device or a FIFO to write\n`);
    } finally {
      server.close();
    }
    assertNoPartial(where);
  });

  it('a missing directory: the error names the file and why', async () => {
    const file = join(tempDir(), 'no', 'such', 'out.json');
    const r = await runCli(['export', '-f', file, '--data', data]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `error: cannot write ${file}: no such file or directory (ENOENT)\n`);
  });

  it('backup -f - on a terminal is refused: a data file is binary', async () => {
    const [cmd, args] = catalogCommand(['backup', '-f', '-', '--data', data]);
    const line = [cmd, ...args].map((a) => `'${a}'`).join(' ');
    // script(1) gives the command a terminal as its standard output.
    const r = await runProcess('script', ['-qec', line, '/dev/null']);
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      /error: standard output is a terminal; redirect it to a file or a pipe, or name a file\r?\n/,
    );
  });

  it('backup -f - writes the copy to standard output and its summary to standard error', async () => {
    const [cmd, args] = catalogCommand(['backup', '-f', '-', '--data', data]);
    const chunks: Buffer[] = [];
    const child = spawn(cmd, args, { env: { ...process.env, CATALOG_DATA: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((r) => child.on('close', r));
    assert.equal(code, 0, stderr);
    assert.match(stderr, /^Backed up .*catalog\.lmdb to standard output \([\d.]+ MB\) in [\d.]+s\n$/);
    const copy = join(tempDir(), 'copy.lmdb');
    writeFileSync(copy, Buffer.concat(chunks));
    assert.equal(await exportOfCopy(copy), await exportOfCopy(data));
  });
});

/** Runs `catalog <args>` with its standard output closed: before it writes anything, or after the first chunk it wrote. */
async function runClosed(
  args: string[],
  when: 'at-once' | 'after-first-chunk',
  input?: string,
): Promise<{ code: number | null; stderr: string }> {
  const [cmd, argv] = catalogCommand(args);
  const child = spawn(cmd, argv, { env: { ...process.env, CATALOG_DATA: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  if (when === 'at-once') child.stdout.destroy();
  else child.stdout.once('data', () => child.stdout.destroy());
  if (input !== undefined) child.stdin.write(input);
  else child.stdin.end();
  const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
  return { code, stderr };
}

describe('a closed standard output', () => {
  const commands = () => [
    ['get', '--urn', ds(1), '--data', data],
    ['search', '*', '--limit', '1000', '--data', data],
    ['search', '*', '--limit', '1000', '--json', '--data', data],
    ['lineage', '--urn', ds(CHAIN - 1), '--data', data],
    ['lineage', '--urn', ds(CHAIN - 1), '--json', '--data', data],
    ['export', '-f', '-', '--data', data],
    ['export', '-f', '/dev/fd/1', '--data', data],
    ['backup', '-f', '-', '--data', data],
    ['token', 'list', '--data', data],
    ['status', '--data', data],
    ['--help'],
  ];

  it('closed before the command writes: every command ends quietly, 0 or 141', async () => {
    for (const args of commands()) {
      const r = await runClosed(args, 'at-once');
      assert.ok(r.code === 0 || r.code === 141, `${args.join(' ')}: exit ${r.code}, ${r.stderr}`);
      assert.equal(r.stderr, '', `${args.join(' ')} prints nothing on stderr`);
    }
  });

  it('closed after the first chunk (`| head -1`): every command with more to say ends quietly with 141', async () => {
    // The ones whose output is more than the reader's first chunk and a full pipe (2 × 64 KiB): the
    // reader closes while they still write, whatever the timing.
    for (const args of [commands()[2]!, commands()[4]!, commands()[5]!, commands()[6]!, commands()[7]!]) {
      const r = await runClosed(args, 'after-first-chunk');
      assert.equal(r.code, 141, `${args.join(' ')}: exit ${r.code}, ${r.stderr}`);
      assert.equal(r.stderr, '', `${args.join(' ')} prints nothing on stderr`);
    }
  });

  it('catalog mcp whose client closed its end: ends quietly with 141 at its next answer', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    };
    const r = await runClosed(['mcp', '--data', data], 'at-once', `${JSON.stringify(initialize)}\n`);
    assert.equal(r.code, 141);
    assert.equal(r.stderr, '');
  });

  it('a standard output failing otherwise (a full disk): one line saying so, status 1', { skip: !isRoot }, async () => {
    const [cmd, args] = catalogCommand(['search', '*', '--data', data]);
    const r = await runProcess('sh', [
      '-c',
      `exec ${[cmd, ...args].map((a) => `'${a}'`).join(' ')} > '${fullDevice()}'`,
    ]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: cannot write standard output: no space left on device (ENOSPC)\n');
  });

  it('catalog serve with its standard output and error closed goes on serving, and stops cleanly', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const [cmd, argv] = catalogCommand(['serve', '--port', String(port), '--data', tempDataPath()]);
    const child = spawn(cmd, argv, { env: { ...process.env, CATALOG_DATA: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    child.stderr.destroy();
    const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    let status = 0;
    let alive = true;
    void exited.then(() => (alive = false));
    // Until it listens; it must not exit meanwhile.
    while (alive && status !== 200) {
      status = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(alive, 'the server is still running after writing its start lines to closed pipes');
    const created = await fetch(`http://127.0.0.1:${port}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { createTag(input: {id: "still-serving", name: "Still serving"}) }' }),
    }).then((r) => r.json() as Promise<{ data?: { createTag: string } }>);
    assert.equal(created.data?.createTag, 'urn:li:tag:still-serving');
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
