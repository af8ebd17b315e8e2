/**
 * `/entities`: the Rest.li entities resource. Actions `delete` and `deleteReferences` (hard deletes),
 * `ingest` and `batchIngest` (snapshots, written in one transaction), and the search actions of
 * search.ts; `GET /entities/{urn}?aspects=List(a,b)` reads an entity as its Rest.li snapshot.
 */
import { isJsonObject } from '../../model/json.ts';
import { proposalsFromRecord } from '../../model/mcp.ts';
import { deleteReferencesTo, hardDelete } from '../../ops/entities/deleteEntity.ts';
import { getEntitySnapshot } from '../../ops/entities/entitySnapshot.ts';
import { ingestProposals } from '../../ops/ingest/ingestProposals.ts';
import { actorOf } from '../context.ts';
import { HttpError } from '../http.ts';
import { located } from './errors.ts';
import { aspectList, optionalMillis, urnFromPath } from './params.ts';
import { snapshotEntityOf } from './restli.ts';
import { actionRoute, json, route, type ActionRoute, type Route } from './route.ts';
import { restListUrns, restSearch } from './search.ts';

const ingest = (action: 'ingest' | 'batchIngest'): ActionRoute => ({
  method: 'POST',
  path: '/entities/?',
  action,
  async handle({ req, deps }, input) {
    const entities = action === 'ingest' ? [input['entity']] : input['entities'];
    if (!Array.isArray(entities)) throw new HttpError(400, 'entities: expected an array of snapshots');
    const proposals = entities.flatMap((e, i) => {
      const snapshot = isJsonObject(e) && isJsonObject(e['value']) ? e['value'] : e;
      return located(action === 'ingest' ? 'entity' : `entities[${i}]`, () =>
        proposalsFromRecord({ proposedSnapshot: snapshot, systemMetadata: input['systemMetadata'] }),
      );
    });
    await ingestProposals({ store: deps.store, actor: actorOf(req) }, proposals);
    return json({});
  },
});

const search = (action: 'search' | 'searchAcrossEntities' | 'scrollAcrossEntities'): ActionRoute => ({
  method: 'POST',
  path: '/entities/?',
  action,
  handle: async ({ deps }, input) => json({ value: restSearch(deps.store, action, input) }),
});

const listUrns = (action: 'listUrns' | 'list'): ActionRoute => ({
  method: 'POST',
  path: '/entities/?',
  action,
  handle: async ({ deps }, input) => json({ value: restListUrns(deps.store, input) }),
});

export const entityRoutes: Route[] = [
  actionRoute({
    method: 'POST',
    path: '/entities/?',
    action: 'delete',
    async handle({ req, deps }, input) {
      const urn = input['urn'];
      if (typeof urn !== 'string') throw new HttpError(400, 'urn: required string is missing');
      const aspectName = typeof input['aspectName'] === 'string' ? input['aspectName'] : undefined;
      const range = {
        startTimeMillis: optionalMillis(input, 'startTimeMillis'),
        endTimeMillis: optionalMillis(input, 'endTimeMillis'),
      };
      return json({ value: await hardDelete({ store: deps.store, actor: actorOf(req) }, urn, aspectName, range) });
    },
  }),
  actionRoute({
    method: 'POST',
    path: '/entities/?',
    action: 'deleteReferences',
    async handle({ req, deps }, input) {
      const urn = input['urn'];
      if (typeof urn !== 'string') throw new HttpError(400, 'urn: required string is missing');
      const dryRun = input['dryRun'] === true || input['dryRun'] === 'true';
      return json({ value: await deleteReferencesTo({ store: deps.store, actor: actorOf(req) }, urn, dryRun) });
    },
  }),
  actionRoute(ingest('ingest')),
  actionRoute(ingest('batchIngest')),
  actionRoute(search('search')),
  actionRoute(search('searchAcrossEntities')),
  actionRoute(search('scrollAcrossEntities')),
  actionRoute(listUrns('listUrns')),
  actionRoute(listUrns('list')),
  route({
    // Rest.li: the Entity record is the body; `value` is its snapshot union.
    method: 'GET',
    path: '/entities/{urn}',
    async handle({ query, params, deps }) {
      return json(snapshotEntityOf(getEntitySnapshot(deps.store, urnFromPath(params['urn']!), aspectList(query))));
    },
  }),
];
