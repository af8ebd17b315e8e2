/**
 * The relationships an aspect value carries, from the declarations in the aspect modules
 * (datahub-discovery.md §1.4): an aspect on entity S whose declared field holds URN D makes the edge
 * S --name--> D. The store keeps these edges in both directions, in the same transaction as the
 * aspect (see `RelationshipIndexer` in src/store/store.ts).
 */
import { createHash } from 'node:crypto';
import { ASPECTS } from './aspects/index.ts';
import type { RelationshipDecl } from './aspects/define.ts';

/** One edge out of an aspect: relationship name and destination URN. */
export interface Edge {
  type: string;
  dest: string;
}

type Step = { field: string; each: boolean };

interface CompiledDecl {
  name: string;
  steps: Step[];
}

function compilePath(path: string): Step[] {
  return path.split('.').map((part) => (part.endsWith('[]') ? { field: part.slice(0, -2), each: true } : { field: part, each: false }));
}

const BY_ASPECT = new Map<string, CompiledDecl[]>(
  ASPECTS.filter((a) => a.relationships?.length).map((a) => [a.name, a.relationships!.map((r: RelationshipDecl) => ({ name: r.name, steps: compilePath(r.path) }))]),
);

/** Walks `steps` from `value`, calling `found` with every string it reaches. Other shapes are ignored. */
function collect(value: unknown, steps: Step[], i: number, found: (urn: string) => void): void {
  if (value === null || typeof value !== 'object') return;
  if (i === steps.length) return;
  const step = steps[i]!;
  const next = (value as Record<string, unknown>)[step.field];
  const last = i === steps.length - 1;
  const visit = (v: unknown) => {
    if (last) {
      if (typeof v === 'string' && v.startsWith('urn:li:')) found(v);
    } else {
      collect(v, steps, i + 1, found);
    }
  };
  if (step.each) {
    if (Array.isArray(next)) for (const v of next) visit(v);
  } else {
    visit(next);
  }
}

/** The distinct edges an aspect value declares, in declaration order. */
export function edgesOf(aspectName: string, value: unknown): Edge[] {
  const decls = BY_ASPECT.get(aspectName);
  if (!decls) return [];
  const out: Edge[] = [];
  const seen = new Set<string>();
  for (const d of decls) {
    collect(value, d.steps, 0, (dest) => {
      const k = `${d.name}\u0000${dest}`;
      if (seen.has(k)) return;
      seen.add(k);
      out.push({ type: d.name, dest });
    });
  }
  return out;
}

/** True when the aspect declares any relationship (its writes touch the index). */
export function carriesRelationships(aspectName: string): boolean {
  return BY_ASPECT.has(aspectName);
}

/**
 * Changes whenever the declarations change: a data file whose index was built under another
 * version is re-indexed when it is opened.
 */
export const RELATIONSHIPS_VERSION = createHash('sha256')
  .update(JSON.stringify([...BY_ASPECT].map(([a, ds]) => [a, ds.map((d) => [d.name, d.steps])])))
  .digest('hex')
  .slice(0, 16);

/** The relationships index as the store keeps it (structurally a `RelationshipIndexer`). */
export const relationshipIndexer = { version: RELATIONSHIPS_VERSION, carries: carriesRelationships, edgesOf };
