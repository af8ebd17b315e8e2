/**
 * Ingestion sources (DataHub's resolvers/ingest/source and /execution): a recipe stored as a
 * `dataHubIngestionSource` entity (aspect dataHubIngestionSourceInfo) — deployed with
 * `datahub ingest deploy` (updateIngestionSource upserts) or created in a UI — and the runs of it
 * clients reported (`dataHubExecutionRequest` entities whose dataHubExecutionRequestInput names the
 * source; `datahub ingest` writes them for every run it makes).
 *
 * Running a recipe needs DataHub's executor (the separate datahub-actions container), which Catalog
 * does not have: createIngestionExecutionRequest says so and how to run the recipe instead.
 */
import { randomUUID } from 'node:crypto';
import dataHubIngestionSourceInfo, {
  type DataHubIngestionSourceInfo,
} from '../../model/aspects/dataHubIngestionSourceInfo.ts';
import dataHubExecutionRequestInput, {
  type ExecutionRequestInput,
} from '../../model/aspects/dataHubExecutionRequestInput.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { validateUrn } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { cronProblem, timezoneProblem } from './ingestionSchedule.ts';
import { pageOf, paging } from '../core/paging.ts';
import { latestAspect, urnTypeOf } from '../core/resources.ts';
import { criterionHolds } from '../../search/filters.ts';
import type { Criterion } from '../search/types.ts';
import { writeAspect } from '../core/writeAspect.ts';

export const SOURCE_TYPE = 'dataHubIngestionSource';
export const EXECUTION_TYPE = 'dataHubExecutionRequest';
export const SOURCE_INFO = 'dataHubIngestionSourceInfo';
export const EXECUTION_INPUT = 'dataHubExecutionRequestInput';
/** The relationship from an execution request to its source (ExecutionRequestSource.ingestionSource). */
const EXECUTION_OF = 'ingestionSource';

/** ListIngestionSourcesResolver's and IngestionSourceExecutionRequestsResolver's default page sizes. */
export const DEFAULT_SOURCES_COUNT = 20;
export const DEFAULT_EXECUTIONS_COUNT = 10;

/** UpdateIngestionSourceInput (a missing urn creates, as createIngestionSource does). */
export interface IngestionSourceInput {
  name: string;
  type: string;
  description?: string | null;
  schedule?: { interval: string; timezone: string } | null;
  config: {
    recipe: string;
    version?: string | null;
    executorId: string;
    debugMode?: boolean | null;
    extraArgs?: ReadonlyArray<{ key: string; value?: string | null }> | null;
  };
}

export function sourceInfoOf(view: StoreView, urn: string): DataHubIngestionSourceInfo | undefined {
  return latestAspect(view, urn, dataHubIngestionSourceInfo);
}

/** The urn of an ingestion source a client names: malformed or of another type is a 400. */
function checkSourceUrn(urn: string): void {
  try {
    validateUrn(urn);
  } catch {
    throw new BadRequestError(`Malformed urn ${urn} provided.`);
  }
  if (urnTypeOf(urn) !== SOURCE_TYPE)
    throw new BadRequestError(`${urn} is not an ingestion source urn (expected urn:li:${SOURCE_TYPE}:…)`);
}

function checkSchedule(schedule: { interval: string; timezone: string }): void {
  const cron = cronProblem(schedule.interval);
  if (cron) throw new BadRequestError(`Invalid cron schedule \`${schedule.interval}\`: ${cron}`);
  const zone = timezoneProblem(schedule.timezone);
  if (zone) throw new BadRequestError(`Invalid timezone \`${schedule.timezone}\`: ${zone}`);
}

/** The aspect the input describes, keeping what the input cannot carry (platform, source, newer fields). */
function infoFrom(
  input: IngestionSourceInput,
  current: DataHubIngestionSourceInfo | undefined,
): DataHubIngestionSourceInfo {
  const { schedule: _schedule, config: _config, ...kept } = current ?? ({} as Partial<DataHubIngestionSourceInfo>);
  const c = input.config;
  const config: DataHubIngestionSourceInfo['config'] = { recipe: c.recipe };
  if (c.version != null) config.version = c.version;
  if (c.executorId != null) config.executorId = c.executorId;
  if (c.debugMode != null) config.debugMode = c.debugMode;
  if (c.extraArgs != null) config.extraArgs = Object.fromEntries(c.extraArgs.map((e) => [e.key, e.value ?? '']));
  const info: DataHubIngestionSourceInfo = { ...kept, name: input.name, type: input.type, config };
  if (input.schedule != null) info.schedule = { interval: input.schedule.interval, timezone: input.schedule.timezone };
  return info;
}

