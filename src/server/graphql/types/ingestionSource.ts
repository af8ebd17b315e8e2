/**
 * IngestionSource (not an Entity in DataHub's schema) and ExecutionRequest, one run of an ingestion
 * as a client reported it (datahub ingest writes dataHubExecutionRequestInput/Result aspects).
 */
import type { DataHubIngestionSourceInfo } from '../../../model/aspects/dataHubIngestionSourceInfo.ts';
import type { ExecutionRequestInput } from '../../../model/aspects/dataHubExecutionRequestInput.ts';
import type { Ownership } from '../../../model/aspects/ownership.ts';
import { parseUrn } from '../../../model/urn.ts';
import { EXECUTION_INPUT, EXECUTION_RESULT, executionsOf, sourceInfoOf } from '../../../ops/admin/ingestionSources.ts';
import type { StoreView } from '../../../store/store.ts';
import { type EntityKind, type Obj, aspect, isUrnOf, num, ownershipView, ref, str } from './shared.ts';

const entries = (map: unknown): Obj[] | null =>
  map && typeof map === 'object' ? Object.entries(map as Record<string, unknown>).map(([key, value]) => ({ key, value: str(value) })) : null;

/** The read model of a source with info (callers check that it has one). */
export function ingestionSourceView(view: StoreView, urn: string): Obj {
  const info = sourceInfoOf(view, urn) as DataHubIngestionSourceInfo;
  const config = info.config ?? ({} as DataHubIngestionSourceInfo['config']);
  return {
    urn,
    type: info.type,
    name: info.name,
    schedule: info.schedule ? { interval: info.schedule.interval, timezone: info.schedule.timezone ?? null } : null,
    platform: () => (isUrnOf(info.platform, 'dataPlatform') ? ref(view, info.platform) : null),
    config: {
      recipe: config.recipe,
      // The Pegasus field is optional; DataHub routes a request without one to the "default" executor.
      executorId: config.executorId ?? 'default',
      version: config.version ?? null,
      debugMode: config.debugMode ?? null,
      extraArgs: entries(config.extraArgs),
    },
    executions: (args: { start?: number | null; count?: number | null }) => {
      const page = executionsOf(view, urn, args);
      return { start: page.start, count: page.count, total: page.total, executionRequests: page.urns.map((u) => executionRequestView(view, u)) };
    },
    ownership: () => ownershipView(view, urn, aspect<Ownership>(view, urn, 'ownership')),
  };
}

function inputView(view: StoreView, input: ExecutionRequestInput | undefined): Obj | null {
  if (!input) return null;
  const actorUrn = isUrnOf(input.actorUrn, 'corpuser') ? input.actorUrn : null;
  return {
    task: str(input.task) ?? '',
    source: { type: str(input.source?.type), ingestionSource: str(input.source?.ingestionSource) },
    arguments: entries(input.args),
    requestedAt: num(input.requestedAt) ?? 0,
    actorUrn,
    actor: () => (actorUrn ? ref(view, actorUrn) : null),
    executorId: str(input.executorId),
  };
}

function resultView(result: Obj | undefined): Obj | null {
  if (!result) return null;
  const structured = result['structuredReport'] as Obj | undefined;
  return {
    status: str(result['status']) ?? '',
    startTimeMs: num(result['startTimeMs']),
    durationMs: num(result['durationMs']),
    report: str(result['report']),
    structuredReport: structured
      ? { type: str(structured['type']) ?? '', serializedValue: str(structured['serializedValue']) ?? '', contentType: str(structured['contentType']) ?? '' }
      : null,
  };
}

export function executionRequestView(view: StoreView, urn: string): Obj {
  const input = aspect<ExecutionRequestInput>(view, urn, EXECUTION_INPUT);
  return {
    __typename: 'ExecutionRequest',
    urn,
    type: 'EXECUTION_REQUEST',
    id: parseUrn(urn).rawKey,
    input: inputView(view, input),
    result: resultView(aspect(view, urn, EXECUTION_RESULT)),
    source: () => {
      const source = input?.source?.ingestionSource;
      return isUrnOf(source, 'dataHubIngestionSource') && sourceInfoOf(view, source) ? ingestionSourceView(view, source) : null;
    },
  };
}

/** dataHubExecutionRequest entities, for `entity(urn)` and relationship ends. */
export const executionRequest: EntityKind = {
  typename: 'ExecutionRequest',
  enumValue: 'EXECUTION_REQUEST',
  build: executionRequestView,
};
