/**
 * `/openapi/v3/entity/{type}/{urn}/{aspect}`: DataHub's OpenAPI v3 generic aspect resource, one aspect
 * of one entity (docs/datahub/discovery.md §7.7), and `HEAD /openapi/v3/entity/{type}/{urn}`.
 *
 * - `GET …/{aspect}?version=&systemMetadata=`: the aspect as `{"value", "systemMetadata"?}`; version 0
 *   (the default) is the latest, n the n-th stored one (1 the oldest). 404 when the entity, the aspect
 *   or the version is missing, with DataHub's `Not-Found-Reason: ENTITY` header.
 * - `HEAD …/{aspect}` and `HEAD /openapi/v3/entity/{type}/{urn}`: 204 when it exists, else 404.
 * - `POST …/{aspect}?createIfNotExists=true&createIfEntityNotExists=false&systemMetadata=&async=`: body
 *   `{"value": {…}, "systemMetadata"?, "headers"?}`. As DataHub's controller: CREATE_ENTITY when
 *   `createIfEntityNotExists`, else CREATE when `createIfNotExists` (the default: the aspect must not
 *   exist yet), else UPSERT. Conditional-write headers are honoured too, sent as HTTP headers or in
 *   the body's `headers` (DataHub's own route drops them). A refused CREATE is DataHub's 400 Validation
 *   Error, a failed precondition its 412.
 *   Answers the entity written, `{"urn", "<aspect>": {"value", …}}`.
 * - `PATCH …/{aspect}`: body `{"patch": [operations], "arrayPrimaryKeys"?: {…}}`, applied to the stored
 *   value; answers the entity with the patch, as the entity route does.
 * - `DELETE …/{aspect}`: deletes the aspect; 200 with no body.
 *
 * The urn may come raw (slashes included) or percent-encoded; the aspect name is a plain identifier,
 * matched in any case. These routes come before openapiEntity.ts's in routes.ts: its `{urn}` would
 * also take `urn…/globalTags`.
 */
import { BadRequestError, InvalidPatchError, locatedError, NotFoundError, WriteRefusedError } from '../../errors.ts';
import { existsV3, getAspectV3 } from '../../ops/entities/openapiEntities.ts';
import { deleteEntityV3, writeEntities } from '../../ops/ingest/openapiWrites.ts';
import { actorOf } from '../context.ts';
import { readBody, readJsonBody } from '../http.ts';
import { checkValueLimits } from '../limits.ts';
import {
  aspectV3,
  parseEntityWrites,
  refusedAnswer,
  requestPreconditions,
  writtenEntitiesV3,
  type WriteMode,
} from './openapiEntity.ts';
import { boolParam, urnFromPath } from './params.ts';
import { json, route, type RestCall, type Route } from './route.ts';
import { traceparentOf } from './trace.ts';

const ASPECT_PATH = '/openapi/v3/entity/{entityType}/{urn:urn}/{aspect:aspect}';

/** The header DataHub's GET of one aspect sends with its 404 (`GenericEntitiesController.NOT_FOUND_HEADER`). */
const NOT_FOUND_REASON = 'Not-Found-Reason';

/** `?version=`: a whole number ≥ 0; absent = 0 (the latest). */
function versionParam(query: URLSearchParams): number {
  const raw = query.get('version');
  if (raw === null || raw === '') return 0;
  const version = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(version))
    throw new BadRequestError(`version: expected a whole number ≥ 0 (0 = the latest), got ${JSON.stringify(raw)}`);
  return version;
}

function target({ params }: RestCall): { entityType: string; urn: string; aspect: string } {
  return {
    entityType: urnFromPath(params['entityType']!),
    urn: urnFromPath(params['urn']!),
    aspect: params['aspect']!,
  };
}

