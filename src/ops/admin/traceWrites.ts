/**
 * Write tracing as DataHub's trace API answers it (`POST /openapi/v1/trace/write/{traceId}`, DataHub's
 * docs/advanced/api-tracing.md): every OpenAPI v3 write gets a trace id, stamped on the aspects it
 * writes as `systemMetadata.properties.telemetryTraceId`, and a client asks later what became of the
 * aspects of that trace. Our writes are synchronous, so nothing is ever PENDING: an aspect is
 * ACTIVE_STATE when its stored value carries the trace, HISTORIC_STATE when a later write replaced it,
 * NO_OP when the write equalled the stored value (no new version), and ERROR when it is not stored.
 * DataHub's Python client polls until no status is PENDING and fails on `success: false`.
 */
import { randomBytes } from 'node:crypto';
import { BadRequestError, CatalogError, locatedError } from '../../errors.ts';
import { describeJson, isJsonObject } from '../../model/json.ts';
import { validateUrn } from '../../model/registry.ts';
import type { AspectRecord, StoreView } from '../../store/store.ts';

/** The systemMetadata property holding the trace id of the write that stored an aspect (DataHub's name). */
export const TRACE_PROPERTY = 'telemetryTraceId';

export type WriteStatus =
  | 'ERROR'
  | 'PENDING'
  | 'ACTIVE_STATE'
  | 'HISTORIC_STATE'
  | 'NO_OP'
  | 'UNKNOWN'
  | 'TRACE_NOT_IMPLEMENTED';

export interface StorageStatus {
  writeStatus: WriteStatus;
  writeMessage?: string;
}

export interface TraceStatus {
  success: boolean;
  primaryStorage: StorageStatus;
  searchStorage: StorageStatus;
}

/** urn → aspect → status, in request order. */
export type TraceReport = Record<string, Record<string, TraceStatus>>;

let sequence = 0;

/**
 * A new trace id as DataHub's TraceIdGenerator shapes it: 16 hex digits of the time in microseconds
 * (DataHub's client reads the write time back from them), then 16 random hex digits. `nowMs` is the
 * time the write is stamped with, so the trace and the aspects it writes agree on when it happened.
 */
export function newTraceId(nowMs: number): string {
  sequence = (sequence + 1) % 1000;
  const micros = BigInt(Math.floor(nowMs)) * 1000n + BigInt(sequence);
  return micros.toString(16).padStart(16, '0') + randomBytes(8).toString('hex');
}

/** The body of a trace request: `{"<urn>": ["<aspect>", …], …}`. Failures name the urn at fault. */
export function parseTraceRequest(body: unknown): Map<string, string[]> {
  if (!isJsonObject(body))
    throw new BadRequestError(
      `Request body must be a JSON object of urn → list of aspect names, got ${describeJson(body)}`,
    );
  const request = new Map<string, string[]>();
  for (const [urn, aspects] of Object.entries(body)) {
    try {
      validateUrn(urn);
    } catch (e) {
      throw locatedError(e instanceof CatalogError ? e : new BadRequestError((e as Error).message), { path: urn });
    }
    if (!Array.isArray(aspects) || !aspects.every((a) => typeof a === 'string' && a !== '')) {
      throw new BadRequestError(`${urn}: expected a list of aspect names, got ${describeJson(aspects)}`);
    }
    request.set(urn, [...new Set(aspects as string[])]);
  }
  return request;
}

/**
 * What became of each requested aspect of the write `traceId`. With `onlyIncludeErrors` (DataHub's
 * default) only failed aspects are listed, and urns left with none are dropped, as DataHub does.
 */
export function traceWrites(
  view: StoreView,
  traceId: string,
  request: Map<string, string[]>,
  onlyIncludeErrors: boolean,
): TraceReport {
  const traceMicros = microsOf(traceId);
  const report: TraceReport = {};
  for (const [urn, aspects] of request) {
    const statuses: Record<string, TraceStatus> = {};
    for (const aspect of aspects) {
      const status = statusOf(view.getAspect(urn, aspect, 0), traceId, traceMicros);
      if (!onlyIncludeErrors || !status.success) statuses[aspect] = status;
    }
    if (Object.keys(statuses).length > 0) report[urn] = statuses;
  }
  return report;
}

/** The microseconds a trace id starts with (its first 16 hex digits). */
function microsOf(traceId: string): bigint {
  return BigInt(`0x${traceId.slice(0, 16)}`);
}

function both(writeStatus: WriteStatus): TraceStatus {
  return { success: true, primaryStorage: { writeStatus }, searchStorage: { writeStatus } };
}

/**
 * DataHub's rules for the primary store, applied to the latest stored version (our search index is
 * written in the same transaction, so it always has the same state).
 */
function statusOf(record: AspectRecord | undefined, traceId: string, traceMicros: bigint): TraceStatus {
  if (!record) {
    return {
      success: false,
      primaryStorage: {
        writeStatus: 'ERROR',
        writeMessage: 'The aspect is not stored: this write did not happen or was deleted since.',
      },
      searchStorage: { writeStatus: 'ERROR', writeMessage: 'Primary storage write failed.' },
    };
  }
  const properties = isJsonObject(record.systemMetadata?.['properties']) ? record.systemMetadata['properties'] : {};
  const storedTrace = typeof properties[TRACE_PROPERTY] === 'string' ? properties[TRACE_PROPERTY] : undefined;
  if (storedTrace === traceId) return both('ACTIVE_STATE');
  // The stored value was written by a later request: ours was overwritten.
  const storedMicros =
    storedTrace && /^[0-9a-f]{16}/i.test(storedTrace) ? microsOf(storedTrace) : BigInt(record.created.time) * 1000n;
  if (traceMicros <= storedMicros) return both('HISTORIC_STATE');
  // Our write equalled the stored value, so only its lastObserved moved (DataHub's NO_OP).
  const traceMs = traceMicros / 1000n;
  const lastObserved =
    typeof record.systemMetadata?.['lastObserved'] === 'number'
      ? BigInt(Math.floor(record.systemMetadata['lastObserved']))
      : -1n;
  if (BigInt(record.created.time) <= traceMs && traceMs <= lastObserved) return both('NO_OP');
  return {
    success: false,
    primaryStorage: { writeStatus: 'ERROR', writeMessage: 'The stored value was not written by this trace.' },
    searchStorage: { writeStatus: 'ERROR', writeMessage: 'Primary storage write failed.' },
  };
}
