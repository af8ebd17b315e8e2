/**
 * `catalog diff [REMOTE] [slice]` and `catalog status`.
 *
 * diff reads the remote a page at a time (all of it, or the slice a pull would bring: the same
 * filters) and compares each entity with the local one, aspect by aspect (`diffAspect`: field-level
 * changes, audit stamps left out), then lists the local entities of the slice the remote lacks.
 * Changes read from the remote to the local file: `+` is what the local file has and the remote has
 * not, and `~ a → b` goes from the remote's value to the local one (`sides` names both in the lines).
 *
 * status needs no network: the aspects whose local value no longer hashes as the base kept for a
 * remote are the changes not yet pushed there (with no base at all: never pushed), and so are the
 * aspects with a base that are no longer here (removed here: a push removes them there).
 */
import { NotFoundError } from '../../errors.ts';
import { validateUrn } from '../../model/registry.ts';
import type { Store, StoreView } from '../../store/store.ts';
import { changedSince } from '../../sync/base.ts';
import { diffAspect, formatChanges, type Change, type DiffSides } from '../../sync/diff.ts';
import type { Remote, Slice } from '../../sync/remote/types.ts';
import { UrnSet } from '../../sync/seen.ts';
import { entityOf, inSlice, syncedAspects, syncedType } from './local.ts';
import { remoteTypes } from './pull.ts';

export interface EntityDiff {
  urn: string;
  /** `added`: only the local file has it; `removed`: only the remote; `changed`: both, differently. */
  kind: 'added' | 'removed' | 'changed';
  aspects: Array<{ aspect: string; changes: Change[]; lines: string[] }>;
}

export interface DiffOptions {
  /** The part compared, with the filters of `catalog pull` (none: everything). */
  slice?: Slice;
  /** How the lines name the remote's side and this file's (`~ x: "a" (team) → "b" (here)`). */
  sides?: DiffSides;
}

export async function diffRemote(
  store: Store,
  remote: Remote,
  onEntity: (d: EntityDiff) => void,
  options: DiffOptions = {},
): Promise<{ same: number; different: number }> {
  const slice = options.slice ?? {};
  const counts = { same: 0, different: 0 };
  const compare = (urn: string, remoteAspects: Map<string, { value: unknown }> | undefined) => {
    const local = entityOf(store, urn);
    const names = [...new Set([...(remoteAspects?.keys() ?? []), ...(local?.aspects.keys() ?? [])])].sort();
    const aspects: EntityDiff['aspects'] = [];
    for (const aspect of names) {
      const changes = diffAspect(
        aspect,
        remoteAspects?.get(aspect)?.value,
        local?.aspects.get(aspect)?.value,
        undefined,
        { sides: options.sides },
      );
      if (changes.length > 0) aspects.push({ aspect, changes, lines: formatChanges(changes) });
    }
    if (aspects.length === 0) counts.same++;
    else {
      counts.different++;
      onEntity({ urn, kind: !remoteAspects ? 'added' : !local ? 'removed' : 'changed', aspects });
    }
  };
  /** A local entity of the slice (its type and urns are filtered where it is read). */
  const localInSlice = (urn: string) => {
    const e = entityOf(store, urn);
    return e !== undefined && syncedType(e.entityType) && inSlice(e, slice);
  };
  if (slice.urns?.length) {
    const urns = [...new Set(slice.urns)];
    for (let i = 0; i < urns.length; i += 500) {
      const page = urns.slice(i, i + 500);
      const found = new Map((await remote.getEntities(page)).map((e) => [e.urn, e]));
      for (const urn of page) {
        const there = found.get(urn);
        if (there && syncedType(there.entityType) && inSlice(there, slice)) compare(urn, there.aspects);
        else if (localInSlice(urn)) compare(urn, undefined);
      }
    }
    return counts;
  }
  const seen = new UrnSet();
  const types = slice.types?.length ? slice.types : await remoteTypes(remote, store.entityTypes());
  for await (const page of remote.entities(types, slice.query, 500)) {
    for (const e of page.entities) {
      if (!syncedType(e.entityType) || !inSlice(e, slice)) continue;
      seen.add(e.urn);
      compare(e.urn, e.aspects);
    }
    store.releaseMappedPages();
  }
  // A partial remote (an incremental bundle) lists only what changed: the rest is not "only here".
  if (remote.partial) {
    for await (const urns of remote.removed?.(types, 500) ?? [])
      for (const urn of urns) if (localInSlice(urn)) compare(urn, undefined);
    return counts;
  }
  const matching = slice.query ? (await import('../search/search.ts')).matchingUrns : undefined;
  for (const type of store.entityTypes().filter((t) => syncedType(t) && types.includes(t))) {
    const urns = matching ? matching(store, { query: slice.query!, types: [type] }).sort() : store.eachUrnOfType(type);
    for (const urn of urns) if (!seen.has(urn) && localInSlice(urn)) compare(urn, undefined);
  }
  return counts;
}

