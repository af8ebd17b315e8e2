/**
 * A dataset's schema versions and, per column, its last change at a version (the Schema tab's version
 * picker and "blame" of DataHub's web app): the dataset's timeline in the TECHNICAL_SCHEMA category over
 * all its history, as DataHub's getSchemaVersionList and getSchemaBlame read it — semantic versions
 * without their `-computed` suffix, newest first.
 */
import { keyFieldsOf, validateUrn } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { getTimeline, type ChangeTransaction } from './timeline.ts';

export interface SemanticVersionRead {
  semanticVersion: string;
  semanticVersionTimestamp: number;
  versionStamp: string;
}

export interface SchemaFieldBlameRead {
  fieldPath: string;
  timestampMillis: number;
  lastSemanticVersion: string;
  versionStamp: string;
  changeType: 'ADD' | 'MODIFY';
  /** "Added in v1.0.0", "Modified in v2.0.0". */
  lastSchemaFieldChange: string;
}

const SUFFIX = '-computed';
const truncate = (semVer: string): string => (semVer.endsWith(SUFFIX) ? semVer.slice(0, -SUFFIX.length) : semVer);

/** A semantic version's numeric parts; null when it is not `x.y.z`. */
function parts(version: string): number[] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The schema's change transactions over all its history, oldest first; none for an entity not stored or not a dataset. */
function schemaTransactions(view: StoreView, datasetUrn: string): ChangeTransaction[] {
  const { entityType } = validateUrn(datasetUrn);
  if (entityType !== 'dataset' || !view.getEntity(datasetUrn)) return [];
  return getTimeline(view, { urn: datasetUrn, categories: ['TECHNICAL_SCHEMA'], startTime: 0, endTime: 0 });
}

const versionOf = (t: ChangeTransaction): SemanticVersionRead => ({
  semanticVersion: truncate(t.semVer),
  semanticVersionTimestamp: t.timestamp,
  versionStamp: t.versionStamp,
});

/** Newest first. */
const byVersionDescending = (transactions: ChangeTransaction[]): ChangeTransaction[] =>
  transactions
    .map((t) => ({ t, v: parts(truncate(t.semVer)) }))
    .filter((e): e is { t: ChangeTransaction; v: number[] } => e.v !== null)
    .sort((a, b) => compare(b.v, a.v))
    .map((e) => e.t);

/** `getSchemaVersionList`: the latest version and every version, newest first; null when the schema has no history. */
export function schemaVersionList(
  view: StoreView,
  datasetUrn: string,
): { latestVersion: SemanticVersionRead; semanticVersionList: SemanticVersionRead[] } | null {
  const transactions = schemaTransactions(view, datasetUrn);
  if (transactions.length === 0) return null;
  return {
    latestVersion: versionOf(transactions[transactions.length - 1]!),
    semanticVersionList: byVersionDescending(transactions).map(versionOf),
  };
}

/**
 * `getSchemaBlame`: at `version` (the latest when none), each column's last change up to that version;
 * columns whose last change removed them are left out. Nothing when the schema has no history or the
 * version is not `x.y.z`.
 */
export function schemaBlame(
  view: StoreView,
  datasetUrn: string,
  version: string | null | undefined,
): { version: SemanticVersionRead | null; schemaFieldBlameList: SchemaFieldBlameRead[] | null } {
  const none = { version: null, schemaFieldBlameList: null };
  const transactions = schemaTransactions(view, datasetUrn);
  if (transactions.length === 0) return none;
  const cutoff = parts(version ?? truncate(transactions[transactions.length - 1]!.semVer));
  if (!cutoff) return none;
  const upTo = byVersionDescending(transactions).filter((t) => compare(parts(truncate(t.semVer))!, cutoff) <= 0);
  if (upTo.length === 0) return none;
  const blame = new Map<string, SchemaFieldBlameRead | null>();
  for (const t of upTo) {
    for (const e of t.changeEvents) {
      if (e.category !== 'TECHNICAL_SCHEMA' || !e.modifier || blame.has(e.modifier)) continue;
      const fieldPath = fieldPathOf(e.modifier);
      if (fieldPath === null) continue;
      if (e.operation === 'REMOVE') {
        blame.set(e.modifier, null);
        continue;
      }
      const semVer = truncate(t.semVer);
      blame.set(e.modifier, {
        fieldPath,
        timestampMillis: t.timestamp,
        lastSemanticVersion: semVer,
        versionStamp: t.versionStamp,
        changeType: e.operation,
        lastSchemaFieldChange: `${e.operation === 'ADD' ? 'Added' : 'Modified'} in v${semVer}`,
      });
    }
  }
  return {
    version: versionOf(upTo[0]!),
    schemaFieldBlameList: [...blame.values()].filter((b): b is SchemaFieldBlameRead => b !== null),
  };
}

/** The field path of a schema field urn; null for any other modifier. */
function fieldPathOf(modifier: string): string | null {
  try {
    return validateUrn(modifier).entityType === 'schemaField' ? (keyFieldsOf(modifier)['fieldPath'] ?? null) : null;
  } catch {
    return null;
  }
}
