/**
 * Pages of an aspect's earlier versions, newest first, as DataHub's MCP tool `get_aspect_history`
 * pages them (docs/datahub/mcp.md §2; it reads one version at a time through OpenAPI v3 batchGet,
 * docs/datahub/discovery.md §7.4): the page starts at the newest retained history row — the latest value's
 * `systemMetadata.version` v names it (v − 1), a caller's `fromVersion` is capped there — and walks
 * down one version per read, stepping over up to `MAX_MISSES` pruned versions in a row, ending at
 * version 1, after `limit` rows (`hasMore`, `nextFromVersion`: where the next page starts), or after a
 * bounded number of reads. A latest value without a usable `systemMetadata.version` gives no anchor:
 * the walk then goes up from version 1 and the page is answered newest first; it has no
 * `nextFromVersion`. Reads are counted as a batchGet client makes them: one per entity type and round.
 */
import { validateUrn } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { batchGetEntities, type EntityRequest } from '../entities/openapiEntities.ts';

/** The largest page. */
export const HISTORY_MAX_LIMIT = 20;
/** The largest version a page may start from. */
export const HISTORY_MAX_FROM_VERSION = 1_000_000;
/** Absent versions stepped over in a row before the walk gives up. */
const MAX_MISSES = 8;
/** Rounds of reads after the first (the latest versions). */
const MAX_PROBES = HISTORY_MAX_LIMIT + MAX_MISSES + 1;

/** One stored version of an aspect, as read. */
export interface AspectVersionRead {
  /** The version's value (an object). */
  value: Record<string, unknown>;
  systemMetadata: Record<string, unknown> | null;
  created: { time: number; actor: string };
}

/** Where a page starts: the caller's version, the latest value's system metadata, or version 1 (no anchor). */
export type HistoryAnchor = 'caller' | 'systemMetadata' | 'fallback' | 'aspectAbsent';

export interface AspectHistoryRead {
  urn: string;
  aspect: string;
  /** The latest version; null when the aspect is not stored. */
  current: AspectVersionRead | null;
  /** The page, newest first. */
  history: Array<{ version: number; read: AspectVersionRead }>;
  /** The version the page started from; null when it has no start (nothing earlier, or the aspect is absent). */
  fromVersion: number | null;
  anchor: HistoryAnchor;
  hasMore: boolean;
  /** Where the next page starts; null when there is none or it cannot be named. */
  nextFromVersion: number | null;
}

export interface AspectHistoryQuery {
  /** (urn, aspect) pairs of existing entities, answered in this order. */
  pairs: ReadonlyArray<{ urn: string; aspect: string }>;
  /** 1 … HISTORY_MAX_FROM_VERSION, or null: from the newest retained version. */
  fromVersion: number | null;
  /** 1 … HISTORY_MAX_LIMIT rows per pair. */
  limit: number;
}

export interface AspectHistoriesRead {
  pairs: AspectHistoryRead[];
  /** The batch reads made: one per entity type and round. */
  batchReads: number;
}

interface Walk {
  out: AspectHistoryRead;
  entityType: string;
  ascending: boolean;
  cursor: number | null;
  misses: number;
  exhausted: boolean;
}

/** The latest value's `systemMetadata.version` as a number in range; null when there is none. */
function newestLogical(read: AspectVersionRead): number | null {
  const raw = read.systemMetadata?.['version'];
  let n: number;
  if (typeof raw === 'number' && Number.isInteger(raw)) n = raw;
  else if (typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)) n = Number(raw.trim());
  else return null;
  return n >= 1 && n <= HISTORY_MAX_FROM_VERSION ? n : null;
}

