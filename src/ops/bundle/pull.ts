/**
 * A pull from a bundle: the bundle was checked whole when it was connected (BundleRemote.check); here
 * its prerequisites are checked against the bundles this file holds (made or pulled) before anything
 * is written, then it is pulled as any remote, and recorded as held (so the next bundle of a
 * `--since` chain finds it).
 */
import { BadRequestError } from '../../errors.ts';
import type { Store } from '../../store/store.ts';
import { pull, type PullOptions, type PullSummary } from '../sync/pull.ts';
import { CATALOG_KEY } from './create.ts';
import type { BundleRemote } from './remote.ts';

/** Checks that this file holds every bundle `remote` needs, and that it was not made here. */
export function checkPrerequisites(store: Store, remote: BundleRemote): void {
  const own = store.getBundle(CATALOG_KEY)?.catalog;
  if (own !== undefined && own === remote.header.catalog)
    throw new BadRequestError(
      `${remote.path} was made from this catalog itself (catalog ${own}): pull it into another file`,
    );
  for (const p of remote.header.since)
    if (!store.getBundle(p.checksum))
      throw new BadRequestError(
        `${remote.path} needs bundle ${p.checksum} (made ${p.date} from catalog ${p.catalog}): pull it first. Nothing was written.`,
      );
}

export async function pullBundle(store: Store, remote: BundleRemote, options: PullOptions): Promise<PullSummary> {
  checkPrerequisites(store, remote);
  const summary = await pull(store, remote, options);
  if (!options.dryRun) {
    const { header } = remote;
    const checksum = remote.checksum;
    await store.write((txn) => {
      if (!txn.getBundle(checksum)) txn.putBundle(checksum, { catalog: header.catalog, date: header.date });
    });
  }
  return summary;
}
