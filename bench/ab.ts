/**
 * What the A/B scripts share (ab-read.ts, ab-answers.ts): one catalog of `n` generated datasets,
 * ingested by build A and copied for build B, and a way to start a server and learn its URL.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
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

/** A work folder with `a.lmdb` (n bench datasets, ingested by build `a`) and `b.lmdb`, its copy. */
export async function twoCatalogs(prefix: string, a: string, n: number): Promise<{ work: string; a: string; b: string }> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const file = join(work, 'in.jsonl');
  await generate(file, n, 'jsonl');
  const data = join(work, 'a.lmdb');
  execFileSync(a, ['ingest', '-f', file, '--data', data], { stdio: 'ignore' });
  copyFileSync(data, join(work, 'b.lmdb'));
  return { work, a: data, b: join(work, 'b.lmdb') };
}

/** Both builds serving their copy of the catalog. */
export async function startBoth(a: string, b: string, files: { a: string; b: string }): Promise<[Started, Started]> {
  return Promise.all([start(a, ['serve', '--port', '0', '--data', files.a]), start(b, ['serve', '--port', '0', '--data', files.b])]);
}
