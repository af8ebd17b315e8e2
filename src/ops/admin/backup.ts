/**
 * `catalog backup`: a consistent copy of the data file that opens as a normal data file, taken while
 * servers and other commands keep writing (issue 16). The copy is written under a temporary name
 * beside the target and renamed when complete, so the target name never holds half a file; an
 * existing file is never overwritten.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BadRequestError } from '../../errors.ts';
import type { Store } from '../../store/store.ts';

export interface BackupResult {
  file: string;
  bytes: number;
  seconds: number;
}

export async function backupCatalog(store: Store, target: string, options: { compact: boolean }): Promise<BackupResult> {
  const file = resolve(target);
  // The data file itself exists too: it is refused by the same rule.
  if (existsSync(file)) throw new BadRequestError(`${target} already exists: a backup never overwrites a file; name a new one`);
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.partial`);
  const started = performance.now();
  try {
    await store.backup(temp, options.compact);
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  return { file, bytes: statSync(file).size, seconds: (performance.now() - started) / 1000 };
}
