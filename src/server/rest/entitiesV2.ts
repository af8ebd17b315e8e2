/**
 * `GET /entitiesV2/{urn}?aspects=List(a,b)`: GMS's EntityResponse of an entity's latest aspects;
 * `GET /entitiesV2?ids=List(u1,u2)&aspects=…`: Rest.li's batch get, `{"results": {urn: EntityResponse}}`.
 */
import { validateUrn } from '../../model/registry.ts';
import { getEntityAspects } from '../../ops/entities/readAspects.ts';
import { HttpError } from '../http.ts';
import { located } from './errors.ts';
import { aspectList, urnFromPath } from './params.ts';
import { entityResponseOf } from './restli.ts';
import { json, route, type Route } from './route.ts';

/**
 * The urns of `ids=List(…)`, read from the raw query: each urn arrives percent-encoded (its commas and
 * parentheses too), so the list's own commas are the only literal ones.
 */
function idsOf(rawUrl: string): string[] {
  const q = rawUrl.indexOf('?');
  const params = q < 0 ? [] : rawUrl.slice(q + 1).split('&');
  const raw = params.find((p) => p.startsWith('ids='))?.slice(4);
  if (raw === undefined || raw === '')
    throw new HttpError(400, 'ids: the query parameter is required (ids=List(<url-encoded urn>,…))');
  const m = /^List(?:\(|%28)(.*)(?:\)|%29)$/i.exec(raw);
  const items = m ? (m[1] === '' ? [] : m[1]!.split(',')) : [raw];
  return items.map((item, i) => {
    let urn: string;
    try {
      urn = decodeURIComponent(item);
    } catch {
      throw new HttpError(400, `ids[${i}]: not a percent-encoded urn: ${JSON.stringify(item)}`);
    }
    located(`ids[${i}]`, () => validateUrn(urn));
    return urn;
  });
}

export const entitiesV2Routes: Route[] = [
  route({
    method: 'GET',
    path: '/entitiesV2/?',
    async handle({ req, query, deps }) {
      const aspects = aspectList(query);
      const results: Record<string, unknown> = {};
      for (const urn of idsOf(req.url ?? '')) {
        // Only entities that exist are answered, as GMS's batch get does.
        if (deps.store.entityExists(urn)) results[urn] = entityResponseOf(getEntityAspects(deps.store, urn, aspects));
      }
      return json({ results, statuses: {}, errors: {} });
    },
  }),
  route({
    method: 'GET',
    path: '/entitiesV2/{urn}',
    async handle({ query, params, deps }) {
      const urn = urnFromPath(params['urn']!);
      return json(entityResponseOf(getEntityAspects(deps.store, urn, aspectList(query))));
    },
  }),
];