/**
 * createIngestionSource / updateIngestionSource: writes the source's info (creating the source when
 * the urn names none yet — `datahub ingest deploy` relies on that). Returns the urn.
 */
export async function upsertIngestionSource(
  ctx: OpContext,
  urn: string | null | undefined,
  input: IngestionSourceInput,
): Promise<string> {
  const target = urn ?? `urn:li:${SOURCE_TYPE}:${randomUUID()}`;
  checkSourceUrn(target);
  if (input.schedule != null) checkSchedule(input.schedule);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    writeAspect(txn, stamp, target, SOURCE_INFO, infoFrom(input, sourceInfoOf(txn, target)));
    return target;
  });
}

/** deleteIngestionSource: hard delete of the source; the runs reported for it stay. Returns the urn. */
export async function deleteIngestionSource(ctx: OpContext, urn: string): Promise<string> {
  checkSourceUrn(urn);
  await ctx.store.write((txn) => {
    if (!txn.entityExists(urn))
      throw new BadRequestError(
        `Failed to perform delete against ingestion source with urn ${urn}. Ingestion source does not exist.`,
      );
    txn.deleteEntity(urn);
  });
  return urn;
}

/** ingestionSource(urn): the source, or DataHub's NOT_FOUND. */
export function getIngestionSource(view: StoreView, urn: string): string {
  checkSourceUrn(urn);
  if (!sourceInfoOf(view, urn)) throw new NotFoundError(`Failed to find Ingestion Source with urn ${urn}`);
  return urn;
}

/** The fields a listIngestionSources filter may name: DataHub's searchable fields of the entity. */
const FILTER_FIELDS: Record<string, (urn: string, info: DataHubIngestionSourceInfo) => string[]> = {
  urn: (urn) => [urn],
  name: (_, info) => [info.name],
  type: (_, info) => [info.type],
  sourceType: (_, info) => (info.source?.type ? [info.source.type] : []),
  sourceExecutorId: (_, info) => (info.config?.executorId ? [info.config.executorId] : []),
};

export interface FilterInput {
  field: string;
  values?: readonly string[] | null;
  value?: string | null;
  condition?: string | null;
  negated?: boolean | null;
}

export interface ListIngestionSourcesInput {
  start?: number | null;
  count?: number | null;
  /** Words that must all appear in the name or urn (case-insensitive); empty or `*` = every source. */
  query?: string | null;
  filters?: readonly FilterInput[] | null;
  sort?: { field: string; sortOrder: 'ASCENDING' | 'DESCENDING' } | null;
}

function criteria(filters: readonly FilterInput[]): Criterion[] {
  return filters.map((f) => {
    if (!(f.field in FILTER_FIELDS)) throw new BadRequestError(`Unknown filter field "${f.field}"`);
    const values = f.values ?? (f.value != null ? [f.value] : []);
    return {
      field: f.field,
      values: [...values],
      condition: (f.condition ?? 'EQUAL') as Criterion['condition'],
      negated: f.negated === true,
    };
  });
}

