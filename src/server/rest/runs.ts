/**
 * `/runs`: Rest.li's ingestion-run resource, action `rollback` as `datahub ingest rollback --run-id R`
 * calls it: `{"runId", "dryRun", "safe"}` in, `{"value": {aspectRowSummaries, entitiesAffected, …}}` out.
 */
import { rollbackRun } from '../../ops/ingest/rollbackRun.ts';
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

export const runRoutes: Route[] = [
  actionRoute({
    method: 'POST',
    path: '/runs/?',
    action: 'rollback',
    async handle({ req, deps }, input) {
      const runId = input['runId'];
      if (typeof runId !== 'string' || runId === '') throw new HttpError(400, 'runId: required string is missing');
      const request = { runId, dryRun: flag(input, 'dryRun', true), safe: flag(input, 'safe', true) };
      const r = await rollbackRun({ store: deps.store, actor: actorOf(req) }, request);
      return json({
        value: {
          runId: r.runId,
          aspectRowSummaries: r.aspects,
          entitiesAffected: r.entitiesAffected,
          aspectsAffected: r.aspectsAffected,
          aspectsReverted: r.aspectsReverted,
          unsafeEntitiesCount: r.unsafeEntities.length,
          unsafeEntities: r.unsafeEntities.map((urn) => ({ urn })),
        },
      });
    },
  }),
];
