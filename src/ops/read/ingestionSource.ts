/**
 * Read models of ingestion sources (`dataHubIngestionSource`, aspect dataHubIngestionSourceInfo) and
 * of the runs clients reported (`dataHubExecutionRequest`, aspects dataHubExecutionRequestInput and
 * …Result), as DataHub's IngestionSourceMapper and ExecutionRequestMapper read them. A run's aspects
 * are stored as the client sent them, unchecked: every field is read only when it has the type it
 * should, else as absent. Listing, paging and the writes are in ../admin/ingestionSources.ts.
 */
import dataHubExecutionRequestInput, {
  type ExecutionRequestInput,
} from '../../model/aspects/dataHubExecutionRequestInput.ts';
import dataHubIngestionSourceInfo, {
  type DataHubIngestionSourceInfo,
} from '../../model/aspects/dataHubIngestionSourceInfo.ts';
import { dataHubExecutionRequestResult, type DataHubExecutionRequestResult } from '../../model/aspects/readAsGiven.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import { urnTypeOf } from '../core/resources.ts';
import { aspectOf } from './common.ts';

/** The executor a source runs on when its config names none (DataHub routes such a request to "default"). */
export const DEFAULT_EXECUTOR_ID = 'default';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const isUrnOf = (v: unknown, entityType: string): v is string => typeof v === 'string' && urnTypeOf(v) === entityType;

/** A stored string map as key/value entries, a value that is not a string read as null; null when the map is not stored. */
export interface EntryRead {
  key: string;
  value: string | null;
}

function entriesOf(map: unknown): EntryRead[] | null {
  return map && typeof map === 'object'
    ? Object.entries(map as Record<string, unknown>).map(([key, value]) => ({ key, value: str(value) }))
    : null;
}

export interface IngestionSourceRead {
  urn: string;
  /** The recipe's source type (`mysql`, `file` …). */
  type: string;
  name: string;
  /** When it runs: a cron interval and its time zone (null when none is stored); null when it is not scheduled. */
  schedule: { interval: string; timezone: string | null } | null;
  /** The platform it ingests from; null when none is named or the stored value is not a platform urn. */
  platform: string | null;
  config: {
    /** The recipe, JSON-encoded, as deployed. */
    recipe: string;
    /** The stored executor, else DEFAULT_EXECUTOR_ID. */
    executorId: string;
    version: string | null;
    debugMode: boolean | null;
    extraArgs: EntryRead[] | null;
  };
}

export function ingestionSourceOf(urn: string, info: DataHubIngestionSourceInfo): IngestionSourceRead {
  const config = info.config ?? ({} as DataHubIngestionSourceInfo['config']);
  return {
    urn,
    type: info.type,
    name: info.name,
    schedule: info.schedule ? { interval: info.schedule.interval, timezone: info.schedule.timezone ?? null } : null,
    platform: isUrnOf(info.platform, 'dataPlatform') ? info.platform : null,
    config: {
      recipe: config.recipe,
      executorId: config.executorId ?? DEFAULT_EXECUTOR_ID,
      version: config.version ?? null,
      debugMode: config.debugMode ?? null,
      extraArgs: entriesOf(config.extraArgs),
    },
  };
}

/** An ingestion source; null when its info is not stored (no such source). */
export function readIngestionSource(view: StoreView, urn: string): IngestionSourceRead | null {
  const info = aspectOf(view, urn, dataHubIngestionSourceInfo);
  return info ? ingestionSourceOf(urn, info) : null;
}

export interface ExecutionInputRead {
  /** What the run does (`RUN_INGEST` …); empty when not stored. */
  task: string;
  /** What asked for the run (`MANUAL_INGESTION_SOURCE`, `CLI_INGESTION_SOURCE` …) and the ingestion source it runs. */
  source: { type: string | null; ingestionSource: string | null };
  arguments: EntryRead[] | null;
  /** When the run was asked for; 0 when not stored. */
  requestedAt: number;
  /** Who asked for it: a user urn, else null. */
  actorUrn: string | null;
  executorId: string | null;
}

export interface ExecutionResultRead {
  /** RUNNING, SUCCESS, FAILURE … as reported; empty when not stored. */
  status: string;
  startTimeMs: number | null;
  durationMs: number | null;
  report: string | null;
  structuredReport: { type: string; serializedValue: string; contentType: string } | null;
}

export interface ExecutionRequestRead {
  urn: string;
  /** The request's id, from its urn. */
  id: string;
  input: ExecutionInputRead | null;
  result: ExecutionResultRead | null;
}

function inputOf(input: ExecutionRequestInput | undefined): ExecutionInputRead | null {
  if (!input) return null;
  return {
    task: str(input.task) ?? '',
    source: { type: str(input.source?.type), ingestionSource: str(input.source?.ingestionSource) },
    arguments: entriesOf(input.args),
    requestedAt: num(input.requestedAt) ?? 0,
    actorUrn: isUrnOf(input.actorUrn, 'corpuser') ? input.actorUrn : null,
    executorId: str(input.executorId),
  };
}

function resultOf(result: DataHubExecutionRequestResult | undefined): ExecutionResultRead | null {
  if (!result) return null;
  const structured = result.structuredReport;
  return {
    status: str(result['status']) ?? '',
    startTimeMs: num(result['startTimeMs']),
    durationMs: num(result['durationMs']),
    report: str(result['report']),
    structuredReport: structured
      ? {
          type: str(structured.type) ?? '',
          serializedValue: str(structured.serializedValue) ?? '',
          contentType: str(structured.contentType) ?? '',
        }
      : null,
  };
}

/** A reported run, whatever of it is stored (its urn is not checked here: see getExecutionRequest). */
export function readExecutionRequest(view: StoreView, urn: string): ExecutionRequestRead {
  return {
    urn,
    id: parseUrn(urn).rawKey,
    input: inputOf(aspectOf(view, urn, dataHubExecutionRequestInput)),
    result: resultOf(aspectOf(view, urn, dataHubExecutionRequestResult)),
  };
}

/** The ingestion source a run is of: the one its input names, when that is stored; else null. */
export function readExecutionSource(view: StoreView, urn: string): string | null {
  const source = aspectOf(view, urn, dataHubExecutionRequestInput)?.source?.ingestionSource;
  return isUrnOf(source, 'dataHubIngestionSource') && aspectOf(view, source, dataHubIngestionSourceInfo)
    ? source
    : null;
}
