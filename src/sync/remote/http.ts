/**
 * A remote that is a server speaking DataHub's protocol (ours, or DataHub's GMS).
 *
 * - First, `check`: `GET /config` must answer as DataHub's GMS does (`"noCode": "true"`), or nothing
 *   else is asked. A connection that fails, or an answer cut off, is a RemoteError naming the URL,
 *   the request and the cause; a 401 or 403 a RemoteAuthError.
 * - Reads: `GET /openapi/v3/entity/{type}?count=&scrollId=&systemMetadata=true&includeSoftDelete=true` a page at a time per
 *   entity type (a 404 or 400 on the first page: a type the server does not know, so not listed; any
 *   other answer that is not a page of entities is an error), and `POST /openapi/v3/entity/{type}/batchGet?systemMetadata=true` for given entities
 *   (100 at a time; `GET /openapi/v3/entity/{type}/{urn}` one by one from a server without it).
 *   The remote's version of an aspect is its `systemMetadata.version`.
 * - History (only for an aspect both sides hold differently with no base): the current value, then
 *   `GET /openapi/v3/entity/{type}/{urn}/{aspect}?version=k` for the older versions, newest first.
 * - Writes: `POST /openapi/v3/entity/{type}?async=false&systemMetadata=true`, a list of
 *   `{urn, <aspect>: {value, systemMetadata: {runId, lastObserved}, headers: {"If-Version-Match": v}}}`
 *   per entity type, written synchronously all or none (412 when a version does not match); the answer
 *   holds each aspect's new `systemMetadata.version`. A server without that route gets
 *   `POST /aspects?action=ingestProposalBatch` (`async: "false"`, the same headers and runId), and
 *   any version an answer does not give is read back with a batch get.
 *
 * The token goes only to the remote's own origin: requests are built from the configured URL alone
 * and redirects are not followed (a redirect would carry the token elsewhere), so one is an error.
 * `https` verifies certificates unless the caller opted out (`insecure`, for a test server).
 */
import type { AspectVersion } from '../base.ts';
import {
  ABSENT_VERSION,
  aspectId,
  PreconditionFailedError,
  RemoteAuthError,
  RemoteError,
  RemoteUnreachableError,
  type AspectWrite,
  type Remote,
  type RemoteEntity,
  type RemotePage,
} from './types.ts';

export interface HttpRemoteOptions {
  token?: string;
  insecure?: boolean;
  /** The entity type of an urn (`urn:li:dataset:…` → `dataset`). */
  entityTypeOf: (urn: string) => string;
  /** Whether an aspect is the entity's key aspect (left out: it follows from the urn). */
  isKeyAspect: (entityType: string, aspectName: string) => boolean;
}

/** Entities a batch get asks for at most. */
const BATCH = 100;

/**
 * Older versions of one aspect `history` reads at most, after its current value. Each is a request,
 * and history is read only for an aspect both sides hold with different values and no base (two
 * sides that never synced), so this bounds what one such aspect costs. 20 is what DataHub keeps of
 * any aspect when its retention is on (the `*`/`*` rule of its bootstrap `boot/retention.yaml`): such
 * a server holds no more.
 */
export const HISTORY_DEPTH = 20;

/** What a failed connection or a cut-off answer was, in words, from the error `fetch` threw. */
export function networkCause(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const said =
    typeof cause?.message === 'string' && cause.message ? cause.message : e instanceof Error ? e.message : String(e);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (ECONNREFUSED): nothing listens at that address';
    case 'ENOTFOUND':
      return 'no such host (ENOTFOUND)';
    case 'EAI_AGAIN':
      return 'the host name could not be resolved (EAI_AGAIN)';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return `the connection was closed before the answer was complete (${code})`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return `no answer in time (${code})`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `the host cannot be reached from here (${code})`;
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'CERT_HAS_EXPIRED':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `its certificate could not be verified (${code}); --insecure skips the check, for a test server only`;
    default:
      return code ? `${said} (${code})` : said;
  }
}

