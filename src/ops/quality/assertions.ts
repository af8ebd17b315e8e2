/**
 * Assertions: DataHub's data quality checks (`urn:li:assertion:<id>`) and the results of their runs.
 * An assertion is defined by its `assertionInfo` (custom assertions are upserted here, the other
 * kinds arrive by ingestion from dbt, Great Expectations …); results are `assertionRunEvent`
 * timeseries events, and `assertionRunSummary` keeps when it last passed, failed or errored and its
 * status (DataHub's AssertionRunSummaryHook), which search filters on. An entity's assertions are the
 * entities with an `Asserts` edge to it in the relationships index (DataHub's EntityAssertionsResolver).
 * Messages are DataHub's; client mistakes are 400s (docs/design.md §2.6).
 */
import { randomUUID } from 'node:crypto';
import assertionInfo, {
  assertedEntityOf,
  type AssertionInfo,
  type AssertionStdParameter,
  type AssertionStdParameters,
  type CustomAssertionInfo,
} from '../../model/aspects/assertionInfo.ts';
import { BadRequestError } from '../../errors.ts';
import status from '../../model/aspects/status.ts';
import { assertionRunSummary } from '../../model/aspects/storedAsGiven.ts';
import { validateUrn } from '../../model/registry.ts';
import { makeUrn } from '../../model/urn.ts';
import type { StoreTxn, StoreView, TimeseriesRow } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { removeReferences } from '../entities/deleteReferences.ts';
import { paging } from '../core/paging.ts';
import { registerSideEffect } from '../core/sideEffects.ts';
import { latestAspect, urnTypeOf } from '../core/resources.ts';
import type { Criterion, FilterGroup } from '../search/types.ts';
import { readTimeseries } from '../timeseries/timeseries.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

