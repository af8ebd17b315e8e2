/**
 * An entity's change history, the answer of `GET /openapi/v2/timeline/v1/{urn}` that `datahub
 * timeline` prints (docs/datahub/discovery.md §7.5). Built from the stored aspect versions as DataHub's
 * TimelineServiceImpl builds it: each version written in the time window is diffed against the
 * version before it (the first one ever against nothing) by the differs of the requested
 * categories; changes written at the same millisecond form one transaction; transactions are
 * numbered with computed semantic versions (`0.0.0-computed` first, then bumped by the most
 * significant change of each) and listed oldest first.
 */
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { validateUrn } from '../../model/registry.ts';
import type { AspectRecord, AuditStamp, StoreView } from '../../store/store.ts';
import {
  CHANGE_CATEGORIES,
  maxSemVer,
  type ChangeCategory,
  type ChangeEvent,
  type SemVerChange,
} from './changeEvent.ts';
import { DATASET_DIFFERS } from './datasetDiffers.ts';
import { jsonPatch, type PatchOperation } from './jsonPatch.ts';

/** DataHub's window when no start time is given: one week before the end time. */
export const DEFAULT_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

/** Category names clients send for one of ours (the 1.7 CLI still documents OWNER). */
const CATEGORY_ALIASES: Record<string, ChangeCategory> = { OWNER: 'OWNERSHIP' };

/** Entity types whose history this server computes. */
const TIMELINE_ENTITY_TYPES = ['dataset'];

export interface TimelineQuery {
  urn: string;
  /** Category names as sent (case-insensitive; OWNER = OWNERSHIP). */
  categories: readonly string[];
  /** Milliseconds since the epoch; -1 (the default) = one week before the end. */
  startTime?: number;
  /** Milliseconds since the epoch; 0 (the default) = now. */
  endTime?: number;
  /** Include each transaction's JSON Patch. */
  raw?: boolean;
}

export interface ChangeTransaction {
  timestamp: number;
  actor: string;
  semVer: string;
  semVerChange: SemVerChange;
  changeEvents: ChangeEvent[];
  /** `aspect:version` of every aspect of the entity as it stood after the transaction, by aspect name. */
  versionStamp: string;
  rawDiff?: PatchOperation[];
}

/** Checks category names and returns them deduplicated in request order. */
export function parseCategories(names: readonly string[]): ChangeCategory[] {
  const supported = `${CHANGE_CATEGORIES.join(', ')} (OWNER is read as OWNERSHIP)`;
  if (names.length === 0)
    throw new BadRequestError(`categories: the query parameter is required; give one or more of ${supported}`);
  const out: ChangeCategory[] = [];
  for (const raw of names) {
    const name = raw.trim().toUpperCase();
    const category =
      CATEGORY_ALIASES[name] ??
      ((CHANGE_CATEGORIES as readonly string[]).includes(name) ? (name as ChangeCategory) : undefined);
    if (!category)
      throw new BadRequestError(`categories: unsupported category "${raw}"; supported categories are ${supported}`);
    if (!out.includes(category)) out.push(category);
  }
  return out;
}

interface Version {
  /** The store's version number: 1 = oldest, 0 = latest. */
  version: number;
  record: AspectRecord;
}

/** Every stored version of an aspect, oldest first (1, 2, …, then 0). */
function versionsOf(view: StoreView, urn: string, aspectName: string): Version[] {
  const latest = view.getAspect(urn, aspectName, 0);
  if (!latest) return [];
  const out: Version[] = [];
  for (let v = 1; v <= (latest.history ?? 0); v++) {
    const record = view.getAspect(urn, aspectName, v);
    if (record) out.push({ version: v, record });
  }
  out.push({ version: 0, record: latest });
  return out;
}

interface Group {
  actor: string;
  events: ChangeEvent[];
  patches: Array<{ aspect: string; ops: PatchOperation[] }>;
}

/**
 * The change transactions of `q.urn` in the requested categories and time window, oldest first.
 * Throws a BadRequestError for an invalid urn, an unsupported category or entity type, and a
 * NotFoundError when the entity does not exist.
 */
