/**
 * better-sqlite3, for the bench's SQLite FTS5 baseline (section 6) only: it is no dependency of the
 * catalog or of its tests, so `npm ci` neither downloads nor compiles it. On first use it is installed
 * into .cache/bench-sqlite/ (untracked) with `npm ci` from bench/sqlite/, whose lock file pins it and
 * everything it needs; later runs reuse that install while the lock is unchanged.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SPEC = join(ROOT, 'bench', 'sqlite');
const DIR = join(ROOT, '.cache', 'bench-sqlite');
const STAMP = join(DIR, '.installed');

/** The part of better-sqlite3's API the bench uses. */
export interface SqliteStatement {
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}
export interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  transaction(fn: () => void): () => void;
  close(): void;
}

/** better-sqlite3's Database class, installed first when missing. Install output goes to stderr (stdout carries the bench's JSON). */
export function loadSqlite(): new (file: string) => SqliteDatabase {
  const files = ['package.json', 'package-lock.json'];
  const wanted = files.map((f) => readFileSync(join(SPEC, f), 'utf8')).join('\n');
  if (!existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== wanted) {
    process.stderr.write('bench: installing better-sqlite3 into .cache/bench-sqlite (first use only)\n');
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    for (const f of files) copyFileSync(join(SPEC, f), join(DIR, f));
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: DIR, stdio: ['ignore', 2, 2] });
    if (npm.status !== 0)
      throw new Error(`installing better-sqlite3 into ${DIR} failed (npm ci exited with ${npm.status ?? npm.signal})`);
    writeFileSync(STAMP, wanted);
  }
  return createRequire(join(DIR, 'package.json'))('better-sqlite3') as new (
    file: string,
  ) => SqliteDatabase;
}
