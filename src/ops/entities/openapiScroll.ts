/**
 * `GET /openapi/v3/entity/{type}`: DataHub's OpenAPI v3 scroll over the entities of one type that
 * match a query (its query-string syntax: `primaryKey:"abc" OR secondaryKeys:"abc"`), a page at a
 * time, each entity with the aspects asked for. The SDK's OpenAPIGraphClient.scroll_urns_by_filter
 * calls it — PlatformResource.search_by_key and search_by_filters go through it. Pages come from the
 * search index in urn order (DataHub's default sort); `scrollId` continues where a page ended.
 */
import type { StoreView } from '../../store/store.ts';
import { searchEntities } from '../search/search.ts';
import type { EntityRecords } from './openapiEntities.ts';

export interface ScrollRequest {
  /** The entity type as the path names it; matched case-insensitively (the SDK lower-cases it). */
  entityType: string;
  /**
   * Several types instead (`POST /openapi/v3/entity/scroll`'s `entities`), each matched as
   * `entityType` is; empty = every type the store holds.
   */
  types?: readonly string[];
  query?: string | null;
  count?: number;
  scrollId?: string | null;
  /** Aspects to return with each entity; empty = every aspect it has. */
  aspects: readonly string[];
  includeSoftDeleted: boolean;
}

export interface ScrollPage {
  scrollId: string | null;
  entities: EntityRecords[];
}

/** DataHub's default page size for this endpoint. */
const DEFAULT_COUNT = 10;

/** The stored spelling of a type the path names in any case (`platformresource` → `platformResource`). */
function storedType(view: StoreView, name: string): string {
  const lower = name.toLowerCase();
  return view.entityTypes().find((t) => t.toLowerCase() === lower) ?? name;
}

export function scrollEntitiesV3(view: StoreView, req: ScrollRequest): ScrollPage {
  const page = searchEntities(view, {
    query: req.query?.trim() ? req.query : '*',
    types: req.types
      ? req.types.length > 0
        ? req.types.map((t) => storedType(view, t))
        : view.entityTypes()
      : [storedType(view, req.entityType)],
    count: req.count ?? DEFAULT_COUNT,
    scrollId: req.scrollId ?? null,
    sort: [{ field: 'urn', order: 'ASCENDING' }],
    includeSoftDeleted: req.includeSoftDeleted,
    skipAggregates: true,
    skipHighlighting: true,
  });
  const entities = page.hits.map((hit) => {
    const stored = view.getEntity(hit.urn)?.aspects ?? [];
    const entity: EntityRecords = { urn: hit.urn, aspects: [] };
    for (const name of req.aspects.length > 0 ? req.aspects : stored) {
      const record = stored.includes(name) ? view.getAspect(hit.urn, name) : undefined;
      if (record) entity.aspects.push({ name, record });
    }
    return entity;
  });
  return { scrollId: page.nextScrollId, entities };
}