async function write(call: RestCall, mode: WriteMode) {
  const { req, query, deps } = call;
  // Parameters first: a bad one costs no body read. `async` is checked, then needs nothing (our writes
  // are done when we answer).
  boolParam(query, 'async');
  const withSystemMetadata = boolParam(query, 'systemMetadata');
  const createIfNotExists = mode === 'UPSERT' && boolParam(query, 'createIfNotExists', true);
  const createIfEntityNotExists = mode === 'UPSERT' && boolParam(query, 'createIfEntityNotExists');
  const { entityType, urn, aspect } = target(call);
  const body = await readJsonBody(req, deps.limits.maxBodyBytes);
  checkValueLimits(body, deps.limits, 'request body');
  // The body is the aspect's entry of an entity write (a PATCH's, the patch itself): checked, located
  // and turned into a proposal as one.
  const entry = mode === 'PATCH' ? { value: body } : body;
  const writes = parseEntityWrites([{ urn, [aspect]: entry }], entityType, mode, requestPreconditions(req), () => '');
  const proposal = writes.proposals[0]!;
  const requested = createIfEntityNotExists ? 'CREATE_ENTITY' : createIfNotExists ? 'CREATE' : undefined;
  if (requested) proposal.requested = requested;
  const written = await writeEntities({ store: deps.store, actor: actorOf(req) }, [proposal]).catch((e: unknown) => {
    if (e instanceof WriteRefusedError) return e;
    // A patch that does not apply to the stored value: named by its place in the body.
    throw e instanceof InvalidPatchError ? locatedError(e, { path: `${aspect}.value` }) : e;
  });
  if (written instanceof WriteRefusedError) return refusedAnswer(written);
  return json(writtenEntitiesV3(written, withSystemMetadata)[0], { traceparent: traceparentOf(written.traceId) });
}

export const openapiAspectRoutes: Route[] = [
  route({
    method: 'GET',
    path: ASPECT_PATH,
    ignoreCase: true,
    async handle(call) {
      const version = versionParam(call.query);
      const withSystemMetadata = boolParam(call.query, 'systemMetadata');
      const { entityType, urn, aspect } = target(call);
      try {
        const { record } = getAspectV3(call.deps.store, entityType, urn, aspect, version);
        return json(aspectV3(record, withSystemMetadata, false));
      } catch (e) {
        // DataHub marks this route's 404 with `Not-Found-Reason`; a sync client tells by it a missing
        // version from a server without the route.
        if (e instanceof NotFoundError)
          return { status: 404, body: { status: 404, message: e.message }, headers: { [NOT_FOUND_REASON]: 'ENTITY' } };
        throw e;
      }
    },
  }),
  route({
    method: 'HEAD',
    path: ASPECT_PATH,
    ignoreCase: true,
    async handle(call) {
      const { entityType, urn, aspect } = target(call);
      return { empty: true, status: existsV3(call.deps.store, entityType, urn, aspect) ? 204 : 404 };
    },
  }),
  route({
    method: 'HEAD',
    path: '/openapi/v3/entity/{entityType}/{urn:urn}',
    ignoreCase: true,
    async handle({ params, deps }) {
      const exists = existsV3(deps.store, urnFromPath(params['entityType']!), urnFromPath(params['urn']!));
      return { empty: true, status: exists ? 204 : 404 };
    },
  }),
  route({ method: 'POST', path: ASPECT_PATH, ignoreCase: true, handle: (call) => write(call, 'UPSERT') }),
  route({ method: 'PATCH', path: ASPECT_PATH, ignoreCase: true, handle: (call) => write(call, 'PATCH') }),
  route({
    method: 'DELETE',
    path: ASPECT_PATH,
    ignoreCase: true,
    async handle(call) {
      const { req, deps } = call;
      const { entityType, urn, aspect } = target(call);
      await readBody(req, deps.limits.maxBodyBytes);
      await deleteEntityV3({ store: deps.store, actor: actorOf(req) }, entityType, urn, {
        aspects: [aspect],
        clear: false,
      });
      return { empty: true };
    },
  }),
];
