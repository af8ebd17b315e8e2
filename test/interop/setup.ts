/**
 * Shared setup of the suites that run DataHub's real Python client (acryl-datahub, pinned in
 * scripts/interop-venv.sh) against a real `catalog serve` on an ephemeral port: the virtualenv, a
 * temp HOME, telemetry off, and runners for the `datahub` CLI and the scripts under test/interop/py.
 * No call leaves the machine. The virtualenv is made by scripts/setup.sh (which `npm test` runs
 * first), never here: without it, or out of date, a suite fails saying to run that.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TUTORIAL_MCPS } from '../../src/sample/sample.ts';
import {
  ROOT,
  runCli,
  runProcess,
  serveCatalog,
  tempDir,
  writeTemp,
  type RunResult,
  type SpawnedServer,
} from '../helpers.ts';

export const hasPython = spawnSync('python3', ['--version']).status === 0;

/** Call at module load: fails the suite, saying what to run, when the interop virtualenv is not set up. */
export function requirePython(suite: string): void {
  datahubExecutable(suite);
}

export interface Interop {
  datahub: string;
  python: string;
  home: string;
  server: SpawnedServer;
  env: Record<string, string>;
  /** Runs the `datahub` CLI against the server. */
  dh(args: string[]): Promise<RunResult>;
  /** Runs test/interop/py/<script> and parses the JSON of its last output line; fails on a non-zero exit. */
  py(script: string, args?: string[], extraEnv?: Record<string, string>): Promise<any>;
}

let datahub: string | undefined;

/** The `datahub` executable of the interop virtualenv; throws, saying to run scripts/setup.sh, when it is missing or out of date. */
export function datahubExecutable(suite = 'this suite'): string {
  if (datahub) return datahub;
  const check = spawnSync('bash', [join(ROOT, 'scripts', 'interop-venv.sh'), '--check'], { encoding: 'utf8' });
  if (check.status !== 0) {
    throw new Error(
      `${suite} cannot run: DataHub's Python client (.venv-interop) is not set up; run scripts/setup.sh (${check.stderr.trim()})`,
    );
  }
  return (datahub = check.stdout.trim().split('\n').pop()!);
}

/**
 * Installs (once) the client, serves a temp data file at `data` loaded with the sample's tutorial
 * entities (the nine DataHub's API tutorials query, which these suites' expectations count; the whole
 * `--sample` is tested in test/sample.test.ts), and returns the runners.
 */
export async function startInterop(data = join(tempDir(), 'catalog.lmdb')): Promise<Interop> {
  const datahub = datahubExecutable();
  const python = join(datahub, '..', 'python');
  const home = tempDir('catalog-interop-home-');
  // A new data file gets the tutorials' entities; a file the caller prepared is served as it is (an
  // ingest of records it already holds would move their systemMetadata: runId, lastRunId).
  if (!existsSync(data)) {
    const loaded = await runCli([
      'ingest',
      '-f',
      writeTemp('tutorial-entities.json', JSON.stringify(TUTORIAL_MCPS)),
      '--data',
      data,
    ]);
    assert.equal(loaded.code, 0, loaded.stderr);
  }
  const server = await serveCatalog(['serve', '--port', '0', '--data', data]);
  const env = {
    DATAHUB_GMS_URL: server.url,
    DATAHUB_TELEMETRY_ENABLED: 'false',
    HOME: home,
    DATAHUB_GMS_TOKEN: '',
    PYTHONWARNINGS: 'ignore',
  };
  return {
    datahub,
    python,
    home,
    server,
    env,
    dh: (args) => runProcess(datahub, args, { env, cwd: home }),
    async py(script, args = [], extraEnv = {}) {
      const r = await runProcess(python, [join(ROOT, 'test', 'interop', 'py', script), ...args], {
        env: { ...env, ...extraEnv },
        cwd: home,
      });
      assert.equal(r.code, 0, r.stderr);
      return JSON.parse(r.stdout.trim().split('\n').pop()!);
    },
  };
}