export const ASSERTION_TYPE = 'assertion';
export const RUN_EVENT = 'assertionRunEvent';
const RUN_SUMMARY = 'assertionRunSummary';
const ASSERTS = 'Asserts';
/** EntityAssertionsResolver's page size when `count` is not given. */
export const DEFAULT_ASSERTIONS_COUNT = 200;
/** The partition of an event that names none (AssertionRunEvent.pdl's default partitionSpec). */
const FULL_TABLE = { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' };

type Entry = { key: string; value?: string | null };

export interface UpsertCustomAssertionInput {
  entityUrn: string;
  type: string;
  description: string;
  /** A bare column name of the entity (deprecated in DataHub for `fieldPaths`). */
  fieldPath?: string | null;
  fieldPaths?: readonly string[] | null;
  platform: { urn?: string | null; name?: string | null };
  externalUrl?: string | null;
  logic?: string | null;
  scope?: string | null;
  aggregation?: string | null;
  operator?: string | null;
  parameters?: AssertionStdParametersInput | null;
  nativeType?: string | null;
  nativeParameters?: readonly Entry[] | null;
}

export interface AssertionResultInput {
  timestampMillis?: number | null;
  type: string;
  properties?: readonly Entry[] | null;
  externalUrl?: string | null;
  error?: { type: string; message: string } | null;
  severity?: string | null;
}

const toMap = (entries: readonly Entry[]) => Object.fromEntries(entries.map((e) => [e.key, e.value ?? '']));

/** Assertion parameters as a client sends them: any of them may be null; a type is any of our input's. */
type AssertionStdParametersInput = {
  [K in keyof AssertionStdParameters]?: { value: string; type: string } | null;
};

/** A GraphQL parameters input without its null members (Pegasus records have no nulls). */
function parametersOf(p: AssertionStdParametersInput | null | undefined): AssertionStdParameters | undefined {
  if (!p) return undefined;
  const out: AssertionStdParameters = {};
  // Our input's SQL type is not one of DataHub's AssertionStdParameterType: the check on write refuses it.
  for (const k of ['value', 'minValue', 'maxValue'] as const)
    if (p[k]) out[k] = { value: p[k]!.value, type: p[k]!.type as AssertionStdParameter['type'] };
  return out;
}

function platformOf(platform: UpsertCustomAssertionInput['platform']): string {
  if (platform.urn != null) {
    validateUrn(platform.urn);
    return platform.urn;
  }
  if (platform.name != null) return makeUrn('dataPlatform', platform.name);
  throw new BadRequestError('Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.');
}

/** The column urns of `fieldPath` and `fieldPaths` (bare column names of `entityUrn`), in order, once each. */
function columnsOf(entityUrn: string, input: UpsertCustomAssertionInput): string[] {
  const paths = [...(input.fieldPath != null ? [input.fieldPath] : []), ...(input.fieldPaths ?? [])];
  for (const p of paths) {
    if (p.startsWith('urn:li:'))
      throw new BadRequestError(
        `Failed to upsert Custom Assertion. fieldPath must be a column name of the entity, not an urn: ${p}`,
      );
  }
  return [...new Set(paths)].map((p) => makeUrn('schemaField', entityUrn, p));
}

/** The customAssertion record: the input as given, unset fields left out (an update replaces the whole definition). */
function customDefinition(entityUrn: string, input: UpsertCustomAssertionInput): CustomAssertionInfo {
  const columns = columnsOf(entityUrn, input);
  const def: CustomAssertionInfo = { type: input.type, entity: entityUrn };
  const single = input.fieldPath != null ? columns[0] : columns.length === 1 ? columns[0] : undefined;
  if (single) def.field = single;
  if (columns.length > 0) def.fields = columns;
  // GraphQL enums with DataHub's symbols: the check on write refuses any other.
  if (input.scope != null) def.scope = input.scope as CustomAssertionInfo['scope'];
  if (input.aggregation != null) def.aggregation = input.aggregation as CustomAssertionInfo['aggregation'];
  if (input.operator != null) def.operator = input.operator as CustomAssertionInfo['operator'];
  const parameters = parametersOf(input.parameters);
  if (parameters) def.parameters = parameters;
  if (input.nativeType != null) def.nativeType = input.nativeType;
  if (input.nativeParameters != null) def.nativeParameters = toMap(input.nativeParameters);
  if (input.logic != null) def.logic = input.logic;
  return def;
}

/**
 * upsertCustomAssertion: creates (a new urn when none is given) or fully replaces a custom assertion
 * on `entityUrn` — its assertionInfo (type CUSTOM, source EXTERNAL) and the platform that runs it.
 */
export async function upsertCustomAssertion(
  ctx: OpContext,
  urn: string | null | undefined,
  input: UpsertCustomAssertionInput,
): Promise<string> {
  const assertionUrn = urn ?? `urn:li:assertion:${randomUUID()}`;
  validateUrn(assertionUrn);
  if (urnTypeOf(assertionUrn) !== ASSERTION_TYPE)
    throw new BadRequestError(`${assertionUrn} is not an assertion urn (expected urn:li:assertion:…)`);
  validateUrn(input.entityUrn);
  const platform = platformOf(input.platform);
  const definition = customDefinition(input.entityUrn, input);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(input.entityUrn)) {
      throw new BadRequestError(
        `Failed to upsert Custom Assertion with urn ${assertionUrn}. Entity ${input.entityUrn} does not exist.`,
      );
    }
    const before = latestAspect(txn, assertionUrn, assertionInfo);
    const info: AssertionInfo = {
      type: 'CUSTOM',
      customAssertion: definition,
      source: { type: 'EXTERNAL', created: before?.source?.created ?? stamp },
      lastUpdated: stamp,
      description: input.description,
      // DataHub's AssertionInfoMutator denormalises the checked entity on every write.
      entityUrn: input.entityUrn,
    };
    if (input.externalUrl != null) info.externalUrl = input.externalUrl;
    writeAspect(txn, stamp, assertionUrn, 'assertionInfo', info);
    writeAspect(txn, stamp, assertionUrn, 'dataPlatformInstance', { platform });
  });
  return assertionUrn;
}

