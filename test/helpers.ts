/** Shared test fixtures: temp data files and running the real CLI as a user would. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI = join(ROOT, 'src', 'cli', 'main.ts');

/**
 * The `catalog` the process-level tests run: the executable named by CATALOG_BIN (relative to the
 * repo root or absolute; `npm test` builds build/catalog and names it), else the TypeScript sources.
 */
export const CATALOG_BIN = process.env['CATALOG_BIN'] ? resolve(ROOT, process.env['CATALOG_BIN']) : undefined;

/**
 * tsx's loader, by its resolved location: a bare `--import tsx` is resolved from the child's working
 * directory, and the tests that run the CLI in a temp folder (walkthrough.test.ts) failed there
 * when run from the sources.
 */
const TSX = import.meta.resolve('tsx');

/** Command and arguments that run `catalog <args>` as the tests are configured to (see CATALOG_BIN). */
export function catalogCommand(args: string[]): [string, string[]] {
  return CATALOG_BIN ? [CATALOG_BIN, args] : [process.execPath, ['--import', TSX, CLI, ...args]];
}

/** A fresh temp folder, removed when the test process exits. */
export function tempDir(prefix = 'catalog-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.setMaxListeners(0);
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function tempDataPath(): string {
  return join(tempDir(), 'catalog.lmdb');
}

export function writeTemp(name: string, content: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, content);
  return path;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `catalog <args>` (the executable under test, or the sources) and collects its output. */
export function runCli(
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<RunResult> {
  return runProcess(...catalogCommand(args), options);
}

export function runProcess(
  cmd: string,
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, CATALOG_DATA: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
    // A child that ends before reading its input closes the pipe under this write: not the test's failure.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

export const HIVE_T1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,t1,PROD)';

/** An MCP in DataHub's file format. */
export function mcp(
  entityUrn: string,
  aspectName: string,
  json: unknown,
  entityType?: string,
): Record<string, unknown> {
  return {
    entityType: entityType ?? entityUrn.split(':')[2],
    entityUrn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { json },
  };
}

/** Spawns `catalog <args>` (normally `serve …`) as runCli would, resolving once it listens. */
export function serveCatalog(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<SpawnedServer> {
  return spawnServer(...catalogCommand(args), options);
}

export interface SpawnedServer {
  url: string;
  pid: number;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Spawns a `catalog serve` (any command line) and resolves once it prints its listening URL.
 * Rejects with the process output when it exits first or takes longer than `timeoutMs`.
 */
export function spawnServer(
  cmd: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<SpawnedServer> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, CATALOG_DATA: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let done = false;
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${options.timeoutMs ?? 20000} ms:\n${out}`));
    }, options.timeoutMs ?? 20000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /catalog listening on (http:\/\/\S+)/.exec(out);
      if (m && !done) {
        done = true;
        clearTimeout(timer);
        resolvePromise({
          url: m[1]!,
          pid: child.pid!,
          output: () => out,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}

/** `catalog ingest` of `records` (MCPs) into the data file `data`, through the executable; fails the test on an error. */
export async function ingestRecords(data: string, records: unknown[]): Promise<void> {
  const file = join(tempDir(), 'mcps.json');
  writeFileSync(file, JSON.stringify(records));
  const r = await runCli(['ingest', '-f', file, '--data', data]);
  assert.equal(r.code, 0, r.stderr);
}

/** One aspect's value as `catalog get` prints it; fails the test on an error. */
export async function getAspectValue(data: string, urn: string, name: string): Promise<any> {
  const r = await runCli(['get', '--urn', urn, '--aspect', name, '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout)[name];
}

/**
 * POSTs one UPSERT proposal to a running server's Rest.li `ingestProposal` (as DataHub's Python
 * emitter sends it: the value as a JSON string); answers the status and the parsed body.
 */
export async function ingestProposal(
  serverUrl: string,
  entityType: string,
  urn: string,
  aspectName: string,
  value: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${serverUrl}/aspects?action=ingestProposal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
    body: JSON.stringify({
      proposal: {
        entityType,
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName,
        aspect: { value: JSON.stringify(value), contentType: 'application/json' },
      },
    }),
  });
  return { status: res.status, body: await res.json() };
}
