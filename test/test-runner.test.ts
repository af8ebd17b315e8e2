// The test ladder (scripts/test.sh, scripts/test-files.sh): `npm test` lists every test file exactly
// once, test:quick leaves out only the process-level and FULL_ONLY files, test:unit runs the UNIT
// files; the refusals of a wrong class; and the guards: a unit file that listens, connects or loads
// lmdb fails, and so does an in-process file that starts a process. The runs with made-up classes
// use a copy of the scripts in a temp folder, over test files written there.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, runProcess, tempDir } from './helpers.ts';

/**
 * `bash <root>/scripts/test.sh <args>`: its exit code and output. The environment goes without
 * NODE_TEST_CONTEXT, which this file's runner set: with it, the inner node --test would report to
 * this one instead of printing its results.
 */
const testSh = (root: string, args: string[]) =>
  runProcess('bash', ['-c', 'unset NODE_TEST_CONTEXT; exec bash "$0" "$@"', join(root, 'scripts', 'test.sh'), ...args]);

/** `group file` lines of a `--list` run, as [file, group] pairs. */
async function listing(root: string, args: string[]): Promise<Array<[string, string]>> {
  const r = await testSh(root, ['--list', ...args]);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [group, file] = line.split(' ');
      return [file!, group!];
    });
}

/** One of the arrays of the repository's scripts/test-files.sh. */
async function classList(name: string): Promise<string[]> {
  const r = await runProcess('bash', ['-c', `source scripts/test-files.sh && printf '%s\\n' "\${${name}[@]}"`]);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.split('\n').filter(Boolean);
}

describe("the repository's test files", () => {
  it('npm test runs every test file exactly once, in the group of its class', async () => {
    const files = [
      ...readdirSync(join(ROOT, 'test'))
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `test/${f}`),
      ...readdirSync(join(ROOT, 'test'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) =>
          readdirSync(join(ROOT, 'test', d.name))
            .filter((f) => f.endsWith('.test.ts'))
            .map((f) => `test/${d.name}/${f}`),
        ),
    ];
    const full = await listing(ROOT, []);
    assert.deepEqual(full.map(([f]) => f).sort(), files.sort());
    const [unit, processLevel, serial] = await Promise.all(['UNIT', 'PROCESS_LEVEL', 'SERIAL'].map(classList));
    for (const [file, group] of full) {
      const expected = serial!.includes(file)
        ? 'serial'
        : processLevel!.includes(file)
          ? 'process-level'
          : unit!.includes(file)
            ? 'unit'
            : 'in-process';
      assert.equal(group, expected, file);
    }
  });

  it('test:quick runs the unit and in-process files but FULL_ONLY ones; test:unit the UNIT files', async () => {
    const [unit, fullOnly, processLevel] = await Promise.all(['UNIT', 'FULL_ONLY', 'PROCESS_LEVEL'].map(classList));
    assert.ok(unit!.length > 0 && fullOnly!.length > 0);
    const full = await listing(ROOT, []);
    const quick = await listing(ROOT, ['--quick']);
    const expected = full.filter(([f]) => !fullOnly!.includes(f) && !processLevel!.includes(f));
    assert.deepEqual(quick, expected);
    assert.deepEqual(
      await listing(ROOT, ['--unit']),
      unit!.map((f) => [f, 'unit']),
    );
    // A FULL_ONLY file named runs in test:quick.
    assert.deepEqual(await listing(ROOT, ['--quick', fullOnly![0]!]), [[fullOnly![0]!, 'in-process']]);
  });

  it('test:unit refuses a file that is not a unit file, naming the command that runs it', async () => {
    const inProcess = (await listing(ROOT, ['--quick'])).find(([, g]) => g === 'in-process')![0];
    const r = await testSh(ROOT, ['--unit', inProcess]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr.trim(),
      `test:unit runs the files UNIT lists in scripts/test-files.sh; ${inProcess} is not one ` +
        `(npm run test:quick -- ${inProcess})`,
    );
  });
});

