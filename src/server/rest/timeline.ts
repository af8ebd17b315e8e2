/** `GET /openapi/v2/timeline/v1/{urn}?categories=&startTime=&endTime=&raw=`: an entity's change history. */
import { getTimeline } from '../../ops/timeline/timeline.ts';
import { boolParam, listParam, timeParam, urnFromPath } from './params.ts';
import { json, route, type Route } from './route.ts';

export const timelineRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/openapi/v2/timeline/v1/{urn*}',
    async handle({ query, params, deps }) {
      return json(
        getTimeline(deps.store, {
          urn: urnFromPath(params['urn']!),
          categories: listParam(query, 'categories'),
          startTime: timeParam(query, 'startTime'),
          endTime: timeParam(query, 'endTime'),
          raw: boolParam(query, 'raw'),
        }),
      );
    },
  }),
];
