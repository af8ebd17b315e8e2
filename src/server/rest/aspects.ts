/**
 * `/aspects`: the Rest.li aspects resource of DataHub's Python CLI and SDK. Actions `ingestProposal`,
 * `ingestProposalBatch` (metadata change proposals, written in one transaction) and
 * `getTimeseriesAspectValues`; `GET /aspects/{urn}?aspect=&version=` reads one version of an aspect.
 */
import { InvalidPatchError } from '../../errors.ts';
import { proposalFromMcp, type Proposal } from '../../model/mcp.ts';
import { validateUrn } from '../../model/registry.ts';
import { getVersionedAspect } from '../../ops/entities/readAspects.ts';
import { ingestProposals } from '../../ops/ingest/ingestProposals.ts';
import { DEFAULT_TIMESERIES_LIMIT, readTimeseries } from '../../ops/timeseries/timeseries.ts';
import { actorOf } from '../context.ts';
import { HttpError } from '../http.ts';
import { checkValueLimits } from '../limits.ts';
import type { ServerLimits } from '../defaultLimits.ts';
import { atPath, located } from './errors.ts';
import { optionalMillis, urnFromPath } from './params.ts';
import { versionedAspectOf } from './restli.ts';
import { actionRoute, json, route, type Route } from './route.ts';
import { filterOf } from './search.ts';

/** Proposals from MCP objects, each checked against the value limits; a bad one is located at `where(i)`. */
function proposalsOf(raw: unknown[], limits: ServerLimits, where: (i: number) => string): Proposal[] {
  const proposals = raw.map((p, i) => located(where(i), () => proposalFromMcp(p)));
  // Aspect values are checked after parsing: `aspect.value` arrives as one JSON string.
  if (proposals.length > limits.maxBatchItems) checkValueLimits(proposals, limits, 'proposals');
  proposals.forEach((p, i) => {
    checkValueLimits(p.value ?? p.patch, limits, `${where(i)}.aspect`);
  });
  return proposals;
}

/** A patch that does not apply is located at the proposal that carried it. */
const patchAt = (where: (i: number) => string) => (e: unknown) =>
  Promise.reject(e instanceof InvalidPatchError ? atPath(e, where(e.location?.index ?? 0)) : e);

export const aspectRoutes: Route[] = [
  actionRoute({
    method: 'POST',
    path: '/aspects/?',
    action: 'ingestProposal',
    async handle({ req, deps }, input) {
      const proposals = proposalsOf([input['proposal']], deps.limits, () => 'proposal');
      await ingestProposals({ store: deps.store, actor: actorOf(req) }, proposals).catch(patchAt(() => 'proposal'));
      return json({ value: 'success' });
    },
  }),
  actionRoute({
    method: 'POST',
    path: '/aspects/?',
    action: 'ingestProposalBatch',
    async handle({ req, deps }, input) {
      const list = input['proposals'];
      if (!Array.isArray(list)) throw new HttpError(400, 'proposals: expected an array of metadata change proposals');
      if (list.length > deps.limits.maxBatchItems) checkValueLimits(list, deps.limits, 'proposals');
      const where = (i: number) => `proposals[${i}]`;
      await ingestProposals({ store: deps.store, actor: actorOf(req) }, proposalsOf(list, deps.limits, where)).catch(
        patchAt(where),
      );
      return json({ value: 'success' });
    },
  }),
  actionRoute({
    method: 'POST',
    path: '/aspects/?',
    action: 'getTimeseriesAspectValues',
    async handle({ deps }, input) {
      const urn = input['urn'];
      const aspectName = input['aspect'];
      if (typeof urn !== 'string') throw new HttpError(400, 'urn: required string is missing');
      if (typeof aspectName !== 'string') throw new HttpError(400, 'aspect: required string is missing');
      const urnType = validateUrn(urn).entityType;
      const entityName = typeof input['entity'] === 'string' ? input['entity'] : urnType;
      const limit = input['limit'] === undefined || input['limit'] === null ? undefined : Number(input['limit']);
      const rows = readTimeseries(deps.store, urn, aspectName, {
        startTimeMillis: optionalMillis(input, 'startTimeMillis'),
        endTimeMillis: optionalMillis(input, 'endTimeMillis'),
        limit,
        filters: input['filter'] === undefined || input['filter'] === null ? undefined : filterOf(input['filter']),
        latestValue: input['latestValue'] === true,
      });
      const values = rows.map((r) => ({
        aspect: { value: JSON.stringify(r.value), contentType: 'application/json' },
        systemMetadata: r.systemMetadata,
      }));
      return json({ value: { entityName, aspectName, limit: limit ?? DEFAULT_TIMESERIES_LIMIT, values } });
    },
  }),
  route({
    method: 'GET',
    path: '/aspects/{urn}',
    async handle({ query, params, deps }) {
      const urn = urnFromPath(params['urn']!);
      const aspect = query.get('aspect');
      if (!aspect) throw new HttpError(400, 'aspect: the query parameter is required');
      const versionText = query.get('version') ?? '0';
      const version = Number(versionText);
      if (!Number.isInteger(version) || version < 0)
        throw new HttpError(400, `version: expected a non-negative integer, got "${versionText}"`);
      const found = getVersionedAspect(deps.store, urn, aspect, version);
      if (!found) throw new HttpError(404, `Aspect ${aspect} (version ${version}) of ${urn} not found`);
      return json(versionedAspectOf(found));
    },
  }),
];
