/**
 * What a bundle's record lines hold (docs/bundle.md), one JSON object a line, its keys in name order:
 *
 *   entity   {"aspects":{NAME:{"value":V,"version":"N"}, …},"state":H,"type":T,"urn":U}   the latest values
 *   history  {"history":{NAME:[{"value":V,"version":"N-1"}, … newest first]},"urn":U}
 *            right after its entity line, when an aspect has older versions
 *   state    {"state":H,"type":T,"urn":U}        an entity held but not carried (unchanged since the prerequisite)
 *   removed  {"removed":true,"type":T,"urn":U}   an entity removed since the prerequisite
 *
 * Values are written as the file stores them (their keys in the order they were given), so a catalog
 * pulled from a bundle exports byte for byte as the original does. H is the entity's content hash
 * (SHA-256 of `NAME\nVALUE\n` for each aspect in name order, its first 16 hex digits): how a later
 * `--since` tells what changed.
 */
import { BadRequestError } from '../../errors.ts';
import type { RecordSink } from '../../bundle/format.ts';
import type { RowJson } from '../../store/valueJson.ts';
import type { AspectVersion } from '../../sync/base.ts';

/** An entity record read back: its versioned aspects' latest values (older versions: `history`). */
export interface EntityRecordLine {
  urn: string;
  type: string;
  state: string;
  aspects: Record<string, { value: unknown; version: string }>;
  /** The history line that followed it, unparsed until a history is asked for. */
  history?: string;
  /** The record line itself, as read (RemoteEntity.text). */
  line?: string;
}

export type BundleRecordLine =
  | ({ kind: 'entity' } & EntityRecordLine)
  | { kind: 'history'; raw: string }
  | { kind: 'state'; urn: string; type: string; state: string }
  | { kind: 'removed'; urn: string; type: string };

const HISTORY_START = '{"history":';

/** How many hex digits of the SHA-256 an entity's content hash keeps (H above). */
export const STATE_DIGITS = 16;

/**
 * How an entity's content hash is taken while its record is written: `update` hears each aspect's
 * name and where its value's JSON lies in the sink's bytes, `digest` gives the STATE_DIGITS hex
 * digits, and `placed` where they were written. In the main thread the digits are the hash itself;
 * a record worker (worker.ts), which may not load node:crypto, gives a placeholder as long and the
 * main thread writes the digits over it (parallel.ts).
 */
export interface StateHash {
  update(name: string, start: number, end: number): void;
  digest(): string;
  placed(at: number): void;
}

/**
 * Writes an entity into `out`: its record and, when an aspect has older versions, its history line
 * (when `carry`), or else its state line. `names`: the entity's synced aspects in name order. Each
 * value's JSON goes straight into the chunk's bytes, and the content hash is taken over those bytes
 * (no second encoding). The values' JSON comes from the store as UTF-8 (Store.aspectJson: written
 * straight from the stored bytes, without decoding them). Resolves with whether it was carried
 * (`undefined`: nothing of it syncs).
 */
export async function writeEntity(
  view: { aspectJson(urn: string, aspectName: string, version?: number): RowJson | undefined },
  urn: string,
  type: string,
  names: readonly string[],
  carry: (urn: string, hash: string) => boolean,
  out: RecordSink,
  hash: StateHash,
): Promise<boolean | undefined> {
  if (names.length === 0) return undefined;
  const start = out.mark();
  const older: Array<{ name: string; key: string; history: number }> = [];
  let n = 0;
  for (const name of names) {
    const record = view.aspectJson(urn, name);
    if (!record) continue;
    const key = JSON.stringify(name);
    out.put(`${n++ > 0 ? ',' : '{"aspects":{'}${key}:{"value":`);
    const at = out.putUtf8(record.bytes, record.length, record.units);
    hash.update(name, at, out.end);
    const history = record.history;
    out.put(`,"version":"${history + 1}"}`);
    if (history > 0) older.push({ name, key, history });
  }
  if (n === 0) {
    out.rollback(start);
    return undefined;
  }
  const h = hash.digest();
  const tail = `","type":${JSON.stringify(type)},"urn":${JSON.stringify(urn)}}`;
  if (!carry(urn, h)) {
    out.rollback(start);
    out.put('{"state":"');
    hash.placed(out.put(h));
    out.put(tail);
    await out.endLine(type, urn);
    return false;
  }
  out.put('},"state":"');
  hash.placed(out.put(h));
  out.put(tail);
  await out.endLine(type, urn);
  // The history line: {"history":{NAME:[{"value":V,"version":"N-1"}, …], …},"urn":U}
  let first = true;
  for (const a of older) {
    let rows = 0;
    for (let v = a.history; v >= 1; v--) {
      const row = view.aspectJson(urn, a.name, v);
      if (!row) continue;
      if (rows++ > 0) out.put(',');
      else out.put(`${first ? `${HISTORY_START}{` : ','}${a.key}:[`);
      first = false;
      out.put('{"value":');
      out.putUtf8(row.bytes, row.length, row.units);
      out.put(`,"version":"${v}"}`);
    }
    if (rows > 0) out.put(']');
  }
  if (!first) {
    out.put(`},"urn":${JSON.stringify(urn)}}`);
    await out.endLine(type, urn);
  }
  return true;
}

export const removedLine = (urn: string, type: string): string =>
  `{"removed":true,"type":${JSON.stringify(type)},"urn":${JSON.stringify(urn)}}`;

/** A record line read back; `where` names it in an error (the bundle's checksums held, so this is a maker's fault). */
export function parseLine(line: string, where: string): BundleRecordLine {
  // A history line is kept as it is: only a merge without a base ever reads it.
  if (line.startsWith(HISTORY_START)) return { kind: 'history', raw: line };
  let r: Record<string, unknown>;
  try {
    r = JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new BadRequestError(`${where}: a record is not JSON`);
  }
  if (typeof r['urn'] !== 'string' || typeof r['type'] !== 'string')
    throw new BadRequestError(`${where}: a record has no urn or type`);
  const urn = r['urn'];
  const type = r['type'];
  if (r['removed'] === true) return { kind: 'removed', urn, type };
  if (typeof r['state'] !== 'string') throw new BadRequestError(`${where}: record ${urn} has no state`);
  if (r['aspects'] === undefined) return { kind: 'state', urn, type, state: r['state'] };
  return {
    kind: 'entity',
    urn,
    type,
    state: r['state'],
    aspects: r['aspects'] as EntityRecordLine['aspects'],
    line,
  };
}

/** An aspect's history from an entity record and its history line (base.ts AspectVersion, newest first). */
export function historyOfRecord(e: EntityRecordLine, aspect: string): AspectVersion[] {
  const top = e.aspects[aspect];
  if (!top) return [];
  const older = e.history
    ? ((JSON.parse(e.history) as { history: Record<string, Array<{ value: unknown; version: string }>> }).history[
        aspect
      ] ?? [])
    : [];
  return [top, ...older].map((v) => ({ version: v.version, value: v.value }));
}