/** The start of an answer's text, on one line, for an error message. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line);
}

export class HttpRemote implements Remote {
  readonly kind = 'http' as const;
  readonly location: string;

  constructor(
    location: string,
    private readonly options: HttpRemoteOptions,
  ) {
    this.location = location.replace(/\/+$/, '');
    if (options.insecure && this.location.startsWith('https:')) {
      // Node's TLS reads this when a connection is made; only this process, only on request.
      process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
    }
  }

  private async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const { status, json } = await this.requestWithHeaders(method, path, body);
    return { status, json };
  }

  private async requestWithHeaders(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown; headers: Headers; text: string }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.options.token) headers['authorization'] = `Bearer ${this.options.token}`;
    const route = `${method} ${path.split('?')[0]}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.location + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      text = await res.text();
    } catch (e) {
      throw new RemoteUnreachableError(
        `no answer from ${this.location} to ${route}: ${networkCause(e)}`,
        this.location,
        e,
      );
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    if (res.status >= 300 && res.status < 400)
      throw new RemoteError(
        `${this.location} answered ${route} with a redirect (${res.status}); give the remote's final URL`,
        this.location,
        res.status,
      );
    return { status: res.status, json, headers: res.headers, text };
  }

  private failure(method: string, path: string, status: number, json: unknown): RemoteError {
    const route = `${method} ${path.split('?')[0]}`;
    const message =
      typeof json === 'object' && json !== null
        ? String((json as Record<string, unknown>)['message'] ?? JSON.stringify(json))
        : String(json ?? '');
    const said = message ? `: ${message.replace(/\s+/g, ' ').slice(0, 300)}` : '';
    if (status === 401) {
      const sent = this.options.token !== undefined;
      return new RemoteAuthError(
        sent
          ? `${this.location} did not accept the token: ${route} answered HTTP 401${said} (the token may have expired or been revoked)`
          : `${this.location} wants a token: ${route} answered HTTP 401 and no token was sent`,
        this.location,
        401,
        sent,
      );
    }
    if (status === 403)
      return new RemoteAuthError(
        `${this.location} refused ${route} (HTTP 403${said}): the token's user may not do this`,
        this.location,
        403,
        this.options.token !== undefined,
      );
    return new RemoteError(`${this.location}: ${route} failed with HTTP ${status}${said}`, this.location, status);
  }

  /**
   * `GET /config`, as DataHub's own CLI checks a server before anything else (docs/datahub/rest-cli.md
   * §1.6, §3): a DataHub GMS and `catalog serve` answer 200 with a JSON object whose `noCode` is the
   * string "true". Anything else — no answer, another status, a page of HTML, other JSON — is not a
   * server speaking DataHub's protocol, and nothing more is asked of it.
   */
  async check(): Promise<void> {
    const { status, json, headers, text } = await this.requestWithHeaders('GET', '/config');
    if (status === 401 || status === 403) throw this.failure('GET', '/config', status, json);
    const kind = (headers.get('content-type') ?? 'no content type').split(';')[0]!.trim();
    const answered = `GET /config answered HTTP ${status}${text ? ` with ${kind} ${excerpt(text)}` : ' with nothing'}`;
    const hint = "give the URL of DataHub's GMS (often port 8080) or of a `catalog serve`";
    if (status !== 200 || typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new RemoteError(
        `${this.location} is not a server speaking DataHub's protocol: ${answered}; ${hint}`,
        this.location,
        status,
      );
    }
    const config = json as Record<string, unknown>;
    if (config['noCode'] === 'true') return;
    const inner = config['config'];
    const frontend =
      typeof inner === 'object' &&
      inner !== null &&
      ((inner as Record<string, unknown>)['application'] === 'datahub-frontend' || 'shouldShowDatasetLineage' in inner);
    if (frontend)
      throw new RemoteError(
        `${this.location} is DataHub's frontend, not its GMS: give the GMS URL (often port 8080), or this URL with /api/gms`,
        this.location,
        status,
      );
    throw new RemoteError(
      `${this.location} is not a server speaking DataHub's protocol: ${answered}, without "noCode": "true"; ${hint}`,
      this.location,
      status,
    );
  }

  private toEntity(raw: Record<string, unknown>): RemoteEntity | undefined {
    const urn = raw['urn'];
    if (typeof urn !== 'string') return undefined;
    let entityType: string;
    try {
      entityType = this.options.entityTypeOf(urn);
    } catch (e) {
      throw new RemoteError(
        `${this.location} answered an entity whose urn is not valid here: ${(e as Error).message}`,
        this.location,
        undefined,
        e,
      );
    }
    const aspects = new Map<string, { value: unknown; version: string }>();
    for (const [name, a] of Object.entries(raw)) {
      if (name === 'urn' || typeof a !== 'object' || a === null) continue;
      if (this.options.isKeyAspect(entityType, name)) continue;
      const { value, systemMetadata } = a as { value?: unknown; systemMetadata?: Record<string, unknown> };
      if (value === undefined) continue;
      aspects.set(name, { value, version: String(systemMetadata?.['version'] ?? '0') });
    }
    return { urn, entityType, aspects };
  }

  async *entities(types: readonly string[], query: string | undefined, pageSize: number): AsyncGenerator<RemotePage> {
    type ScrollPage = { entities: Array<Record<string, unknown>>; scrollId?: string | null };
    /** A page of the scroll; undefined when the first page says the server has no such entity type. */
    const pageOf = async (type: string, scrollId: string | null): Promise<ScrollPage | undefined> => {
      // Soft-deleted entities too (DataHub's scroll leaves them out unless asked): their `status` says
      // `removed: true`, and a pull brings that here as any other aspect, as a file remote does.
      const params = new URLSearchParams({
        count: String(pageSize),
        systemMetadata: 'true',
        includeSoftDelete: 'true',
      });
      if (query) params.set('query', query);
      if (scrollId) params.set('scrollId', scrollId);
      const path = `/openapi/v3/entity/${encodeURIComponent(type.toLowerCase())}?${params}`;
      const { status, json, text } = await this.requestWithHeaders('GET', path);
      // A type the server does not know (DataHub answers 4xx for an unknown entity name): not listed.
      // Later in a scroll the same answer is a listing cut short, which is an error.
      if (scrollId === null && (status === 404 || status === 400)) return undefined;
      if (status !== 200) throw this.failure('GET', path, status, json);
      const page = json as Partial<ScrollPage> | undefined;
      if (typeof page !== 'object' || page === null || !Array.isArray(page.entities)) {
        throw new RemoteError(
          `${this.location}: GET ${path.split('?')[0]} answered HTTP 200 with ${text ? excerpt(text) : 'nothing'}, not a page of entities`,
          this.location,
          status,
        );
      }
      return page as ScrollPage;
    };
    for (const type of types) {
      let page = await pageOf(type, null);
      let previous: string | null = null;
      while (page) {
        const scrollId: string | null = page.scrollId ?? null;
        // A server that hands back the scroll id it was given would be read forever.
        if (scrollId !== null && scrollId === previous)
          throw new RemoteError(
            `${this.location}: the scroll of ${type} answered the same scrollId twice; it would never end`,
            this.location,
          );
        previous = scrollId;
        const more = scrollId !== null && page.entities.length > 0;
        // The next page is on its way while this one is applied (one page ahead, no more).
        const next = more ? pageOf(type, scrollId) : undefined;
        // Its failure is met when it is awaited; until then it is not an unhandled rejection.
        next?.catch(() => undefined);
        yield { type, entities: page.entities.flatMap((e) => this.toEntity(e) ?? []), last: !more };
        page = next && (await next);
      }
    }
  }

  async getEntities(urns: readonly string[]): Promise<RemoteEntity[]> {
    // One batch get per entity type and BATCH urns; a server without it is read an entity at a time.
    const byType = new Map<string, string[]>();
    for (const urn of urns) {
      const type = this.options.entityTypeOf(urn);
      const list = byType.get(type);
      if (list) list.push(urn);
      else byType.set(type, [urn]);
    }
    const found = new Map<string, RemoteEntity>();
    for (const [type, list] of byType) {
      for (let i = 0; i < list.length; i += BATCH) {
        const chunk = list.slice(i, i + BATCH);
        const batch = this.batchGetUnsupported ? undefined : await this.batchGet(type, chunk);
        for (const e of batch ?? (await this.getOneByOne(type, chunk))) found.set(e.urn, e);
      }
    }
    return urns.flatMap((u) => found.get(u) ?? []);
  }

  /** Set once the remote answered a batch get as a route it does not have. */
  private batchGetUnsupported = false;

  /** `POST /openapi/v3/entity/{type}/batchGet`; undefined when the remote has no such route. */
  private async batchGet(type: string, urns: readonly string[]): Promise<RemoteEntity[] | undefined> {
    const body = urns.map((urn) => ({ urn }));
    const at = (t: string) => `/openapi/v3/entity/${encodeURIComponent(t)}/batchGet?systemMetadata=true`;
    let path = at(type);
    let { status, json } = await this.request('POST', path, body);
    // DataHub's paths name entity types in lower case; ours takes the registry's spelling.
    if (status === 400 && type !== type.toLowerCase())
      ({ status, json } = await this.request('POST', (path = at(type.toLowerCase())), body));
    if (status === 404 || status === 405) {
      this.batchGetUnsupported = true;
      return undefined;
    }
    if (status !== 200) throw this.failure('POST', path, status, json);
    if (!Array.isArray(json)) throw this.failure('POST', path, status, 'the answer is not a list of entities');
    this.typeInPath.set(type, path === at(type) ? type : type.toLowerCase());
    return json.flatMap((e) =>
      typeof e === 'object' && e !== null ? (this.toEntity(e as Record<string, unknown>) ?? []) : [],
    );
  }

  private async getOneByOne(type: string, urns: readonly string[]): Promise<RemoteEntity[]> {
    const out: RemoteEntity[] = [];
    for (const urn of urns) {
      const at = (t: string) =>
        `/openapi/v3/entity/${encodeURIComponent(t)}/${encodeURIComponent(urn)}?systemMetadata=true`;
      let path = at(type);
      let { status, json } = await this.request('GET', path);
      if (status === 400 && type !== type.toLowerCase())
        ({ status, json } = await this.request('GET', (path = at(type.toLowerCase()))));
      if (status === 404) continue;
      if (status !== 200) throw this.failure('GET', path, status, json);
      const entity = this.toEntity(json as Record<string, unknown>);
      if (entity) out.push(entity);
    }
    return out;
  }

  /**
   * The current value (a batch get), then the older versions newest first with
   * `GET /openapi/v3/entity/{type}/{urn}/{aspect}?version=k&systemMetadata=true`, one request each.
   * DataHub and our server keep the current value as row 0 with `systemMetadata.version` N and the
   * values before it as rows N-1 … 1, row k being the value whose `systemMetadata.version` was k: so
   * the entries are numbered as the remote numbers its versions (N for the current one, what a base
   * records; k for row k), as a data file's history is (`historyOf`). It stops at the first version
   * the remote no longer holds (DataHub's retention removes old rows), at row 1, or after
   * HISTORY_DEPTH older versions. A remote that cannot read a version (no such route, or one that
   * ignores `version`) gives the current value alone, and is not asked again in this run.
   */
  async history(urn: string, aspectName: string): Promise<AspectVersion[]> {
    const [entity] = await this.getEntities([urn]);
    const a = entity?.aspects.get(aspectName);
    if (!entity || !a) return [];
    const out: AspectVersion[] = [{ version: a.version, value: a.value }];
    const n = Number(a.version);
    // A remote that gives no version number (an aspect older than DataHub's versioned system
    // metadata) cannot say which row holds what came before.
    if (this.versionReadUnsupported || !/^\d+$/.test(a.version) || !Number.isSafeInteger(n)) return out;
    for (let k = n - 1; k >= 1 && k >= n - HISTORY_DEPTH; k--) {
      const older = await this.aspectAt(entity.entityType, urn, aspectName, k, a.version);
      if (older === undefined) break;
      out.push({ version: String(k), value: older.value });
    }
    return out;
  }

  /** Set once the remote showed it cannot read an older version of an aspect. */
  private versionReadUnsupported = false;

  /**
   * Version `k` of an aspect (`{value}`), or undefined when the remote does not hold it or cannot
   * read versions (then remembered). `current` is the version of the current value: an answer carrying
   * it is the current value, from a server that ignored `version`.
   */
  private async aspectAt(
    type: string,
    urn: string,
    aspectName: string,
    k: number,
    current: string,
  ): Promise<{ value: unknown } | undefined> {
    const at = (t: string) =>
      `/openapi/v3/entity/${encodeURIComponent(t)}/${encodeURIComponent(urn)}/${encodeURIComponent(aspectName)}?version=${k}&systemMetadata=true`;
    const spelled = this.typeInPath.get(type) ?? type;
    let path = at(spelled);
    let { status, json, headers } = await this.requestWithHeaders('GET', path);
    if (status === 400 && spelled !== spelled.toLowerCase())
      ({ status, json, headers } = await this.requestWithHeaders('GET', (path = at(spelled.toLowerCase()))));
    // A missing version is a 404 that says what is missing (DataHub's `Not-Found-Reason` header; ours
    // sends it too). A 404 without it, a 400 or a 405 is a server without this route.
    if (status === 404 && headers.has('not-found-reason')) return undefined;
    if (status === 404 || status === 400 || status === 405) {
      this.versionReadUnsupported = true;
      return undefined;
    }
    if (status !== 200) throw this.failure('GET', path, status, json);
    const answer =
      typeof json === 'object' && json !== null
        ? (json as { value?: unknown; systemMetadata?: Record<string, unknown> })
        : undefined;
    const version = answer?.systemMetadata?.['version'];
    if (answer?.value === undefined || (version !== undefined && String(version) === current)) {
      this.versionReadUnsupported = true;
      return undefined;
    }
    return { value: answer.value };
  }

  async write(writes: readonly AspectWrite[], runId: string): Promise<Map<string, string>> {
    if (writes.length === 0) return new Map();
    const systemMetadata = { runId, lastObserved: Date.now() };
    const versions = new Map<string, string>();
    // OpenAPI v3's entity writes cannot delete: a batch with a deletion goes as one Rest.li batch of
    // proposals, DELETE among them, all conditional and all or none.
    if (this.bulkWriteUnsupported || writes.some((w) => w.delete)) await this.writeProposals(writes, systemMetadata);
    else {
      // One OpenAPI v3 write per entity type, answered with each aspect's new systemMetadata (its version).
      const byType = new Map<string, AspectWrite[]>();
      for (const w of writes) {
        const list = byType.get(w.entityType);
        if (list) list.push(w);
        else byType.set(w.entityType, [w]);
      }
      const types = [...byType.keys()];
      for (const [i, type] of types.entries()) {
        if (!(await this.writeEntities(type, byType.get(type)!, systemMetadata, versions))) {
          // No such route (known from the first type): the rest go as one Rest.li batch.
          await this.writeProposals(
            types.slice(i).flatMap((t) => byType.get(t)!),
            systemMetadata,
          );
          break;
        }
      }
    }
    for (const w of writes) if (w.delete) versions.set(aspectId(w.urn, w.aspectName), ABSENT_VERSION);
    // What the answers did not say (a server answering without systemMetadata, or the Rest.li path) is read back.
    const unknown = writes.filter((w) => !versions.has(aspectId(w.urn, w.aspectName)));
    if (unknown.length > 0) {
      for (const entity of await this.getEntities([...new Set(unknown.map((w) => w.urn))])) {
        for (const w of unknown) {
          if (w.urn !== entity.urn) continue;
          const a = entity.aspects.get(w.aspectName);
          if (a) versions.set(aspectId(w.urn, w.aspectName), a.version);
        }
      }
    }
    return versions;
  }

  /** Set once the remote answered an OpenAPI v3 write as a route it does not have. */
  private bulkWriteUnsupported = false;
  /** How the remote spells an entity type in its paths, as learnt from its batch gets. */
  private readonly typeInPath = new Map<string, string>();

  /**
   * `POST /openapi/v3/entity/{type}?async=false&systemMetadata=true` with each aspect's
   * `If-Version-Match` in its `headers`: written all or none, answered with the entities as written.
   * False when the remote has no such route (nothing was written).
   */
  private async writeEntities(
    type: string,
    writes: readonly AspectWrite[],
    systemMetadata: Record<string, unknown>,
    versions: Map<string, string>,
  ): Promise<boolean> {
    const byUrn = new Map<string, Record<string, unknown>>();
    for (const w of writes) {
      const entity = byUrn.get(w.urn) ?? { urn: w.urn };
      byUrn.set(w.urn, entity);
      entity[w.aspectName] = {
        value: w.value,
        systemMetadata,
        ...(w.ifVersionMatch !== undefined && { headers: { 'If-Version-Match': w.ifVersionMatch } }),
      };
    }
    const path = `/openapi/v3/entity/${encodeURIComponent(this.typeInPath.get(type) ?? type)}?async=false&systemMetadata=true`;
    const { status, json } = await this.request('POST', path, [...byUrn.values()]);
    if (status === 404 || status === 405) {
      this.bulkWriteUnsupported = true;
      return false;
    }
    if (status === 412) throw new PreconditionFailedError(this.failure('POST', path, status, json).message);
    if (status !== 200 && status !== 201) throw this.failure('POST', path, status, json);
    if (!Array.isArray(json)) return true;
    for (const raw of json) {
      if (typeof raw !== 'object' || raw === null) continue;
      const urn = (raw as Record<string, unknown>)['urn'];
      for (const [name, a] of Object.entries(raw as Record<string, unknown>)) {
        const version =
          typeof a === 'object' && a !== null
            ? (a as { systemMetadata?: Record<string, unknown> }).systemMetadata?.['version']
            : undefined;
        if (typeof urn === 'string' && (typeof version === 'string' || typeof version === 'number'))
          versions.set(aspectId(urn, name), String(version));
      }
    }
    return true;
  }

  /** `POST /aspects?action=ingestProposalBatch` (Rest.li), for a server without OpenAPI v3 writes; answers no versions. */
  private async writeProposals(writes: readonly AspectWrite[], systemMetadata: Record<string, unknown>): Promise<void> {
    const proposals = writes.map((w) => ({
      entityType: w.entityType,
      entityUrn: w.urn,
      changeType: w.delete ? 'DELETE' : 'UPSERT',
      aspectName: w.aspectName,
      ...(!w.delete && { aspect: { value: JSON.stringify(w.value), contentType: 'application/json' } }),
      systemMetadata,
      ...(w.ifVersionMatch !== undefined && { headers: { 'If-Version-Match': w.ifVersionMatch } }),
    }));
    const path = '/aspects?action=ingestProposalBatch';
    const { status, json } = await this.request('POST', path, { proposals, async: 'false' });
    if (status === 412 || (status >= 400 && /expected version|precondition/i.test(JSON.stringify(json ?? '')))) {
      throw new PreconditionFailedError(this.failure('POST', path, status, json).message);
    }
    if (status !== 200) throw this.failure('POST', path, status, json);
  }

  async close(): Promise<void> {}
}
