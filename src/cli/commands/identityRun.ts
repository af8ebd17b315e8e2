/**
 * `catalog user upsert` / `catalog group upsert`: the whole file is checked first — any error in it
 * prints one line per bad entry and writes nothing; then each entry is written in its own
 * transaction, printing DataHub's success line, or a failure line and going on with the next.
 */
import { SYSTEM_ACTOR } from '../../ops/core/context.ts';
import { upsertGroup } from '../../ops/identity/upsertGroup.ts';
import { upsertUser } from '../../ops/identity/upsertUser.ts';
import type { Store } from '../../store/store.ts';
import { readGroups, readUsers, type Entry } from '../identitySpecs.ts';
import { readStructured } from '../structuredInput.ts';

async function run<T>(
  file: string,
  read: typeof readUsers | typeof readGroups,
  write: (spec: T) => Promise<string>,
  success: (urn: string) => string,
): Promise<void> {
  const entries = read(await readStructured(file)) as Entry<T>[];
  const bad = entries.filter((e) => e.error);
  if (bad.length > 0) {
    for (const e of bad) process.stderr.write(`Update failed for id ${e.id}. due to ${e.error!.message}\n`);
    process.stderr.write(`Nothing was written: ${bad.length} of ${entries.length} entries in ${file} are invalid.\n`);
    process.exitCode = 1;
    return;
  }
  for (const e of entries) {
    try {
      process.stdout.write(`${success(await write(e.spec!))}\n`);
    } catch (error) {
      process.stderr.write(`Update failed for id ${e.id}. due to ${(error as Error).message}\n`);
      process.exitCode = 1;
    }
  }
}

export async function runUserUpsert(store: Store, file: string, overrideEditable: boolean): Promise<void> {
  const ctx = { store, actor: SYSTEM_ACTOR };
  await run(
    file,
    readUsers,
    (spec) => upsertUser(ctx, spec as never, { overrideEditable }),
    (urn) => `Update succeeded for urn ${urn}.`,
  );
}

export async function runGroupUpsert(store: Store, file: string, overrideEditable: boolean): Promise<void> {
  const ctx = { store, actor: SYSTEM_ACTOR };
  await run(
    file,
    readGroups,
    (spec) => upsertGroup(ctx, spec as never, { overrideEditable }),
    (urn) => `Update succeeded for group ${urn}.`,
  );
}