export function readAspectHistories(view: StoreView, query: AspectHistoryQuery): AspectHistoriesRead {
  let batchReads = 0;
  const walks: Walk[] = query.pairs.map(({ urn, aspect }) => ({
    out: {
      urn,
      aspect,
      current: null,
      history: [],
      fromVersion: null,
      anchor: 'fallback',
      hasMore: false,
      nextFromVersion: null,
    },
    entityType: validateUrn(urn).entityType,
    ascending: false,
    cursor: 0,
    misses: 0,
    exhausted: false,
  }));

  /** One round: each walk's version at its cursor, one batch read per entity type. */
  const read = (round: Walk[]): Map<Walk, AspectVersionRead> => {
    const byType = new Map<string, Map<string, Walk[]>>();
    for (const w of round) {
      const urnsOfType = byType.get(w.entityType) ?? new Map<string, Walk[]>();
      byType.set(w.entityType, urnsOfType);
      urnsOfType.set(w.out.urn, [...(urnsOfType.get(w.out.urn) ?? []), w]);
    }
    const found = new Map<Walk, AspectVersionRead>();
    for (const urnsOfType of byType.values()) {
      batchReads++;
      const requests: EntityRequest[] = [...urnsOfType].map(([urn, ws]) => ({
        urn,
        aspects: ws.map((w) => ({ name: w.out.aspect, version: w.cursor ?? 0 })),
      }));
      for (const entity of batchGetEntities(view, requests)) {
        for (const w of urnsOfType.get(entity.urn) ?? []) {
          const record = entity.aspects.find((a) => a.name === w.out.aspect)?.record;
          const value = record?.value;
          if (record && typeof value === 'object' && value !== null && !Array.isArray(value)) {
            found.set(w, {
              value: value as Record<string, unknown>,
              systemMetadata: record.systemMetadata,
              created: { time: record.created.time, actor: record.created.actor },
            });
          }
        }
      }
    }
    return found;
  };
  const advance = (w: Walk) => {
    if (w.cursor === null) return;
    w.cursor += w.ascending ? 1 : -1;
    if (w.cursor < 1) {
      w.cursor = null;
      w.exhausted = true;
    }
  };

  if (walks.length > 0) {
    const latest = read(walks);
    for (const w of walks) {
      const current = latest.get(w);
      if (!current) {
        w.out.anchor = 'aspectAbsent';
        w.exhausted = true;
        continue;
      }
      w.out.current = current;
      const logical = newestLogical(current);
      const newestRow = logical !== null && logical >= 2 ? logical - 1 : null;
      if (query.fromVersion !== null) {
        w.out.fromVersion = newestRow !== null ? Math.min(query.fromVersion, newestRow) : query.fromVersion;
        w.out.anchor = 'caller';
      } else if (newestRow !== null) {
        w.out.fromVersion = newestRow;
        w.out.anchor = 'systemMetadata';
      } else if (logical !== null) {
        // Version 1 is the latest: there is nothing earlier.
        w.out.anchor = 'systemMetadata';
        w.exhausted = true;
        continue;
      } else {
        w.out.fromVersion = 1;
        w.out.anchor = 'fallback';
        w.ascending = true;
      }
      w.cursor = w.out.fromVersion;
    }
  }
  for (let probe = 0; probe < MAX_PROBES; probe++) {
    const pending = walks.filter((w) => !w.exhausted && w.cursor !== null);
    if (pending.length === 0) break;
    const observed = read(pending);
    for (const w of pending) {
      const version = observed.get(w);
      if (!version) {
        w.misses++;
        if (w.misses > MAX_MISSES) w.exhausted = true;
        else advance(w);
        continue;
      }
      w.misses = 0;
      if (w.out.history.length >= query.limit) {
        w.out.hasMore = true;
        w.out.nextFromVersion = w.cursor;
        w.exhausted = true;
        continue;
      }
      w.out.history.push({ version: w.cursor ?? 0, read: version });
      advance(w);
    }
  }
  for (const w of walks) {
    if (w.ascending) w.out.history.reverse();
    if (!w.exhausted && w.cursor !== null) {
      w.out.hasMore = true;
      w.out.nextFromVersion = w.ascending ? null : w.cursor;
    }
  }
  return { pairs: walks.map((w) => w.out), batchReads };
}
