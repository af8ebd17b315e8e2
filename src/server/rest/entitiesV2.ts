/** `GET /entitiesV2/{urn}?aspects=List(a,b)`: GMS's EntityResponse of an entity's latest aspects. */
import { getEntityAspects } from '../../ops/entities/readAspects.ts';
import { aspectList, urnFromPath } from './params.ts';
import { entityResponseOf } from './restli.ts';
import { json, route, type Route } from './route.ts';

export const entitiesV2Routes: Route[] = [
  route({
    method: 'GET',
    path: '/entitiesV2/{urn}',
    async handle({ query, params, deps }) {
      const urn = urnFromPath(params['urn']!);
      return json(entityResponseOf(getEntityAspects(deps.store, urn, aspectList(query))));
    },
  }),
];
