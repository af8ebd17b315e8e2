/**
 * Relationships of an entity (docs/datahub/discovery.md §1.3, §7.2): the edges the aspects declare, read
 * from the store's relationships index in either direction. Serves GraphQL `relationships(input)`,
 * REST `GET /relationships` and OpenAPI `GET /openapi/relationships/v1/`.
 */
import { BadRequestError } from '../../errors.ts';
import { validateUrn } from '../../model/registry.ts';
import { parseUrn } from '../../model/urn.ts';
import { paging } from '../core/paging.ts';
import status from '../../model/aspects/status.ts';
import { latestAspect } from '../core/resources.ts';
import type { RelationshipDirection, StoreView } from '../../store/store.ts';

export const DIRECTIONS: readonly RelationshipDirection[] = ['INCOMING', 'OUTGOING'];
/** DataHub's page size when `count` is not given (GraphClient.DEFAULT_PAGE_SIZE). */
export const DEFAULT_RELATIONSHIPS_COUNT = 100;

export interface RelationshipsQuery {
  urn: string;
  direction: string;
  /** Relationship names, OR-ed; empty = every relationship. */
  types: readonly string[];
  start?: number | null;
  count?: number | null;
  /** Whether entities marked removed (status.removed) at the other end are listed; default true. */
  includeSoftDelete?: boolean | null;
  /** Entity types (`dataHubPolicy`, …) the other end must be of; empty or absent = any. */
  relatedEntityTypes?: readonly string[] | null;
}

export interface Relationship {
  type: string;
  direction: RelationshipDirection;
  /** The entity at the other end of the edge. */
  urn: string;
}

export interface RelationshipsPage {
  start: number;
  count: number;
  total: number;
  relationships: Relationship[];
}

/** One page of an entity's relationships, one row per (relationship, other entity), ordered by both. */
export function listRelationships(view: StoreView, q: RelationshipsQuery): RelationshipsPage {
  validateUrn(q.urn);
  if (!(DIRECTIONS as readonly string[]).includes(q.direction)) {
    throw new BadRequestError(`direction: expected INCOMING or OUTGOING, got ${JSON.stringify(q.direction)}`);
  }
  const direction = q.direction as RelationshipDirection;
  const { start, count } = paging(q, DEFAULT_RELATIONSHIPS_COUNT);
  const seen = new Set<string>();
  const all: Relationship[] = [];
  for (const edge of view.edges(q.urn, direction, q.types)) {
    const key = `${edge.type}\u0000${edge.urn}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (q.relatedEntityTypes?.length && !q.relatedEntityTypes.includes(parseUrn(edge.urn).entityType)) continue;
    if (q.includeSoftDelete === false && latestAspect(view, edge.urn, status)?.removed === true) continue;
    all.push({ type: edge.type, direction, urn: edge.urn });
  }
  const page = all.slice(start, start + count);
  return { start, count: page.length, total: all.length, relationships: page };
}
