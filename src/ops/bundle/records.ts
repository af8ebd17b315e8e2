/**
 * What a bundle's record lines hold (docs/bundle.md), one JSON object a line, keys in canonical order:
 *
 *   entity   {"aspects":{NAME:[{"value":V,"version":"N"}, …newest first]},"state":H,"type":T,"urn":U}
 *   state    {"state":H,"type":T,"urn":U}        an entity held but not carried (unchanged since the prerequisite)
 *   removed  {"removed":true,"type":T,"urn":U}   an entity removed since the prerequisite
 *
 * Values are written as the file stores them (their keys in the order they were given), so a catalog
 * pulled from a bundle exports byte for byte as the original does. H is the entity's content hash
 * (SHA-256 of `NAME\nVALUE\n` for each aspect in name order, its first 16 hex digits): how a later
 * `--since` tells what changed.
 */
import { createHash } from 'node:crypto';
import { BadRequestError } from '../../errors.ts';
import type { StoreView } from '../../store/store.ts';
import type { AspectVersion } from '../../sync/base.ts';
import { syncedAspects } from '../sync/local.ts';

/** An entity record read back: its versioned aspects, each with its history newest first. */
export interface EntityRecordLine {
  urn: string;
  type: string;
  state: string;
  aspects: Record<string, Array<{ value: unknown; version: string }>>;
}

export type BundleRecordLine =
  | ({ kind: 'entity' } & EntityRecordLine)
  | { kind: 'state'; urn: string; type: string; state: string }
  | { kind: 'removed'; urn: string; type: string };

/** An entity of the store as a bundle line: its record (when `carry`) or its state line, and its content hash. */
export function entityLine(
  view: StoreView,
  urn: string,
  type: string,
  carry: (urn: string, hash: string) => boolean,
): { line: string; hash: string; carried: boolean } | undefined {
  const names = syncedAspects(view, urn).sort();
  if (names.length === 0) return undefined;
  const hash = createHash('sha256');
  const parts: string[] = [];
  for (const name of names) {
    const latest = view.getAspect(urn, name);
    if (!latest) continue;
    const text = JSON.stringify(latest.value);
    hash.update(`${name}\n${text}\n`);
    parts.push(JSON.stringify(name), text, String((latest.history ?? 0) + 1), String(latest.history ?? 0));
  }
  if (parts.length === 0) return undefined;
  const h = hash.digest('hex').slice(0, 16);
  const tail = `"state":"${h}","type":${JSON.stringify(type)},"urn":${JSON.stringify(urn)}}`;
  if (!carry(urn, h)) return { line: `{${tail}`, hash: h, carried: false };
  let out = '{"aspects":{';
  for (let i = 0; i < parts.length; i += 4) {
    out += `${i > 0 ? ',' : ''}${parts[i]}:[{"value":${parts[i + 1]},"version":"${parts[i + 2]}"}`;
    const name = JSON.parse(parts[i]!) as string;
    for (let v = Number(parts[i + 3]); v >= 1; v--) {
      const row = view.getAspect(urn, name, v);
      if (row) out += `,{"value":${JSON.stringify(row.value)},"version":"${v}"}`;
    }
    out += ']';
  }
  return { line: `${out}},${tail}`, hash: h, carried: true };
}

export const removedLine = (urn: string, type: string): string =>
  `{"removed":true,"type":${JSON.stringify(type)},"urn":${JSON.stringify(urn)}}`;

/** A record line read back; `where` names it in an error (the bundle's checksums held, so this is a maker's fault). */
export function parseLine(line: string, where: string): BundleRecordLine {
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
  return { kind: 'entity', urn, type, state: r['state'], aspects: r['aspects'] as EntityRecordLine['aspects'] };
}

/** An aspect's history from an entity record, as sync reads histories (base.ts AspectVersion, newest first). */
export const historyOfRecord = (e: EntityRecordLine, aspect: string): AspectVersion[] =>
  (e.aspects[aspect] ?? []).map((v) => ({ version: v.version, value: v.value }));