/** The entity an assertion checks, or undefined when there is no such assertion. */
export function asserteeOf(view: StoreView, assertionUrn: string): string | undefined {
  return assertedEntityOf(latestAspect(view, assertionUrn, assertionInfo));
}

function resultOf(input: AssertionResultInput): Record<string, unknown> {
  const result: Record<string, unknown> = { type: input.type };
  if (input.type === 'FAILURE' && input.severity != null) result['severity'] = input.severity;
  if (input.externalUrl != null) result['externalUrl'] = input.externalUrl;
  if (input.type === 'ERROR' && input.error != null)
    result['error'] = { type: input.error.type, properties: { message: input.error.message } };
  if (input.properties != null && input.properties.length > 0) result['nativeResults'] = toMap(input.properties);
  return result;
}

/** The summary field a result moves, and the status it stands for (DataHub's AssertionStatusUtils). */
const SUMMARY: Record<string, { field: string; status: string }> = {
  SUCCESS: { field: 'lastPassedAtMillis', status: 'PASSING' },
  FAILURE: { field: 'lastFailedAtMillis', status: 'FAILING' },
  ERROR: { field: 'lastErroredAtMillis', status: 'ERROR' },
  INIT: { field: 'lastInitializedAtMillis', status: 'INIT' },
};

// Registered with writeAspect, as DataHub's AssertionRunSummaryHook runs on every run event.
registerSideEffect({
  name: 'assertionRunSummary',
  aspect: RUN_EVENT,
  after: (w) => assertionRunSideEffects(w.txn, w.stamp, w.urn, w.value),
});

/**
 * After an assertionRunEvent is stored (by reportAssertionResult or any ingestion): a completed run
 * with a result moves the assertion's run summary on when it is the newest of its result type, and
 * the summary's status is the newest result's. An event for an assertion that does not exist creates
 * nothing (DataHub skips those too, rather than make a phantom assertion).
 */
function assertionRunSideEffects(txn: StoreTxn, stamp: WriteStamp, assertionUrn: string, value: unknown): void {
  const event = value as { status?: unknown; timestampMillis?: number; result?: { type?: unknown } | null };
  const type = event.result?.type;
  if (event.status !== 'COMPLETE' || typeof type !== 'string' || typeof event.timestampMillis !== 'number') return;
  if (urnTypeOf(assertionUrn) !== ASSERTION_TYPE || !txn.entityExists(assertionUrn)) return;
  updateRunSummary(txn, stamp, assertionUrn, type, event.timestampMillis);
}

/** Moves the run summary on when the event is its newest of that result type; the status is the newest result's. */
function updateRunSummary(
  txn: StoreTxn,
  stamp: WriteStamp,
  assertionUrn: string,
  resultType: string,
  time: number,
): void {
  const entry = SUMMARY[resultType];
  if (!entry) return;
  const current = latestAspect(txn, assertionUrn, assertionRunSummary) ?? {};
  const previous = current[entry.field];
  if (typeof previous === 'number' && previous >= time) return;
  const next: Record<string, unknown> = { ...current, [entry.field]: time };
  let latest: { time: number; status: string } | undefined;
  for (const { field, status } of Object.values(SUMMARY)) {
    const t = next[field];
    if (typeof t === 'number' && (!latest || t > latest.time)) latest = { time: t, status };
  }
  if (latest) next['assertionStatus'] = latest.status;
  writeAspect(txn, stamp, assertionUrn, RUN_SUMMARY, next);
}

