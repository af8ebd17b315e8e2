/**
 * Every REST route, one resource file each: Rest.li's `/config`, `/aspects`, `/entities`,
 * `/entitiesV2`, `/relationships` and `/runs` (DataHub's Python CLI and SDK), and the OpenAPI routes of the
 * 1.7 client and SDK: v3 entities (reads, scroll, writes, deletes), related entities, the v2
 * timeline, the write trace and the events poll (`events.ts`); and Catalog's own read of what is not pushed yet (`sync.ts`). The first route whose method, path and action match answers.
 * Paths do not overlap but for one pair: OpenAPI v3's generic aspect routes (`…/{urn}/{aspect}`) come
 * before its entity routes (`…/{urn}`), which would take them too.
 */
import { aspectRoutes } from './aspects.ts';
import { configRoutes } from './config.ts';
import { entitiesV2Routes } from './entitiesV2.ts';
import { entityRoutes } from './entities.ts';
import { eventRoutes } from './events.ts';
import { openapiAspectRoutes } from './openapiAspect.ts';
import { openapiEntityRoutes } from './openapiEntity.ts';
import { relationshipRoutes } from './relationships.ts';
import { runRoutes } from './runs.ts';
import { syncRoutes } from './sync.ts';
import type { Route } from './route.ts';
import { timelineRoutes } from './timeline.ts';
import { traceRoutes } from './trace.ts';

export const REST_ROUTES: readonly Route[] = [
  ...configRoutes,
  ...aspectRoutes,
  ...entityRoutes,
  ...entitiesV2Routes,
  ...relationshipRoutes,
  ...runRoutes,
  // Before the entity routes, whose `{urn}` would also take `urn…/<aspect>`.
  ...openapiAspectRoutes,
  ...openapiEntityRoutes,
  ...traceRoutes,
  ...timelineRoutes,
  ...syncRoutes,
  ...eventRoutes,
];