/** When the source was first written: its info's oldest version (DataHub's systemCreated). */
function createdAt(view: StoreView, urn: string): number {
  const latest = view.getAspect(urn, SOURCE_INFO);
  const first = latest?.history ? view.getAspect(urn, SOURCE_INFO, 1) : latest;
  return first?.created.time ?? 0;
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * listIngestionSources: the sources with info, matching the query and every filter, newest first
 * (DataHub's default sort is the creation time); `sort` by `name` orders by type, then name, as
 * DataHub does. Returns one page of urns.
 */
export function listIngestionSources(
  view: StoreView,
  input: ListIngestionSourcesInput,
): { start: number; count: number; total: number; urns: string[] } {
  const p = paging(input, DEFAULT_SOURCES_COUNT);
  const words = (input.query ?? '')
    .toLowerCase()
    .split(/[\s*]+/)
    .filter(Boolean);
  const wanted = criteria(input.filters ?? []);
  const rows: Array<{ urn: string; info: DataHubIngestionSourceInfo; created: number }> = [];
  for (const urn of view.eachUrnOfType(SOURCE_TYPE)) {
    const info = sourceInfoOf(view, urn);
    if (!info) continue;
    const text = `${info.name} ${urn}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    if (!wanted.every((c) => criterionHolds(FILTER_FIELDS[c.field]!(urn, info), c))) continue;
    rows.push({ urn, info, created: createdAt(view, urn) });
  }
  const sort = input.sort;
  const key = (r: (typeof rows)[number]): Array<string | number> => {
    if (!sort) return [-r.created, r.urn];
    if (sort.field === 'name') return [r.info.type, r.info.name, r.urn];
    const values = sort.field in FILTER_FIELDS ? FILTER_FIELDS[sort.field]!(r.urn, r.info) : [];
    return [values[0] ?? (sort.field === 'systemCreated' ? r.created : ''), r.urn];
  };
  const sign = sort?.sortOrder === 'DESCENDING' ? -1 : 1;
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      const c = compare(ka[i]!, kb[i]!);
      if (c !== 0) return sort ? sign * c : c;
    }
    return 0;
  });
  const page = pageOf(rows, p);
  return { start: page.start, count: page.count, total: page.total, urns: page.items.map((r) => r.urn) };
}

function executionInputOf(view: StoreView, urn: string): ExecutionRequestInput | undefined {
  return latestAspect(view, urn, dataHubExecutionRequestInput);
}

/** IngestionSource.executions: the runs reported for the source, most recently requested first. */
export function executionsOf(
  view: StoreView,
  sourceUrn: string,
  input: { start?: number | null; count?: number | null },
): { start: number; count: number; total: number; urns: string[] } {
  const p = paging(input, DEFAULT_EXECUTIONS_COUNT);
  const runs = view
    .edges(sourceUrn, 'INCOMING', [EXECUTION_OF])
    .filter((e) => e.aspectName === EXECUTION_INPUT)
    .map((e) => ({ urn: e.urn, requestedAt: Number(executionInputOf(view, e.urn)?.requestedAt ?? 0) }));
  runs.sort((a, b) => b.requestedAt - a.requestedAt || compare(a.urn, b.urn));
  const page = pageOf(runs, p);
  return { start: page.start, count: page.count, total: page.total, urns: page.items.map((r) => r.urn) };
}

/** executionRequest(urn): a reported run, or DataHub's NOT_FOUND. */
export function getExecutionRequest(view: StoreView, urn: string): string {
  try {
    validateUrn(urn);
  } catch {
    throw new BadRequestError(`Malformed urn ${urn} provided.`);
  }
  if (urnTypeOf(urn) !== EXECUTION_TYPE || !executionInputOf(view, urn))
    throw new NotFoundError(`Failed to find Execution Request with urn ${urn}`);
  return urn;
}

/**
 * createIngestionExecutionRequest: DataHub queues a run for its executor. Catalog has none, so after
 * DataHub's own check of the source it refuses, saying how to run the recipe instead.
 */
export function createIngestionExecutionRequest(view: StoreView, sourceUrn: string): never {
  checkSourceUrn(sourceUrn);
  const info = sourceInfoOf(view, sourceUrn);
  if (!info) throw new BadRequestError(`Failed to find ingestion source with urn ${sourceUrn}`);
  throw new BadRequestError(
    `Cannot run ingestion source ${sourceUrn}: running a recipe needs DataHub's ingestion executor (the datahub-actions container), which Catalog does not have. ` +
      `Run the recipe yourself with \`datahub ingest -c recipe.yml\` (the recipe is this source's config.recipe) with a datahub-rest sink pointing at this server; ` +
      `the CLI reports each run to this server, as an execution of the ingestion source it names "[CLI] ${info.type}…".`,
  );
}
