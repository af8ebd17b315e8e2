/**
 * `/runs`: Rest.li's ingestion-run resource, its three actions as DataHub's CLI calls them:
 * - `rollback` (`datahub ingest rollback --run-id R`): `{"runId", "dryRun", "safe"}` in,
 *   `{"value": {aspectRowSummaries, entitiesAffected, entitiesDeleted, …}}` out;
 * - `list` (`datahub ingest list-runs`): `{"pageOffset", "pageSize", "includeSoft"}` in,
 *   `{"value": [{runId, timestamp, rows}]}` out, most recent first;
 * - `describe` (`datahub ingest show --run-id R`): `{"runId", "start", "count", "includeSoft",
 *   "includeAspect"}` in, `{"value": [{runId, urn, aspectName, timestamp, keyAspect, aspect?}]}` out.
 */
import { rollbackRun } from '../../ops/ingest/rollbackRun.ts';
import { describeRun, listRuns } from '../../ops/ingest/runs.ts';
import { actorOf } from '../context.ts';
import { HttpError } from '../http.ts';
import { actionRoute, json, type Route } from './route.ts';

function flag(input: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const v = input[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw new HttpError(400, `${name}: expected true or false, got ${JSON.stringify(v)}`);
}

/** A non-negative integer parameter; `fallback` when absent, a 400 when absent without one. */
function count(input: Record<string, unknown>, name: string, fallback?: number): number {
  const v = input[name];
  if (v === undefined || v === null) {
    if (fallback === undefined) throw new HttpError(400, `${name}: required integer is missing`);
    return fallback;
  }
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  throw new HttpError(400, `${name}: expected a non-negative integer, got ${JSON.stringify(v)}`);
}

function runIdOf(input: Record<string, unknown>): string {
  const runId = input['runId'];
  if (typeof runId !== 'string' || runId === '') throw new HttpError(400, 'runId: required string is missing');
  return runId;
}

export const runRoutes: Route[] = [
  actionRoute({
    method: 'POST',
    path: '/runs/?',
    action: 'rollback',
    async handle({ req, deps }, input) {
      const request = { runId: runIdOf(input), dryRun: flag(input, 'dryRun', true), safe: flag(input, 'safe', true) };
      const r = await rollbackRun({ store: deps.store, actor: actorOf(req) }, request);
      return json({
        value: {
          runId: r.runId,
          aspectRowSummaries: r.aspects,
          entitiesAffected: r.entitiesAffected,
          entitiesDeleted: r.entitiesDeleted,
          aspectsAffected: r.aspectsAffected,
          aspectsReverted: r.aspectsReverted,
          unsafeEntitiesCount: r.unsafeEntities.length,
          unsafeEntities: r.unsafeEntities.map((urn) => ({ urn })),
        },
      });
    },
  }),
  actionRoute({
    method: 'POST',
    path: '/runs/?',
    action: 'list',
    async handle({ deps }, input) {
      const request = {
        pageOffset: count(input, 'pageOffset', 0),
        pageSize: count(input, 'pageSize', 100),
        includeSoft: flag(input, 'includeSoft', false),
      };
      return json({ value: listRuns(deps.store, request) });
    },
  }),
  actionRoute({
    method: 'POST',
    path: '/runs/?',
    action: 'describe',
    async handle({ deps }, input) {
      const request = {
        runId: runIdOf(input),
        start: count(input, 'start'),
        count: count(input, 'count'),
        includeSoft: flag(input, 'includeSoft', false),
        includeAspect: flag(input, 'includeAspect', false),
      };
      return json({ value: describeRun(deps.store, request) });
    },
  }),
];
