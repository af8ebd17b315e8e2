/**
 * What the A/B scripts share (ab-read.ts, ab-answers.ts): the same `n` generated datasets ingested
 * by each build into its own file, and a way to start a server and learn its URL.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from './generate.ts';

export interface Started {
  url: string;
  proc: ChildProcess;
}

/** Starts `bin argv` and resolves with the URL it prints (`… listening on URL`). */
export function start(bin: string, argv: string[]): Promise<Started> {
  const proc = spawn(bin, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    proc.on('exit', (code) => reject(new Error(`${bin} ${argv.join(' ')} exited (${code}) before listening`)));
    proc.stdout!.on('data', (d: Buffer) => {
      const m = /listening on (\S+)/.exec(d.toString());
      if (m) resolve({ url: m[1]!, proc });
    });
  });
}

/**
 * A work folder with `a.lmdb` and `b.lmdb`: the same `n` bench datasets, each ingested by its own build
 * (a build opening a file written by an older one may first rebuild an index whose layout changed,
 * which is not what a read bench measures).
 */
export async function twoCatalogs(
  prefix: string,
  a: string,
  b: string,
  n: number,
): Promise<{ work: string; a: string; b: string }> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const file = join(work, 'in.jsonl');
  await generate(file, n, 'jsonl');
  const files = { a: join(work, 'a.lmdb'), b: join(work, 'b.lmdb') };
  execFileSync(a, ['ingest', '-f', file, '--data', files.a], { stdio: 'ignore' });
  execFileSync(b, ['ingest', '-f', file, '--data', files.b], { stdio: 'ignore' });
  return { work, ...files };
}

/** Both builds serving their copy of the catalog. */
export async function startBoth(a: string, b: string, files: { a: string; b: string }): Promise<[Started, Started]> {
  return Promise.all([
    start(a, ['serve', '--port', '0', '--data', files.a]),
    start(b, ['serve', '--port', '0', '--data', files.b]),
  ]);
}