export interface UnpushedEntity {
  urn: string;
  /** Aspects changed or removed here since the base, by name. */
  aspects: string[];
  /** Of those, the ones removed here. */
  removed: string[];
}

/** The aspects with a base kept for `location` that the entity no longer has here (`stored`: the ones it has). */
function removedHere(view: StoreView, location: string, urn: string, stored: readonly string[]): string[] {
  return Array.from(view.syncBases(location, urn), (b) => b.aspectName).filter((a) => !stored.includes(a));
}

/** The entities with aspects changed or removed here since the bases kept for the remote at `location`. */
export function* unpushed(store: Store, location: string): Generator<UnpushedEntity> {
  for (const type of store.entityTypes().filter(syncedType)) {
    for (const urn of store.eachUrnOfType(type)) {
      const aspects = syncedAspects(store, urn);
      const changed = aspects.filter((a) =>
        changedSince(store.getSyncBase(location, urn, a), store.getAspect(urn, a)?.value),
      );
      const removed = removedHere(store, location, urn, aspects);
      if (changed.length + removed.length > 0) yield { urn, aspects: [...changed, ...removed], removed };
    }
  }
  // Entities removed here altogether: their bases are all that is left of them (in urn order).
  let current: UnpushedEntity | undefined;
  for (const { urn, aspectName } of store.syncBases(location)) {
    if (store.entityExists(urn)) continue;
    if (current && current.urn !== urn) yield current;
    if (!current || current.urn !== urn) current = { urn, aspects: [], removed: [] };
    current.aspects.push(aspectName);
    current.removed.push(aspectName);
  }
  if (current) yield current;
}

export interface RemoteStatus {
  /** The remote's name; null for one used by its bare URL or path. */
  remote: string | null;
  location: string;
  entities: UnpushedEntity[];
}

/**
 * `catalog status`: per remote the file syncs with — every named one, and every location it keeps
 * bases for without a name (a remote used by its bare URL or path; a file of an older release kept no
 * record of those) — the entities changed here and not pushed yet.
 */
export function syncStatus(store: Store): RemoteStatus[] {
  const records = store.remotes();
  const named = new Set(records.map((r) => r.location));
  const all = [
    ...records.map((r) => ({ remote: r.name === r.location ? null : r.name, location: r.location })),
    ...store
      .syncLocations()
      .filter((l) => !named.has(l))
      .map((location) => ({ remote: null, location })),
  ];
  return all.map((r) => ({ ...r, entities: Array.from(unpushed(store, r.location)) }));
}

export interface UnpushedToRemote {
  /** The remote's name in the file. */
  name: string;
  location: string;
  /** Aspects of the entity changed or removed since the base kept for that remote (every synced one when it has none). */
  aspects: string[];
}

/**
 * What of one entity is not pushed yet, per remote named in the file (the web UI's History tab).
 * A remote the entity was never synced with lists all its aspects: a push would send them all.
 * An invalid urn is an InvalidUrnError, an entity with nothing stored a NotFoundError.
 */
export function unpushedOf(view: StoreView, urn: string): UnpushedToRemote[] {
  validateUrn(urn);
  if (!view.entityExists(urn)) throw new NotFoundError(`Entity ${urn} not found`);
  const aspects = syncedAspects(view, urn);
  return view
    .remotes()
    .map((r) => ({
      name: r.name,
      location: r.location,
      aspects: [
        ...aspects.filter((a) => changedSince(view.getSyncBase(r.location, urn, a), view.getAspect(urn, a)?.value)),
        ...removedHere(view, r.location, urn, aspects),
      ],
    }))
    .filter((r) => r.aspects.length > 0);
}
