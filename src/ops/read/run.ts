/**
 * Read models of runs (dataProcessInstance entities): one execution of a data job or flow, with its
 * properties, the job or flow it is an instance of, its platform, and the run events it reported
 * (`dataProcessInstanceRunEvent`, newest first). Which runs a job or flow lists is
 * src/ops/timeseries/runs.ts.
 */
import {
  dataPlatformInstance,
  dataProcessInstanceProperties,
  dataProcessInstanceRelationships,
} from '../../model/aspects/storedAsGiven.ts';
import type { StoreView, TimeseriesRow } from '../../store/store.ts';
import { RUN_EVENT } from '../timeseries/runs.ts';
import { readTimeseries, type TimeseriesQuery } from '../timeseries/timeseries.ts';
import { aspectOf, customPropertiesOf, type CustomPropertyRead, type StampRead } from './common.ts';
import { fieldOf } from './timeseries.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

export interface RunPropertiesRead {
  /** '' when none is stored. */
  name: string;
  externalUrl: string | null;
  /** The creation stamp; time 0 and no actor when none with a time is stored. */
  created: StampRead;
  customProperties: CustomPropertyRead[];
}

export interface RunRead {
  name: string | null;
  /** The creation stamp, only when one with a time is stored. */
  created: StampRead | null;
  externalUrl: string | null;
  /** null when no `dataProcessInstanceProperties` is stored. */
  properties: RunPropertiesRead | null;
  /** The job or flow (urn) it is a run of, when stored. */
  parentTemplate: string | null;
  /** The platform (urn) its `dataPlatformInstance` names, when stored. */
  platformUrn: string | null;
}

export function readRun(view: StoreView, urn: string): RunRead {
  const info = aspectOf(view, urn, dataProcessInstanceProperties);
  const created = info?.created;
  const time = fieldOf(created, 'time');
  const stamp =
    created && typeof time === 'number' ? { time, actor: (fieldOf(created, 'actor') ?? null) as string | null } : null;
  return {
    name: str(info?.['name']),
    created: stamp,
    externalUrl: str(info?.['externalUrl']),
    properties: info
      ? {
          name: str(info['name']) ?? '',
          externalUrl: str(info['externalUrl']),
          created: stamp ?? { time: 0, actor: null },
          customProperties: customPropertiesOf(props(info['customProperties'])),
        }
      : null,
    parentTemplate: str(aspectOf(view, urn, dataProcessInstanceRelationships)?.parentTemplate),
    platformUrn: str(aspectOf(view, urn, dataPlatformInstance)?.platform),
  };
}

/** A state a run reported (started, complete), with its result once complete. */
export interface RunEventRead {
  timestampMillis: number;
  /** DataHub's `DataProcessRunStatus` as stored. */
  status: unknown;
  attempt: number | null;
  durationMillis: number | null;
  /** `resultType`: DataHub's `RunResultType` as stored. */
  result: { resultType: unknown; nativeResultType: string | null } | null;
}

function runEventOf(row: TimeseriesRow): RunEventRead {
  const v = row.value;
  const result = v['result'];
  return {
    timestampMillis: row.timestampMillis,
    status: v['status'] ?? null,
    attempt: num(v['attempt']),
    durationMillis: num(v['durationMillis']),
    result: result
      ? { resultType: fieldOf(result, 'type') ?? null, nativeResultType: str(fieldOf(result, 'nativeResultType')) }
      : null,
  };
}

/** The run events of a run in a time range, newest first. */
export function readRunEvents(view: StoreView, urn: string, query: TimeseriesQuery): RunEventRead[] {
  return readTimeseries(view, urn, RUN_EVENT, query).map(runEventOf);
}
