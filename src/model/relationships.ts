/**
 * The relationships an aspect value carries, from the declarations in the aspect modules
 * (docs/datahub/discovery.md §1.4): an aspect on entity S whose declared field holds URN D makes the edge
 * S --name--> D. The store keeps these edges in both directions, in the same transaction as the
 * aspect (see `RelationshipIndexer` in src/store/store.ts).
 */
import { createHash } from 'node:crypto';
import { ASPECTS } from './aspects/index.ts';
import type { RelationshipDecl } from './aspects/define.ts';

/**
 * One edge out of an aspect: relationship name and destination URN, and its source when that is not
 * the aspect's own entity (the column edges of `fineGrainedLineages`, see `sourcedEdges`).
 */
export interface Edge {
  type: string;
  dest: string;
  source?: string;
}

type Step = { field: string; each: boolean };

interface CompiledDecl {
  name: string;
  steps: Step[];
}

function compilePath(path: string): Step[] {
  return path
    .split('.')
    .map((part) => (part.endsWith('[]') ? { field: part.slice(0, -2), each: true } : { field: part, each: false }));
}

const BY_ASPECT = new Map<string, CompiledDecl[]>(
  ASPECTS.filter((a) => a.relationships?.length).map((a) => [
    a.name,
    a.relationships!.map((r: RelationshipDecl) => ({ name: r.name, steps: compilePath(r.path) })),
  ]),
);

const isUrn = (v: unknown): v is string => typeof v === 'string' && v.startsWith('urn:li:');

/**
 * The urn a value at the end of a declared path holds: the string itself, or the one member of a
 * union (`{"string": urn}`, `{"com.linkedin.common.urn.DatasetUrn": urn}`: DataHub declares
 * `chartInfo.inputs` through its union's member, and clients write either form). Undefined for
 * anything else.
 */
export function urnIn(v: unknown): string | undefined {
  if (isUrn(v)) return v;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  let found: string | undefined;
  for (const k in v) {
    if (found !== undefined) return undefined;
    const member = (v as Record<string, unknown>)[k];
    if (!isUrn(member)) return undefined;
    found = member;
  }
  return found;
}

/**
 * How values are read at the end of a path; part of the version, so a change of it re-indexes the
 * files written before. 2: union members are read through. 3: the column edges of
 * `fineGrainedLineages` (`sourcedEdges`).
 */
const READING_RULES = 3;

/**
 * Walks `steps` from `value`, calling `found` with every urn it reaches; other shapes are ignored.
 * On the write path of every aspect, so it loops instead of creating closures per element.
 */
function collect(value: unknown, steps: Step[], from: number, found: (urn: string) => void): void {
  let current = value;
  for (let i = from; i < steps.length; i++) {
    if (current === null || typeof current !== 'object') return;
    const step = steps[i]!;
    const next = (current as Record<string, unknown>)[step.field];
    const last = i === steps.length - 1;
    if (step.each) {
      if (!Array.isArray(next)) return;
      if (last) {
        for (const v of next) {
          const urn = urnIn(v);
          if (urn !== undefined) found(urn);
        }
      } else {
        for (const v of next) collect(v, steps, i + 1, found);
      }
      return;
    }
    if (last) {
      const urn = urnIn(next);
      if (urn !== undefined) found(urn);
      return;
    }
    current = next;
  }
}

/**
 * Aspects whose `fineGrainedLineages` DataHub turns into column edges (its UpdateIndicesService, for
 * `upstreamLineage` and `dataJobInputOutput`): each downstream column --DownstreamOf--> each upstream
 * column or dataset of an entry. The edge's source is the downstream column, not the aspect's entity.
 */
const FINE_GRAINED_ASPECTS = new Set(['upstreamLineage', 'dataJobInputOutput']);

/**
 * The column edges of `fineGrainedLineages`, as DataHub derives them: it stops at the first entry
 * lacking downstreams or upstreams (a `break`, so later entries give no edges either).
 */
function sourcedEdges(value: unknown, out: Edge[]): void {
  const list =
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>)['fineGrainedLineages'] : undefined;
  if (!Array.isArray(list)) return;
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') break;
    const { downstreams, upstreams } = entry as Record<string, unknown>;
    if (!Array.isArray(downstreams) || !Array.isArray(upstreams) || downstreams.length === 0 || upstreams.length === 0)
      break;
    for (const d of downstreams) {
      if (!isUrn(d)) continue;
      for (const u of upstreams) {
        if (!isUrn(u)) continue;
        let known = false;
        for (const e of out) if (e.source === d && e.dest === u) known = true;
        if (!known) out.push({ type: 'DownstreamOf', dest: u, source: d });
      }
    }
  }
}

/** The distinct edges an aspect value declares, in declaration order, then the column edges it derives. */
export function edgesOf(aspectName: string, value: unknown): Edge[] {
  const decls = BY_ASPECT.get(aspectName);
  if (!decls) return [];
  const out: Edge[] = [];
  for (const d of decls) {
    const type = d.name;
    collect(value, d.steps, 0, (dest) => {
      // Edges per aspect are few: a scan is cheaper than a set of joined keys.
      for (const e of out) if (e.dest === dest && e.type === type) return;
      out.push({ type, dest });
    });
  }
  if (FINE_GRAINED_ASPECTS.has(aspectName)) sourcedEdges(value, out);
  return out;
}

/** True when the aspect declares any relationship (its writes touch the index). */
export function carriesRelationships(aspectName: string): boolean {
  return BY_ASPECT.has(aspectName);
}

/**
 * Changes whenever the declarations or the reading rules change: a data file whose index was built
 * under another version is re-indexed when it is opened.
 */
export const RELATIONSHIPS_VERSION = createHash('sha256')
  .update(JSON.stringify([READING_RULES, [...BY_ASPECT].map(([a, ds]) => [a, ds.map((d) => [d.name, d.steps])])]))
  .digest('hex')
  .slice(0, 16);

/** The relationships index as the store keeps it (structurally a `RelationshipIndexer`). */
export const relationshipIndexer = { version: RELATIONSHIPS_VERSION, carries: carriesRelationships, edgesOf };
