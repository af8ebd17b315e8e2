/**
 * `catalog bundle create`: the catalog (or the slice the pull filters give) as one bundle
 * (src/bundle/format.ts), streamed: entity types in the file's order, urns in key order, one record
 * a line, a chunk at a time. With `since`, only the entities that changed since are carried; every
 * other entity of what it covers gets a state line, and the entities removed since get removal lines.
 */
import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import {
  type BundleHeader,
  BundleWriter,
  FORMAT_NAME,
  FORMAT_VERSION,
  looksLikeBundle,
  type Prerequisite,
  type RecordSink,
} from '../../bundle/format.ts';
import { BadRequestError } from '../../errors.ts';
import type { Store, StoreView } from '../../store/store.ts';
import { changedSince } from '../../sync/base.ts';
import type { Slice } from '../../sync/remote/types.ts';
import { UrnSet } from '../../sync/seen.ts';
import { entityOf, entityTypeOf, inSlice, syncedAspects, syncedType } from '../sync/local.ts';
import { startRecordWorkers, writeFromWorkers } from './parallel.ts';
import { removedLine, STATE_DIGITS, type StateHash, writeEntity } from './records.ts';
import { bundleLines, verifiedBundle } from './read.ts';

/** The key of the bundle table's record that holds this catalog's own id (syncState.ts). */
export const CATALOG_KEY = 'catalog';

/** This catalog's id, given (and kept in the file) on first use. */
export async function catalogId(store: Store): Promise<string> {
  const kept = store.getBundle(CATALOG_KEY);
  if (kept) return kept.catalog;
  return store.write((txn) => {
    const again = txn.getBundle(CATALOG_KEY);
    if (again) return again.catalog;
    const id = randomBytes(12).toString('hex');
    txn.putBundle(CATALOG_KEY, { catalog: id, date: new Date().toISOString() });
    return id;
  });
}

/** What an incremental bundle is made against: an earlier bundle, or the last sync with a remote. */
export type SinceBasis = { kind: 'bundle'; path: string } | { kind: 'remote'; location: string };

export interface CreateOptions {
  slice: Slice;
  since?: SinceBasis;
  maker: string;
  date: Date;
  onEntity?: (done: number) => void;
  /**
   * Worker threads that make the records (parallel.ts) while this one hashes, compresses and writes;
   * 0 or absent: none. A bundle `--since`, or of a slice other than by type, is made in this thread.
   */
  workers?: number;
}

export interface CreatedBundle {
  header: BundleHeader;
  content: string;
  bytes: number;
  entities: number;
  removed: number;
  counts: Record<string, number>;
  /** Worker threads that made the records (0: this thread), and when fewer than asked, why none was used. */
  workers: number;
  inThread?: string;
}

/** The slice's fields that are set, in a fixed order (the header's `covers`). */
function coversOf(slice: Slice): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['types', 'platform', 'domain', 'container', 'tag', 'urns', 'query'] as const) {
    const v = slice[k];
    if (v !== undefined && !(Array.isArray(v) && v.length === 0)) out[k] = Array.isArray(v) ? [...v].sort() : v;
  }
  return out;
}

/** The urns of one type a bundle of `slice` covers, in key order. */
async function* urnsOf(view: StoreView, type: string, slice: Slice): AsyncGenerator<string> {
  if (slice.urns?.length) {
    for (const u of [...new Set(slice.urns)].sort()) if (view.getEntity(u)?.entityType === type) yield u;
    return;
  }
  if (slice.query) {
    const { matchingUrns } = await import('../search/search.ts');
    yield* matchingUrns(view, { query: slice.query, types: [type] }).sort();
    return;
  }
  yield* view.eachUrnOfType(type, 1000);
}

/**
 * Entities read between two releases of the data file's mapped pages. A read maps the pages around
 * the one it needs too, so what an entity leaves resident does not shrink with the file: at 1 000,
 * the resident part of the file swung by about 50 MB at 100 000 datasets (docs/bundle.md).
 */
const RELEASE_EVERY = 200;

const filtered = (slice: Slice) => Boolean(slice.platform || slice.domain || slice.container || slice.tag);

