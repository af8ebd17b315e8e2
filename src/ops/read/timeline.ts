/**
 * An entity's change history as DataHub's web app asks for it (`getTimeline`, its dataset page's
 * History sidebar and Schema timeline): the change transactions of the timeline (../timeline/timeline.ts,
 * the computation `datahub timeline` reads) over the entity's whole history, the latest 100 (DataHub's
 * DEFAULT_MAX_CHANGE_TRANSACTIONS), oldest first. With `includeVersionSet` on a versioned entity, the
 * timelines of every version of its set (at most 50 of them, DataHub's walk limit) merged by time,
 * then actor; the versions left out (beyond the limit, or whose timeline cannot be read) are counted
 * in `skippedVersionCount`.
 */
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { CHANGE_CATEGORIES, type ChangeCategory } from '../timeline/changeEvent.ts';
import { getTimeline, type ChangeTransaction } from '../timeline/timeline.ts';
import { versionPropertiesOf, versionsOf } from '../versioning/versioningEffects.ts';
import type { StoreView } from '../../store/store.ts';

/** DataHub's cap on the transactions of one entity's timeline. */
const MAX_TRANSACTIONS = 100;
/** DataHub's cap on the versions of a set walked for `includeVersionSet`. */
const MAX_VERSION_WALK = 50;

/**
 * The categories an unfiltered request reads: every one computed here that DataHub's GraphQL enum can
 * name (its ChangeCategoryType has no DEPRECATION, so deprecation changes are the REST timeline's only).
 */
export const GRAPHQL_CHANGE_CATEGORIES: readonly ChangeCategory[] = CHANGE_CATEGORIES.filter(
  (c) => c !== 'DEPRECATION',
);

export interface EntityTimelineQuery {
  urn: string;
  /** DataHub's category names; null or absent = all of GRAPHQL_CHANGE_CATEGORIES. Categories not computed here match no change. */
  categories?: readonly string[] | null;
  includeVersionSet?: boolean | null;
}

export interface EntityTimelineRead {
  transactions: ChangeTransaction[];
  skippedVersionCount: number;
}

/** One entity's transactions, the latest MAX_TRANSACTIONS; none in categories this server does not compute. */
function transactionsOf(view: StoreView, urn: string, categories: readonly string[]): ChangeTransaction[] {
  const computed = categories.filter((c) => (CHANGE_CATEGORIES as readonly string[]).includes(c));
  if (computed.length === 0) return [];
  const all = getTimeline(view, { urn, categories: computed, startTime: 0, endTime: 0 });
  return all.slice(Math.max(0, all.length - MAX_TRANSACTIONS));
}

/**
 * `getTimeline`: throws the timeline's errors (an invalid urn, an entity type whose history is not
 * computed here, an entity not stored).
 */
export function readEntityTimeline(view: StoreView, q: EntityTimelineQuery): EntityTimelineRead {
  const categories = q.categories ?? GRAPHQL_CHANGE_CATEGORIES;
  const versionSet = q.includeVersionSet ? versionPropertiesOf(view, q.urn)?.versionSet : undefined;
  if (!versionSet) return { transactions: transactionsOf(view, q.urn, categories), skippedVersionCount: 0 };
  const versions = versionsOf(view, versionSet).map((v) => v.urn);
  const walked = versions.slice(0, MAX_VERSION_WALK);
  if (!walked.includes(q.urn)) walked.push(q.urn);
  // As DataHub's merge: a version whose timeline cannot be read (not stored, a type whose history is not computed) is skipped and counted.
  let failed = 0;
  const transactions = walked
    .flatMap((urn) => {
      try {
        return transactionsOf(view, urn, categories);
      } catch (error) {
        if (!(error instanceof BadRequestError || error instanceof NotFoundError)) throw error;
        failed++;
        return [];
      }
    })
    .sort((a, b) => a.timestamp - b.timestamp || (a.actor < b.actor ? -1 : a.actor > b.actor ? 1 : 0));
  return { transactions, skippedVersionCount: failed + Math.max(0, versions.length - walked.length) };
}
