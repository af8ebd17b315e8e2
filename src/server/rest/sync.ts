/**
 * `GET /catalog/v1/sync/unpushed/{urn}`: Catalog's own read (DataHub has no sync), for the web UI's
 * History tab: per remote named in the data file, the entity's aspects changed since the last sync
 * with it — `{"remotes": [{"name", "location", "aspects": [...]}]}`, empty when nothing is pending;
 * 400 for an invalid urn, 404 for an entity with nothing stored.
 */
import { unpushedOf } from '../../ops/sync/compare.ts';
import { urnFromPath } from './params.ts';
import { json, route, type Route } from './route.ts';

export const syncRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/catalog/v1/sync/unpushed/{urn*}',
    async handle({ params, deps }) {
      return json({ remotes: unpushedOf(deps.store, urnFromPath(params['urn']!)) });
    },
  }),
];
