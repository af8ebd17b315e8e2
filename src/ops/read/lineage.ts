/**
 * Read models of lineage as DataHub's clients read it (docs/datahub/patch-templates.md, "Reading"):
 * column-level (fine-grained) lineage of a dataset (`upstreamLineage.fineGrainedLineages`) or of a
 * data job (`dataJobInputOutput.fineGrainedLineages`), each column named by the entity it belongs to
 * and its field path; and a job's inputs and outputs.
 */
import { dataJobInputOutput, upstreamLineage } from '../../model/aspects/storedAsGiven.ts';
import { keyFieldsOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf } from './common.ts';

/** A column: the urn of the entity holding it (a dataset) and its field path. */
export interface SchemaFieldRefRead {
  urn: string;
  path: string;
}

/** One fine-grained lineage entry: `downstreams` computed from `upstreams`. */
export interface FineGrainedLineageRead {
  /** The upstream columns; entries that are not columns (a whole dataset) are left out. */
  upstreams: SchemaFieldRefRead[] | null;
  downstreams: SchemaFieldRefRead[] | null;
  transformOperation: string | null;
  confidenceScore: number | null;
  /** The urn of the query that computes it. */
  query: string | null;
}

/** A data job's inputs and outputs (`dataJobInputOutput`), each list empty when absent. */
export interface DataJobInputOutputRead {
  inputDatasets: string[];
  outputDatasets: string[];
  inputDatajobs: string[];
  fineGrainedLineages: FineGrainedLineageRead[] | null;
}

/** A schemaField urn as a column reference; null for any other urn (or a malformed one). */
export function schemaFieldRefOf(urn: unknown): SchemaFieldRefRead | null {
  if (typeof urn !== 'string' || !urn.startsWith('urn:li:schemaField:')) return null;
  try {
    const key = keyFieldsOf(urn);
    const parent = key['parent'];
    const fieldPath = key['fieldPath'];
    return parent !== undefined && fieldPath !== undefined ? { urn: parent, path: fieldPath } : null;
  } catch {
    return null;
  }
}

function refs(list: unknown): SchemaFieldRefRead[] | null {
  if (!Array.isArray(list)) return null;
  const out: SchemaFieldRefRead[] = [];
  for (const u of list) {
    const ref = schemaFieldRefOf(u);
    if (ref) out.push(ref);
  }
  return out;
}

/** A stored `fineGrainedLineages` list as read; null when the aspect holds none. */
export function fineGrainedLineagesOf(stored: unknown): FineGrainedLineageRead[] | null {
  if (!Array.isArray(stored)) return null;
  return stored
    .filter((e): e is Record<string, unknown> => e !== null && typeof e === 'object' && !Array.isArray(e))
    .map((e) => ({
      upstreams: refs(e['upstreams']),
      downstreams: refs(e['downstreams']),
      transformOperation: typeof e['transformOperation'] === 'string' ? e['transformOperation'] : null,
      confidenceScore: typeof e['confidenceScore'] === 'number' ? e['confidenceScore'] : null,
      query: typeof e['query'] === 'string' ? e['query'] : null,
    }));
}

/** The column lineage of dataset `urn` (its `upstreamLineage`); null when it has none stored. */
export function readDatasetFineGrainedLineages(view: StoreView, urn: string): FineGrainedLineageRead[] | null {
  return fineGrainedLineagesOf(aspectOf(view, urn, upstreamLineage)?.fineGrainedLineages);
}

const urns = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string') : [];

/** Data job `urn`'s inputs and outputs; null when it has no `dataJobInputOutput`. */
export function readDataJobInputOutput(view: StoreView, urn: string): DataJobInputOutputRead | null {
  const io = aspectOf(view, urn, dataJobInputOutput);
  if (!io) return null;
  return {
    inputDatasets: urns(io.inputDatasets),
    outputDatasets: urns(io.outputDatasets),
    inputDatajobs: urns(io.inputDatajobs),
    fineGrainedLineages: fineGrainedLineagesOf(io.fineGrainedLineages),
  };
}
