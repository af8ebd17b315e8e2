/** What `catalog verify`'s walks report (verify.ts, searchVerify.ts): the problems, their fixes, the summary. */

/** What fixes a problem: a backup, `catalog reindex`, or dropping a remote's sync bases. */
export type VerifyFix = 'restore' | 'reindex' | 'sync';

export interface VerifyProblem {
  /** The part of the file: a table, or an index. */
  part: string;
  /** What it is about: an entity and aspect, an entity, a key. */
  subject: string;
  /** What is wrong with it. */
  problem: string;
  fix: VerifyFix;
}

export interface VerifySummary {
  tables: number;
  /** Entries walked, in every table. */
  entries: number;
  entities: number;
  /** Values of `aspects` (every version) and of `timeseries`. */
  aspectValues: number;
  timeseriesValues: number;
  /** Values held to their checksum (record structures included). */
  checksummed: number;
  /** Values written before checksums, in a file not yet given them: read, not checkable. */
  unsealed: number;
  /** Whether the file still waits for its values' checksums (written by an older release). */
  pending: boolean;
  /** `checked`, or why not: built under other declarations, absent. */
  relationships: 'checked' | 'stale' | 'absent';
  edges: number;
  search: 'checked' | 'stale' | 'absent';
  documents: number;
  remotes: number;
  syncBases: number;
  /** The change event log (events.ts): how many events it holds, their offsets, and what it keeps. */
  events: {
    count: number;
    oldest: number | undefined;
    newest: number | undefined;
    retention: { maxEvents: number; maxAgeDays: number };
  };
}

/** The latest value of each aspect an entity lists, read as the indexes read them, and when the entity last changed. */
export interface LatestAspects {
  value(name: string): unknown;
  /** The latest `created` time of any of its aspects (what the search index sorts "last modified" by). */
  modified(): number;
}

/** `n` and a noun, singular or plural as `n` asks: "1 document", "3 documents". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