/** A temp copy of the runner with its own test files and classes (bash arrays' contents, by name). */
function sandbox(files: Record<string, string>, classes: Record<string, string[]>): string {
  const root = tempDir('catalog-test-runner-');
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'test'));
  for (const f of ['test.sh', 'test-shards.mjs', 'in-process-guard.mjs', 'unit-guard.mjs', 'unit-hooks.mjs']) {
    copyFileSync(join(ROOT, 'scripts', f), join(root, 'scripts', f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), '{"type": "module"}\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'test', name), text);
  const arrays = ['UNIT', 'FULL_ONLY', 'PROCESS_LEVEL', 'SERIAL'].map(
    (name) => `${name}=(${(classes[name] ?? []).map((f) => `test/${f}`).join(' ')})\n`,
  );
  writeFileSync(join(root, 'scripts', 'test-files.sh'), arrays.join(''));
  return root;
}

const PURE = "import { test } from 'node:test';\ntest('adds', () => { if (1 + 1 !== 2) throw new Error('no'); });\n";

describe('the classes scripts/test-files.sh may give', () => {
  it('a file in UNIT and in PROCESS_LEVEL, or in UNIT and in FULL_ONLY, fails every run', async () => {
    const both = sandbox({ 'a.test.ts': PURE }, { UNIT: ['a.test.ts'], PROCESS_LEVEL: ['a.test.ts'] });
    let r = await testSh(both, ['--list']);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr.trim(),
      'scripts/test-files.sh: test/a.test.ts is process-level, so neither UNIT nor FULL_ONLY',
    );
    const slow = sandbox({ 'a.test.ts': PURE }, { UNIT: ['a.test.ts'], FULL_ONLY: ['a.test.ts'] });
    r = await testSh(slow, ['--list']);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr.trim(),
      'scripts/test-files.sh: test/a.test.ts is in UNIT and FULL_ONLY; a unit file runs in every run',
    );
    const gone = sandbox({ 'a.test.ts': PURE }, { FULL_ONLY: ['gone.test.ts'] });
    r = await testSh(gone, ['--list']);
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim(), 'scripts/test-files.sh lists test/gone.test.ts, which does not exist');
  });

  it('test:unit and test:quick over all their files make property tests short (CATALOG_TEST_QUICK=1); a file named does not', async () => {
    const ENV =
      "import { test } from 'node:test';\ntest('quick=' + (process.env.CATALOG_TEST_QUICK ?? 'unset'), () => {});\n";
    const root = sandbox({ 'env.test.ts': ENV }, { UNIT: ['env.test.ts'] });
    for (const [args, seen] of [
      [['--unit'], 'quick=1'],
      [['--quick'], 'quick=1'],
      [['--unit', 'test/env.test.ts'], 'quick=unset'],
      [['--quick', 'test/env.test.ts'], 'quick=unset'],
    ] as const) {
      const r = await testSh(root, [...args]);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.stdout.includes(`✔ ${seen}`), `${args.join(' ')}: ${r.stdout}`);
    }
  });

  it('an in-process file that declares no test fails the run before anything runs (it shares a process)', async () => {
    const root = sandbox({ 'a.test.ts': PURE, 'empty.test.ts': "import 'node:test';\n" }, {});
    const r = await testSh(root, ['--quick']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(r.stderr.trim(), 'test files that declare no test (no it(…) or test(…)): test/empty.test.ts');
    assert.doesNotMatch(r.stdout, /passed/);
  });

  it('unit and in-process files share a few processes; a failing test among them fails the run', async () => {
    const files: Record<string, string> = {
      'fails.test.ts': "import { test } from 'node:test';\ntest('fails', () => { throw new Error('no'); });\n",
    };
    for (let i = 0; i < 5; i++) files[`p${i}.test.ts`] = PURE;
    const root = sandbox(files, {});
    const r = await testSh(root, ['--quick']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^== node --test: in-process \(6 files in \d processes\)$/m);
    assert.match(r.stdout, /^5 passed, 1 failed, 0 skipped$/m);
  });
});

describe('the guards', () => {
  const timeout = 120_000;
  const title = 'a unit file that listens, connects or loads lmdb fails, and an in-process file that starts a process';
  it(title, { timeout }, async () => {
    const root = sandbox(
      {
        'pure.test.ts': PURE,
        'listen.test.ts':
          "import { test } from 'node:test';\nimport { createServer } from 'node:http';\n" +
          "test('listens', () => { const server = createServer(); server.listen(0); server.close(); });\n",
        'connect.test.ts':
          "import { test } from 'node:test';\n" +
          "test('connects', async () => { await fetch('http://127.0.0.1:65000/'); });\n",
        'store.test.ts':
          "import { test } from 'node:test';\nimport { open } from 'lmdb';\ntest('opens', () => { open; });\n",
        'spawn.test.ts':
          "import { test } from 'node:test';\nimport { execFileSync } from 'node:child_process';\n" +
          "test('spawns', () => { execFileSync('true', ['x']); });\n",
      },
      { UNIT: ['pure.test.ts', 'listen.test.ts', 'connect.test.ts', 'store.test.ts'] },
    );
    const r = await testSh(root, ['--quick']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const advice =
      'Take the file out of UNIT in scripts/test-files.sh (it then runs in `npm run test:quick`), ' +
      'or test the pure part on its own.';
    const refused = (what: string) => `test:unit runs pure functions only, and this test file ${what}. ${advice}`;
    assert.ok(r.stdout.includes(refused('started a server (listen on port 0)')), r.stdout);
    assert.ok(r.stdout.includes(refused('opened a connection (to 127.0.0.1, port 65000)')), r.stdout);
    const importer = `file://${join(root, 'test', 'store.test.ts')}`;
    const lmdb = `loaded lmdb, the store of a data file on disk (imported by ${importer})`;
    assert.ok(r.stdout.includes(refused(lmdb)), r.stdout);
    assert.ok(
      r.stdout.includes(
        'test:quick runs in-process suites only, and this test file started a process (execFileSync: true x). ' +
          'List the file in PROCESS_LEVEL in scripts/test-files.sh, or run it with `npm test -- <file>`.',
      ),
      r.stdout,
    );
    assert.match(r.stdout, /^1 passed, 4 failed, 0 skipped$/m);
  });
});
