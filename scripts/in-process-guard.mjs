// Preloaded by `npm run test:quick` (node --import) into every test file's process: starting any
// child process there (the `catalog` under test, node on a fixture, Python, Chromium, npm) throws,
// naming the command. So a test file that spawns cannot pass as in-process: test:quick fails loudly
// until it is listed in PROCESS_LEVEL (scripts/test-files.sh), and `npm test` runs it after a build.
// The test runner's own process, which spawns the test files, is left alone (node sets
// NODE_TEST_CONTEXT only in the processes of the files).
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

// esbuild's service binary, which tsx may start to transform a file, is part of loading the sources.
const allowed = (command) => /[\\/]esbuild(\.exe)?$/.test(String(command));

if (process.env.NODE_TEST_CONTEXT) {
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
    const original = childProcess[name];
    childProcess[name] = function guarded(command, ...rest) {
      if (allowed(command)) return original.call(this, command, ...rest);
      const args = Array.isArray(rest[0]) ? ` ${rest[0].join(' ')}` : '';
      throw new Error(
        `test:quick runs in-process suites only, and this test file started a process (${name}: ${command}${args}). ` +
          'List the file in PROCESS_LEVEL in scripts/test-files.sh, or run it with `npm test -- <file>`.',
      );
    };
  }
  syncBuiltinESMExports();
}
