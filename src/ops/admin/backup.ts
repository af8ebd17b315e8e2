/**
 * `catalog backup`: a consistent copy of the data file that opens as a normal data file, taken while
 * servers and other commands keep writing (issue 16). The copy is made at a path that does not exist
 * yet; where that path is, and how the copy reaches the file the user named (renamed over it, or
 * copied into a device or FIFO), is the command's business (src/cli/outputFile.ts).
 */
import { statSync } from 'node:fs';
import type { Store } from '../../store/store.ts';

export interface BackupResult {
  bytes: number;
  seconds: number;
}

export async function backupCatalog(store: Store, path: string, options: { compact: boolean }): Promise<BackupResult> {
  const started = performance.now();
  await store.backup(path, options.compact);
  return { bytes: statSync(path).size, seconds: (performance.now() - started) / 1000 };
}
