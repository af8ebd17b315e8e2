/**
 * An entity's relationships, in the two shapes clients ask for them: Rest.li `GET /relationships`
 * (`types=List(A,B)`; the result record is the body) and the 1.7 client's
 * `GET /openapi/relationships/v1/` (get_related_entities: `relationshipTypes` repeated; it pages until
 * a page has count 0).
 */
import { listRelationships } from '../../ops/entities/relationships.ts';
import { aspectList, pageParam, urnParam } from './params.ts';
import { json, route, type Route } from './route.ts';

export const relationshipRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/relationships',
    async handle({ query, deps }) {
      const page = listRelationships(deps.store, {
        urn: urnParam(query),
        direction: query.get('direction') ?? '',
        types: aspectList(query, 'types') ?? [],
        start: pageParam(query, 'start'),
        count: pageParam(query, 'count'),
      });
      return json({
        start: page.start,
        count: page.count,
        total: page.total,
        relationships: page.relationships.map((r) => ({ type: r.type, entity: r.urn })),
      });
    },
  }),
  route({
    method: 'GET',
    path: '/openapi/relationships/v1/?',
    async handle({ query, deps }) {
      const page = listRelationships(deps.store, {
        urn: urnParam(query),
        direction: query.get('direction') ?? '',
        types: query
          .getAll('relationshipTypes')
          .flatMap((t) => t.split(','))
          .filter(Boolean),
        start: pageParam(query, 'start'),
        count: pageParam(query, 'count'),
      });
      return json({
        start: page.start,
        count: page.count,
        total: page.total,
        entities: page.relationships.map((r) => ({ urn: r.urn, relationshipType: r.type })),
      });
    },
  }),
];