export function getTimeline(view: StoreView, q: TimelineQuery, now = Date.now()): ChangeTransaction[] {
  const categories = parseCategories(q.categories);
  const { entityType } = validateUrn(q.urn);
  if (!TIMELINE_ENTITY_TYPES.includes(entityType)) {
    throw new BadRequestError(
      `Entity Type ${entityType} not supported: the timeline covers ${TIMELINE_ENTITY_TYPES.join(', ')} entities`,
    );
  }
  const entity = view.getEntity(q.urn);
  if (!entity) throw new NotFoundError(`Entity ${q.urn} not found`);
  const endTime = q.endTime === undefined || q.endTime === 0 ? now : q.endTime;
  const startTime = q.startTime === undefined || q.startTime === -1 ? endTime - DEFAULT_LOOKBACK_MS : q.startTime;

  const history = new Map<string, Version[]>(entity.aspects.map((name) => [name, versionsOf(view, q.urn, name)]));
  const groups = new Map<number, Group>();
  for (const { aspect, categories: feeds, differ } of DATASET_DIFFERS) {
    const wanted = categories.filter((c) => feeds.includes(c));
    if (wanted.length === 0) continue;
    const versions = history.get(aspect) ?? [];
    versions.forEach((current, i) => {
      const time = current.record.created.time;
      if (time < startTime || time > endTime) return;
      // Every write in the window opens its transaction, even one with no event in these
      // categories: DataHub numbers those too, so the semantic versions match its own.
      const group = groups.get(time) ?? { actor: current.record.created.actor, events: [], patches: [] };
      groups.set(time, group);
      const previous = versions[i - 1]?.record.value;
      const stamp: AuditStamp = { time, actor: current.record.created.actor };
      const events = wanted.flatMap((category) =>
        differ({ urn: q.urn, from: previous, to: current.record.value, stamp }, category),
      );
      if (events.length === 0) return;
      group.events.push(...events);
      if (q.raw) group.patches.push({ aspect, ops: jsonPatch(previous, current.record.value) });
    });
  }

  const transactions: ChangeTransaction[] = [];
  let semVer: [number, number, number] | undefined;
  for (const time of [...groups.keys()].sort((a, b) => a - b)) {
    const group = groups.get(time)!;
    const change = group.events.reduce<SemVerChange>((max, e) => maxSemVer(max, e.semVerChange), 'NONE');
    semVer = nextSemVer(semVer, change);
    if (group.events.length === 0) continue;
    transactions.push({
      timestamp: time,
      actor: group.actor,
      semVer: `${semVer.join('.')}-computed`,
      semVerChange: change,
      changeEvents: group.events,
      versionStamp: versionStamp(history, time),
      ...(q.raw && { rawDiff: rawDiff(group.patches) }),
    });
  }
  return transactions;
}

/** 0.0.0 for the first transaction; then MAJOR, MINOR and PATCH bump their part and reset the lower ones. */
function nextSemVer(previous: [number, number, number] | undefined, change: SemVerChange): [number, number, number] {
  if (!previous) return [0, 0, 0];
  const [major, minor, patch] = previous;
  if (change === 'MAJOR') return [major + 1, 0, 0];
  if (change === 'MINOR') return [major, minor + 1, 0];
  if (change === 'PATCH') return [major, minor, patch + 1];
  return previous;
}

/** Which version of each aspect was current at `time`, as DataHub's versionStamp lists them. */
function versionStamp(history: Map<string, Version[]>, time: number): string {
  const parts: string[] = [];
  for (const name of [...history.keys()].sort()) {
    let current: Version | undefined;
    for (const v of history.get(name)!) {
      if (v.record.created.time > time) break;
      current = v;
    }
    if (current) parts.push(`${name}:${current.version}`);
  }
  return parts.join(';');
}

/**
 * The patch of a transaction. Paths are relative to the aspect when one aspect changed (DataHub's
 * shape); when several changed at the same instant each operation is prefixed with `/<aspect>`,
 * so none is lost or ambiguous.
 */
function rawDiff(patches: Group['patches']): PatchOperation[] {
  if (patches.length === 1) return patches[0]!.ops;
  return patches.flatMap(({ aspect, ops }) => ops.map((op) => ({ ...op, path: `/${aspect}${op.path}` })));
}
