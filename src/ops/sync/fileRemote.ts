/**
 * A remote that is another catalog data file (a teammate's copy, a backup): read through the same
 * store as the local file, opened read-only for pull and diff, read-write for push, whose writes go
 * through `writeAspect` like every other write. `If-Version-Match` is checked here in the write
 * transaction, as DataHub checks it: a batch with one aspect not at the expected version writes nothing.
 */
import { isKeyAspect } from '../../model/registry.ts';
import type { Store } from '../../store/store.ts';
import type { AspectVersion } from '../../sync/base.ts';
import {
  ABSENT_VERSION,
  aspectId,
  PreconditionFailedError,
  type AspectWrite,
  type Remote,
  type RemoteEntity,
  type RemotePage,
} from '../../sync/remote/types.ts';
import { openCatalog } from '../core/openCatalog.ts';
import { writeAspect } from '../core/writeAspect.ts';
import { SYSTEM_ACTOR } from '../core/context.ts';
import { entityOf, historyOf, syncedType, versionOf } from './local.ts';

export class FileRemote implements Remote {
  readonly kind = 'file' as const;
  private readonly store: Store;

  constructor(
    readonly location: string,
    writable: boolean,
  ) {
    this.store = openCatalog(location, { readOnly: !writable });
  }

  /** The store's open check, made when the file was opened (the constructor throws for a file that is not a catalog). */
  async check(): Promise<void> {}

  /** Every entity type the file holds that sync handles. */
  types(): string[] {
    return this.store.entityTypes().filter(syncedType);
  }

  /** The file's entities of each type, a page at a time; a file lists every type asked, those it lacks as empty. */
  async *entities(types: readonly string[], query: string | undefined, pageSize: number): AsyncGenerator<RemotePage> {
    const { matchingUrns } = await import('../search/search.ts');
    for (const type of types) {
      if (query) {
        const urns = matchingUrns(this.store, { query, types: [type] }).sort();
        for (let i = 0; i < urns.length; i += pageSize)
          yield {
            type,
            entities: urns.slice(i, i + pageSize).flatMap((u) => entityOf(this.store, u) ?? []),
            last: false,
          };
        yield { type, entities: [], last: true };
        continue;
      }
      let page: RemoteEntity[] = [];
      for (const urn of this.store.eachUrnOfType(type, pageSize)) {
        const e = entityOf(this.store, urn);
        if (e) page.push(e);
        if (page.length === pageSize) {
          // The remote file's pages read for this page leave the resident set (store.ts).
          this.store.releaseMappedPages();
          yield { type, entities: page, last: false };
          page = [];
        }
      }
      yield { type, entities: page, last: true };
    }
  }

  async getEntities(urns: readonly string[]): Promise<RemoteEntity[]> {
    return urns.flatMap((u) => entityOf(this.store, u) ?? []);
  }

  async history(urn: string, aspectName: string): Promise<AspectVersion[]> {
    return historyOf(this.store, urn, aspectName);
  }

  async write(writes: readonly AspectWrite[], runId: string): Promise<Map<string, string>> {
    const time = Date.now();
    return this.store.write((txn) => {
      const versions = new Map<string, string>();
      for (const w of writes) {
        if (w.ifVersionMatch !== undefined) {
          const actual = versionOf(txn, w.urn, w.aspectName) ?? ABSENT_VERSION;
          if (actual !== w.ifVersionMatch) {
            throw new PreconditionFailedError(
              `${this.location}: ${w.urn} ${w.aspectName}: Expected version ${w.ifVersionMatch}, actual version ${actual}`,
            );
          }
        }
        if (isKeyAspect(w.entityType, w.aspectName)) continue;
        if (w.delete) txn.deleteAspect(w.urn, w.aspectName);
        else writeAspect(txn, { actor: SYSTEM_ACTOR, time }, w.urn, w.aspectName, w.value, { runId });
      }
      for (const w of writes)
        versions.set(
          aspectId(w.urn, w.aspectName),
          versionOf(txn, w.urn, w.aspectName) ?? (w.delete ? ABSENT_VERSION : '0'),
        );
      return versions;
    });
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}