/** reportAssertionResult: one more run event of the assertion, at `timestampMillis` (default now). */
export async function reportAssertionResult(
  ctx: OpContext,
  assertionUrn: string,
  input: AssertionResultInput,
): Promise<true> {
  validateUrn(assertionUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  const time = input.timestampMillis ?? stamp.time;
  await ctx.store.write((txn) => {
    const assertee = urnTypeOf(assertionUrn) === ASSERTION_TYPE ? asserteeOf(txn, assertionUrn) : undefined;
    if (!assertee) {
      throw new BadRequestError(
        `Failed to report Assertion Run Event. Assertion with urn ${assertionUrn} does not exist or is not associated with any entity.`,
      );
    }
    const event = {
      timestampMillis: time,
      runId: String(time),
      assertionUrn,
      asserteeUrn: assertee,
      status: 'COMPLETE',
      result: resultOf(input),
      partitionSpec: FULL_TABLE,
    };
    // The run summary follows in writeAspect (the assertionRunSummary side effect), as for an ingested event.
    writeAspect(txn, stamp, assertionUrn, RUN_EVENT, event);
  });
  return true;
}

/** deleteAssertion: the assertion, its run events and every reference to it are gone. */
export async function deleteAssertion(ctx: OpContext, assertionUrn: string): Promise<true> {
  validateUrn(assertionUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (urnTypeOf(assertionUrn) !== ASSERTION_TYPE || !txn.entityExists(assertionUrn)) {
      throw new BadRequestError(
        `Failed to perform delete against assertion with urn ${assertionUrn}. Assertion does not exist.`,
      );
    }
    txn.deleteEntity(assertionUrn, stamp);
    txn.deleteTimeseries(assertionUrn);
    removeReferences(txn, stamp, assertionUrn);
  });
  return true;
}

export interface EntityAssertionsQuery {
  start?: number | null;
  count?: number | null;
  includeSoftDeleted?: boolean | null;
}

/**
 * The assertions of an entity (`Dataset.assertions`): those with an `Asserts` edge to it, soft-deleted
 * ones left out unless asked for. DataHub pages the edges and drops removed assertions from the page
 * afterwards; here the page and the total count the same assertions.
 */
export function entityAssertions(
  view: StoreView,
  entityUrn: string,
  q: EntityAssertionsQuery,
): { start: number; count: number; total: number; urns: string[] } {
  const page = paging(q, DEFAULT_ASSERTIONS_COUNT);
  const found = new Set<string>();
  for (const edge of view.edges(entityUrn, 'INCOMING', [ASSERTS])) {
    if (urnTypeOf(edge.urn) !== ASSERTION_TYPE || found.has(edge.urn) || !view.entityExists(edge.urn)) continue;
    if (!q.includeSoftDeleted && latestAspect(view, edge.urn, status)?.removed === true) continue;
    found.add(edge.urn);
  }
  const urns = [...found];
  const items = urns.slice(page.start, page.start + page.count);
  return { start: page.start, count: items.length, total: urns.length, urns: items };
}

export interface RunEventsQuery {
  status?: string | null;
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  limit?: number | null;
  /** Criteria on the events' fields, all of which must hold. */
  filter?: readonly Criterion[] | null;
}

export interface RunEventsSummary {
  total: number;
  failed: number;
  succeeded: number;
  errored: number;
  initializing: number;
  events: TimeseriesRow[];
}

/** `Assertion.runEvents`: the events (newest first) and how many of them completed with each result. */
export function assertionRunEvents(view: StoreView, assertionUrn: string, q: RunEventsQuery): RunEventsSummary {
  const group: Criterion[] = [...(q.filter ?? [])];
  if (q.status != null) group.unshift({ field: 'status', values: [q.status], condition: 'EQUAL', negated: false });
  const filters: FilterGroup[] | undefined = group.length > 0 ? [group] : undefined;
  const events = readTimeseries(view, assertionUrn, RUN_EVENT, {
    startTimeMillis: q.startTimeMillis,
    endTimeMillis: q.endTimeMillis,
    limit: q.limit,
    filters,
  });
  const count = (type: string) =>
    events.filter(
      (e) => e.value['status'] === 'COMPLETE' && (e.value['result'] as { type?: string } | undefined)?.type === type,
    ).length;
  return {
    total: events.length,
    failed: count('FAILURE'),
    succeeded: count('SUCCESS'),
    errored: count('ERROR'),
    initializing: count('INIT'),
    events,
  };
}