export async function createBundle(
  store: Store,
  sink: (bytes: Uint8Array) => Promise<void>,
  options: CreateOptions,
): Promise<CreatedBundle> {
  const { slice } = options;
  const id = await catalogId(store);
  const wantedType = (t: string) => syncedType(t) && (!slice.types?.length || slice.types.includes(t));
  // What the receiver must hold, and which entities are carried.
  let since: Prerequisite[] = [];
  let carry: (urn: string, hash: string) => boolean = () => true;
  let prior: string | undefined;
  const basis = options.since;
  if (basis?.kind === 'bundle') {
    const { header, trailer } = verifiedBundle(basis.path);
    since = [{ checksum: trailer.content, date: header.date, catalog: header.catalog }];
    const held = new UrnSet();
    for (const lines of bundleLines(basis.path))
      for (const r of lines) if (r.kind === 'entity' || r.kind === 'state') held.add(`${r.urn}\u0000${r.state}`);
    carry = (urn, hash) => !held.has(`${urn}\u0000${hash}`);
    prior = basis.path;
  } else if (basis?.kind === 'remote') {
    const location = basis.location;
    // The last bundle this file pulled from that catalog is what the receiver holds.
    if (location.startsWith('bundle:')) {
      const maker = location.slice('bundle:'.length);
      const last = store
        .bundleRecords()
        .filter((b) => b.key !== CATALOG_KEY && b.value.catalog === maker && !b.value.made)
        .sort((a, b) => (a.value.date < b.value.date ? 1 : -1))[0];
      if (last) since = [{ checksum: last.key, date: last.value.date, catalog: maker }];
    }
    carry = (urn) =>
      syncedAspects(store, urn).some((a) =>
        changedSince(store.getSyncBase(location, urn, a), store.getAspect(urn, a)?.value),
      );
  }
  const header: BundleHeader = {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    maker: options.maker,
    date: options.date.toISOString(),
    catalog: id,
    incremental: basis !== undefined,
    covers: coversOf(slice),
    since,
    codec: 'br',
  };
  // What was read before (the prerequisite's state, the progress bar's count) leaves the resident set.
  store.releaseMappedPages();
  const writer = new BundleWriter(sink, header);
  await writer.start();
  let made: { counts: Record<string, number>; entities: number; state: number; seen: number } | undefined;
  const asked = options.workers ?? 0;
  let inThread: string | undefined;
  let workers = 0;
  if (asked > 0) {
    const parallel =
      basis !== undefined || filtered(slice) || slice.urns?.length || slice.query
        ? { why: 'a bundle --since, or of a slice other than by --type, is made in the main thread' }
        : await startRecordWorkers(store, wantedType, asked);
    if ('run' in parallel) {
      workers = asked;
      const done = await writeFromWorkers(store, parallel.run, writer, (n) => options.onEntity?.(n));
      made = { ...done, state: 0 };
    } else inThread = parallel.why;
  }
  made ??= await writeInThread(store, store.entityTypes().filter(wantedType), slice, carry, writer, options.onEntity);
  const { counts, entities, state, seen } = made;
  // Removals since: what the prerequisite held (of the types covered) that this file no longer has.
  let removed = 0;
  const wanted = (t: string) => (slice.types?.length ? slice.types.includes(t) : syncedType(t));
  const gone = (urn: string) => syncedAspects(store, urn).length === 0;
  if (prior !== undefined) {
    for (const lines of bundleLines(prior))
      for (const r of lines) {
        if ((r.kind !== 'entity' && r.kind !== 'state') || !wanted(r.type)) continue;
        if (slice.urns?.length && !slice.urns.includes(r.urn)) continue;
        if (!gone(r.urn)) continue;
        await writer.add(removedLine(r.urn, r.type), r.type, r.urn);
        removed++;
      }
  } else if (basis?.kind === 'remote') {
    let last: string | undefined;
    for (const b of store.syncBases(basis.location)) {
      if (b.urn === last) continue;
      last = b.urn;
      const type = entityTypeOf(b.urn);
      if (!wanted(type)) continue;
      if (slice.urns?.length && !slice.urns.includes(b.urn)) continue;
      if (!gone(b.urn)) continue;
      await writer.add(removedLine(b.urn, type), type, b.urn);
      removed++;
    }
  }
  options.onEntity?.(seen);
  const done = await writer.finish({ counts, removed, state });
  return { header, content: done.content, bytes: done.bytes, entities, removed, counts, workers, inThread };
}

/** An entity's content hash taken as its record is written (records.ts StateHash). */
class RecordHash implements StateHash {
  private readonly hash = createHash('sha256');
  constructor(private readonly out: RecordSink) {}
  update(name: string, start: number, end: number): void {
    this.hash.update(`${name}\n`);
    this.hash.update(this.out.bytes.subarray(start, end));
    this.hash.update('\n');
  }
  digest(): string {
    return this.hash.digest('hex').slice(0, STATE_DIGITS);
  }
  placed(): void {}
}

/** The records made in this thread: entity types in the given order, urns in key order. */
async function writeInThread(
  store: Store,
  types: string[],
  slice: Slice,
  carry: (urn: string, hash: string) => boolean,
  writer: BundleWriter,
  onEntity: ((done: number) => void) | undefined,
): Promise<{ counts: Record<string, number>; entities: number; state: number; seen: number }> {
  const counts: Record<string, number> = {};
  let entities = 0;
  let state = 0;
  let seen = 0;
  for (const type of types) {
    for await (const urn of urnsOf(store, type, slice)) {
      if (filtered(slice)) {
        const e = entityOf(store, urn);
        if (!e || !inSlice(e, slice)) continue;
      }
      const names = syncedAspects(store, urn).sort();
      const made = await writeEntity(store, urn, type, names, carry, writer, new RecordHash(writer));
      if (++seen % RELEASE_EVERY === 0) {
        // The file's pages read for these entities leave the resident set (store.ts).
        store.releaseMappedPages();
        if (seen % 1000 === 0) onEntity?.(seen);
      }
      if (made === undefined) continue;
      if (made) {
        counts[type] = (counts[type] ?? 0) + 1;
        entities++;
      } else state++;
    }
  }
  return { counts, entities, state, seen };
}

/** Records, in this file, a bundle it made: a later bundle that needs it as its prerequisite is held here. */
export async function recordMade(store: Store, made: CreatedBundle): Promise<void> {
  await store.write((txn) =>
    txn.putBundle(made.content, { catalog: made.header.catalog, date: made.header.date, made: true }),
  );
}

/** `--since X`: a bundle file, or a remote of this file (its name or location). */
export function sinceBasis(view: StoreView, arg: string): SinceBasis {
  const path = resolve(arg);
  if (looksLikeBundle(path)) return { kind: 'bundle', path };
  const named = view.getRemote(arg);
  if (named) return { kind: 'remote', location: named.location };
  if (view.syncLocations().includes(arg)) return { kind: 'remote', location: arg };
  throw new BadRequestError(
    `--since ${arg}: neither a bundle file nor a remote of this file (\`catalog remote list\` names them)`,
  );
}
