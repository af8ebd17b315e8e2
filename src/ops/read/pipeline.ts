/**
 * Read models of data flows (pipelines of an orchestrator) and their data jobs: ids from the urns,
 * the properties of `dataFlowInfo` / `dataJobInfo` with the catalog's defaults (the name falls back
 * to the id), the edited description. A job's inputs and outputs are read in lineage.ts.
 */
import {
  dataFlowInfo,
  dataJobInfo,
  editableDataFlowProperties,
  editableDataJobProperties,
} from '../../model/aspects/storedAsGiven.ts';
import { keyFieldsOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, type CustomPropertyRead } from './common.ts';
import { readEditableDescription } from './glossary.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

export interface DataFlowIdentityRead {
  orchestrator: string;
  flowId: string;
  cluster: string;
  platformUrn: string;
}

export function readDataFlowIdentity(urn: string): DataFlowIdentityRead {
  const key = keyFieldsOf(urn);
  const orchestrator = key['orchestrator'] ?? '';
  return {
    orchestrator,
    flowId: key['flowId'] ?? '',
    cluster: key['cluster'] ?? '',
    platformUrn: `urn:li:dataPlatform:${orchestrator}`,
  };
}

export interface DataFlowPropertiesRead {
  name: string;
  description: string | null;
  project: string | null;
  externalUrl: string | null;
  customProperties: CustomPropertyRead[];
}

/** A flow's properties; null when `dataFlowInfo` is not stored. */
export function readDataFlowProperties(view: StoreView, urn: string): DataFlowPropertiesRead | null {
  const info = aspectOf(view, urn, dataFlowInfo);
  if (!info) return null;
  return {
    name: str(info['name']) ?? readDataFlowIdentity(urn).flowId,
    description: str(info['description']),
    project: str(info['project']),
    externalUrl: str(info['externalUrl']),
    customProperties: customPropertiesOf(props(info['customProperties'])),
  };
}

export interface DataJobIdentityRead {
  jobId: string;
  /** The job's flow urn; null when the key has none. */
  flowUrn: string | null;
  /** The flow's orchestrator as a platform urn. */
  platformUrn: string;
}

export function readDataJobIdentity(urn: string): DataJobIdentityRead {
  const key = keyFieldsOf(urn);
  const flow = key['flow'] ?? '';
  const orchestrator = flow ? (keyFieldsOf(flow)['orchestrator'] ?? '') : '';
  return { jobId: key['jobId'] ?? '', flowUrn: flow || null, platformUrn: `urn:li:dataPlatform:${orchestrator}` };
}

export interface DataJobPropertiesRead {
  name: string;
  description: string | null;
  externalUrl: string | null;
  customProperties: CustomPropertyRead[];
}

/** A job's properties; null when `dataJobInfo` is not stored. */
export function readDataJobProperties(view: StoreView, urn: string): DataJobPropertiesRead | null {
  const info = aspectOf(view, urn, dataJobInfo);
  if (!info) return null;
  return {
    name: str(info['name']) ?? readDataJobIdentity(urn).jobId,
    description: str(info['description']),
    externalUrl: str(info['externalUrl']),
    customProperties: customPropertiesOf(props(info['customProperties'])),
  };
}

/** The name a job is listed by (`datahub lineage`): its stored name when not empty, else its job id. */
export function readDataJobName(view: StoreView, urn: string): string {
  return readDataJobProperties(view, urn)?.name || readDataJobIdentity(urn).jobId;
}

/** Whichever of the flow's or job's edited description is stored; null when nothing was edited. */
export function readPipelineEditable(
  view: StoreView,
  urn: string,
  kind: 'dataFlow' | 'dataJob',
): { description: string | null } | null {
  return readEditableDescription(
    view,
    urn,
    kind === 'dataFlow' ? editableDataFlowProperties : editableDataJobProperties,
  );
}
