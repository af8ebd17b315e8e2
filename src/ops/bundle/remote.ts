/**
 * A bundle as a remote for `pull` and `diff` (read only): checked whole before anything is read from
 * it (`check`: every chunk, the file and the content checksums), then streamed a chunk at a time.
 *
 * Its location is `bundle:<catalog id>` of the catalog that made it, not its path: every bundle from
 * one catalog shares the sync bases kept for it, so a `--since` bundle merges three-way against what
 * the previous one brought. A full bundle lists every entity of the types it covers (so what it lacks
 * was removed there); an incremental one, or one made with filters other than `--type`, is `partial`:
 * its removals are explicit records. Histories answer from the entities of the page read last.
 */
import type { BundleHeader, BundleTrailer } from '../../bundle/format.ts';
import { readHeader } from '../../bundle/format.ts';
import { BadRequestError } from '../../errors.ts';
import type { AspectVersion } from '../../sync/base.ts';
import type { AspectWrite, Remote, RemoteEntity, RemotePage } from '../../sync/remote/types.ts';
import { syncedType } from '../sync/local.ts';
import { type EntityRecordLine, historyOfRecord } from './records.ts';
import { bundleLines, someBundleLines, verifiedBundle } from './read.ts';

export class BundleRemote implements Remote {
  readonly kind = 'bundle' as const;
  readonly location: string;
  readonly header: BundleHeader;
  readonly partial: boolean;
  private trailer: BundleTrailer | undefined;
  /** Each chunk's byte offset (found by `check`). */
  private offsets: number[] = [];
  /** The entities of the page read last, for `history`. */
  private page = new Map<string, EntityRecordLine>();

  constructor(readonly path: string) {
    this.header = readHeader(path);
    this.location = `bundle:${this.header.catalog}`;
    const c = this.header.covers;
    this.partial =
      this.header.incremental || Boolean(c['platform'] ?? c['domain'] ?? c['container'] ?? c['tag'] ?? c['query']);
  }

  /** The whole bundle checked before anything is read from it: a damaged one is refused here. */
  async check(): Promise<void> {
    const { trailer, offsets } = verifiedBundle(this.path);
    this.trailer = trailer;
    this.offsets = offsets;
  }

  /** The content checksum (after `check`). */
  get checksum(): string {
    if (!this.trailer) throw new Error('the bundle was not checked');
    return this.trailer.content;
  }

  /** The types it covers: those named when it was made, else every type it holds. */
  types(): string[] {
    const named = this.header.covers['types'];
    return Array.isArray(named) ? (named as string[]) : Object.keys(this.trailer?.counts ?? {}).filter(syncedType);
  }

  private covers(type: string): boolean {
    const named = this.header.covers['types'];
    return Array.isArray(named) ? named.includes(type) : syncedType(type);
  }

  async *entities(types: readonly string[], query: string | undefined, pageSize: number): AsyncGenerator<RemotePage> {
    if (query)
      throw new BadRequestError(
        `--query cannot read a bundle (${this.path}): pull it whole into a file first, or slice it by --type, --platform, --domain, --container, --tag or --urn`,
      );
    const asked = new Set(types);
    const listed = new Set<string>();
    let page: RemoteEntity[] = [];
    let type: string | undefined;
    const cut = (last: boolean): RemotePage => {
      const p = { type: type!, entities: page, last };
      page = [];
      return p;
    };
    // A page is handed over only once the next record shows its last entity's history line came.
    let full = false;
    for (const lines of bundleLines(this.path)) {
      for (const r of lines) {
        if (r.kind === 'history') {
          this.last?.set(r.raw);
          continue;
        }
        this.last = undefined;
        if (full) {
          yield cut(false);
          this.page.clear();
          full = false;
        }
        if (r.kind !== 'entity' || !asked.has(r.type)) continue;
        if (r.type !== type) {
          if (type !== undefined) {
            listed.add(type);
            yield cut(this.covers(type));
          }
          type = r.type;
          this.page.clear();
        }
        page.push(this.entity(r));
        if (page.length === pageSize) full = true;
      }
    }
    if (type !== undefined) {
      listed.add(type);
      yield cut(this.covers(type));
    }
    // The types asked that it covers and holds nothing of: listed, empty.
    for (const t of types) if (!listed.has(t) && this.covers(t)) yield { type: t, entities: [], last: true };
  }

  /** Where the history line that may follow the entity read last goes. */
  private last: { set(raw: string): void } | undefined;

  private entity(r: EntityRecordLine): RemoteEntity {
    this.page.set(r.urn, r);
    this.last = {
      set: (raw) => {
        r.history = raw;
      },
    };
    return { urn: r.urn, entityType: r.type, aspects: new Map(Object.entries(r.aspects)), text: r.line };
  }

  /**
   * The chunks that can hold a record of one of `urns`, in file order: by the trailer's index (each
   * chunk's least and greatest urn by type), else every chunk (a bundle made before the index).
   */
  private chunksFor(urns: readonly string[]): Array<{ chunk: number; offset: number }> {
    const index = this.trailer?.index;
    const all = this.offsets.map((offset, chunk) => ({ chunk, offset }));
    if (!index || index.length !== this.offsets.length) return all;
    const sorted = [...urns].sort();
    // Whether an urn asked lies in [low, high]: the first one not below `low`, compared with `high`.
    const holds = ([low, high]: [string, string]): boolean => {
      let a = 0;
      let b = sorted.length;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (sorted[m]! < low) a = m + 1;
        else b = m;
      }
      return a < sorted.length && sorted[a]! <= high;
    };
    return all.filter(({ chunk }) => Object.values(index[chunk] ?? {}).some(holds));
  }

  /** The urns asked, from the chunks that can hold them (those it does not carry are left out). */
  async getEntities(urns: readonly string[]): Promise<RemoteEntity[]> {
    const wanted = new Set(urns);
    const out: RemoteEntity[] = [];
    this.page.clear();
    let next = -1;
    for (const { chunk, records } of someBundleLines(this.path, this.chunksFor(urns))) {
      // A history line at the start of a chunk belongs to the entity that ended the one before.
      if (chunk !== next) this.last = undefined;
      next = chunk + 1;
      for (const r of records) {
        if (r.kind === 'history') {
          this.last?.set(r.raw);
          continue;
        }
        this.last = undefined;
        if (r.kind === 'entity' && wanted.has(r.urn)) out.push(this.entity(r));
      }
    }
    this.last = undefined;
    return out;
  }

  async *removed(types: readonly string[], pageSize: number): AsyncGenerator<string[]> {
    const asked = new Set(types);
    let batch: string[] = [];
    for (const lines of bundleLines(this.path))
      for (const r of lines) {
        if (r.kind !== 'removed' || !asked.has(r.type)) continue;
        batch.push(r.urn);
        if (batch.length === pageSize) {
          yield batch;
          batch = [];
        }
      }
    if (batch.length > 0) yield batch;
  }

  async history(urn: string, aspectName: string): Promise<AspectVersion[]> {
    const e = this.page.get(urn);
    return e ? historyOfRecord(e, aspectName) : [];
  }

  async write(_writes: readonly AspectWrite[]): Promise<Map<string, string>> {
    throw new BadRequestError(pushRefusal(this.path));
  }

  async close(): Promise<void> {}
}

/** Why a push into a bundle is refused, and what to run instead. */
export const pushRefusal = (path: string): string =>
  `${path} is a bundle, which is made, not written into: a push cannot send to it. Make one with \`catalog bundle create ${path}\` (add --since with the bundle last sent for only what changed)`;
