/**
 * `GET /catalog/v1/sync/unpushed/{urn}`: Catalog's own read (DataHub has no sync), for the web UI's
 * History tab: per remote named in the data file, the entity's aspects changed since the last sync
 * with it — `{"remotes": [{"name", "location", "aspects": [...]}]}`, empty when nothing is pending.
 */
import { NotFoundError } from '../../errors.ts';
import { unpushedOf } from '../../ops/sync/compare.ts';
import { urnFromPath } from './params.ts';
import { json, route, type Route } from './route.ts';

export const syncRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/catalog/v1/sync/unpushed/{urn*}',
    async handle({ params, deps }) {
      const urn = urnFromPath(params['urn']!);
      if (!deps.store.entityExists(urn)) throw new NotFoundError(`Entity ${urn} not found`);
      return json({ remotes: unpushedOf(deps.store, urn) });
    },
  }),
];
