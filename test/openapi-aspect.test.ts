// OpenAPI v3's generic aspect routes, `/openapi/v3/entity/{type}/{urn}/{aspect}` (docs/datahub/discovery.md
// §7.7; DataHub's GenericEntitiesController), over a real server on a temp data file: reading one aspect
// and its older versions, HEAD, CREATE-by-default writes, conditional headers, PATCH, DELETE, every
// error message, and that a refused or bad request writes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.aspects,PROD)';
const SLASHED = 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/orders,PROD)';
const NEW = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.brand_new,PROD)';
const enc = encodeURIComponent;
const tags = (...names: string[]) => ({ tags: names.map((n) => ({ tag: `urn:li:tag:${n}` })) });

interface Reply {
  status: number;
  body: any;
  text: string;
}

describe('OpenAPI v3 generic aspect routes', () => {
  let s: GqlServer;
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> => {
    const res = await fetch(`${s.server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, body: text === '' ? undefined : JSON.parse(text) };
  };
  const aspectPath = (urn: string, aspect: string, query = '', encode = true) =>
    `/openapi/v3/entity/dataset/${encode ? enc(urn) : urn}/${aspect}${query}`;
  const stored = (urn: string, aspect: string) => s.store.getAspect(urn, aspect)?.value;

  before(async () => {
    s = await startSampleServer({ sample: false });
    // Three versions of globalTags: a, then a+b, then c.
    for (const value of [tags('a'), tags('a', 'b'), tags('c')]) {
      const r = await send('POST', '/openapi/v3/entity/dataset?async=false', [{ urn: DS, globalTags: { value } }]);
      assert.equal(r.status, 200, r.text);
    }
    const r = await send('POST', '/openapi/v3/entity/dataset?async=false', [
      { urn: SLASHED, status: { value: { removed: false } } },
    ]);
    assert.equal(r.status, 200, r.text);
  });
  after(() => s.close());

  describe('GET', () => {
    it('answers the latest value alone, and its system metadata when asked', async () => {
      const r = await send('GET', aspectPath(DS, 'globalTags'));
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body, { value: tags('c') });
      const withMeta = await send('GET', aspectPath(DS, 'globalTags', '?systemMetadata=true'));
      assert.deepEqual(withMeta.body.value, tags('c'));
      assert.equal(typeof withMeta.body.systemMetadata.lastObserved, 'number');
    });

    it('reads an older version: 1 is the oldest, 0 the latest', async () => {
      assert.deepEqual((await send('GET', aspectPath(DS, 'globalTags', '?version=1'))).body, { value: tags('a') });
      assert.deepEqual((await send('GET', aspectPath(DS, 'globalTags', '?version=2'))).body, { value: tags('a', 'b') });
      assert.deepEqual((await send('GET', aspectPath(DS, 'globalTags', '?version=0'))).body, { value: tags('c') });
    });

    it('takes the urn raw, slashes included, and the aspect name in any case', async () => {
      assert.deepEqual((await send('GET', aspectPath(DS, 'globalTags', '', false))).body, { value: tags('c') });
      assert.deepEqual((await send('GET', aspectPath(SLASHED, 'status', '', false))).body, {
        value: { removed: false },
      });
      assert.deepEqual((await send('GET', aspectPath(DS, 'GLOBALTAGS'))).body, { value: tags('c') });
      // The entity route still answers a raw urn with a slash: its last segment is no aspect name.
      const entity = await send('GET', `/openapi/v3/entity/dataset/${SLASHED}`);
      assert.equal(entity.status, 200, entity.text);
      assert.equal(entity.body.urn, SLASHED);
    });

    it('says whether the entity, the aspect or the version is missing (404), and refuses a bad version or urn (400)', async () => {
      assert.deepEqual(await send('GET', aspectPath(NEW, 'globalTags')), {
        status: 404,
        text: JSON.stringify({ status: 404, message: `Entity ${NEW} not found` }),
        body: { status: 404, message: `Entity ${NEW} not found` },
      });
      assert.equal(
        (await send('GET', aspectPath(DS, 'ownership'))).body.message,
        `Entity ${DS} has no aspect ownership`,
      );
      assert.equal(
        (await send('GET', aspectPath(DS, 'globalTags', '?version=4'))).body.message,
        `Aspect globalTags of ${DS} has no version 4`,
      );
      // As DataHub's, each 404 says it with `Not-Found-Reason: ENTITY`: a client tells a missing version from a missing route by it.
      for (const path of [
        aspectPath(NEW, 'globalTags'),
        aspectPath(DS, 'ownership'),
        aspectPath(DS, 'globalTags', '?version=4'),
      ]) {
        const res = await fetch(`${s.server.url}${path}`);
        assert.deepEqual([res.status, res.headers.get('not-found-reason')], [404, 'ENTITY'], path);
      }
      assert.equal(
        (await fetch(`${s.server.url}${aspectPath(DS, 'globalTags')}`)).headers.get('not-found-reason'),
        null,
      );
      const bad = await send('GET', aspectPath(DS, 'globalTags', '?version=-1'));
      assert.deepEqual(bad.body, {
        status: 400,
        message: 'version: expected a whole number ≥ 0 (0 = the latest), got "-1"',
      });
      assert.equal((await send('GET', aspectPath(DS, 'globalTags', '?version=latest'))).status, 400);
      const wrongType = await send('GET', `/openapi/v3/entity/chart/${enc(DS)}/globalTags`);
      assert.deepEqual(wrongType.body, {
        status: 400,
        message: `urn: ${DS} is a dataset urn, but the path names entity type chart`,
      });
      assert.equal(
        (await send('GET', `/openapi/v3/entity/dataset/${enc('urn:li:dataset:nope')}/globalTags`)).status,
        400,
      );
    });
  });

  describe('HEAD', () => {
    it('is 204 when the aspect or the entity exists, 404 when not, with no body', async () => {
      const head = async (path: string) => {
        const r = await send('HEAD', path);
        assert.equal(r.text, '');
        return r.status;
      };
      assert.equal(await head(aspectPath(DS, 'globalTags')), 204);
      assert.equal(await head(aspectPath(DS, 'ownership')), 404);
      assert.equal(await head(`/openapi/v3/entity/dataset/${enc(DS)}`), 204);
      assert.equal(await head(`/openapi/v3/entity/dataset/${enc(NEW)}`), 404);
    });
  });

  describe('POST', () => {
    it('creates an aspect not yet there, and answers the entity written', async () => {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.created,PROD)';
      const r = await send('POST', aspectPath(urn, 'globalTags'), { value: tags('new') });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body, { urn, globalTags: { value: tags('new') } });
      assert.deepEqual(stored(urn, 'globalTags'), tags('new'));
    });

    it("by default is a CREATE: an aspect that exists is refused with DataHub's validation error and kept as it was", async () => {
      const r = await send('POST', aspectPath(DS, 'globalTags'), { value: tags('overwritten') });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.error, 'Validation Error');
      assert.match(
        r.body.message,
        /globalTags\) Exceptions: \[VALIDATION Cannot perform CREATE since the aspect already exists\.\]/,
      );
      assert.deepEqual(stored(DS, 'globalTags'), tags('c'));
    });

    it('with createIfNotExists=false it upserts; createIfEntityNotExists=true refuses an entity that exists', async () => {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.upserted,PROD)';
      assert.equal((await send('POST', aspectPath(urn, 'globalTags'), { value: tags('one') })).status, 200);
      const up = await send('POST', aspectPath(urn, 'globalTags', '?createIfNotExists=false'), { value: tags('two') });
      assert.equal(up.status, 200, up.text);
      assert.deepEqual(stored(urn, 'globalTags'), tags('two'));
      const entity = await send('POST', aspectPath(urn, 'status', '?createIfEntityNotExists=true'), {
        value: { removed: false },
      });
      assert.equal(entity.status, 400, entity.text);
      assert.match(
        entity.body.message,
        /Cannot perform CREATE_ENTITY if not exists since the entity key already exists\./,
      );
      assert.equal(stored(urn, 'status'), undefined);
    });

    it('honours a conditional header, as an HTTP header or in the body, and writes nothing when it fails', async () => {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.conditional,PROD)';
      assert.equal((await send('POST', aspectPath(urn, 'globalTags'), { value: tags('v1') })).status, 200);
      const stale = await send(
        'POST',
        aspectPath(urn, 'globalTags', '?createIfNotExists=false'),
        { value: tags('lost') },
        { 'If-Version-Match': '7' },
      );
      assert.equal(stale.status, 412, stale.text);
      assert.match(stale.body.message, /Expected version 7, actual version 1/);
      const inBody = await send('POST', aspectPath(urn, 'globalTags', '?createIfNotExists=false'), {
        value: tags('lost'),
        headers: { 'If-Version-Match': '7' },
      });
      assert.equal(inBody.status, 412, inBody.text);
      assert.deepEqual(stored(urn, 'globalTags'), tags('v1'));
      const ok = await send(
        'POST',
        aspectPath(urn, 'globalTags', '?createIfNotExists=false'),
        { value: tags('v2') },
        { 'If-Version-Match': '1' },
      );
      assert.equal(ok.status, 200, ok.text);
      assert.deepEqual(stored(urn, 'globalTags'), tags('v2'));
    });

    it('refuses a bad body or flag with a message that says where, and writes nothing', async () => {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.refused,PROD)';
      const cases: Array<[unknown, number, RegExp]> = [
        ['{not json', 400, /JSON/],
        [{ tags: [] }, 400, /^globalTags\.value: required object is missing$/],
        [
          { value: { tags: [{ tag: 42 }] } },
          422,
          /^globalTags\.value: Invalid globalTags at tags\[0\]\.tag: expected a urn string, got number 42$/,
        ],
        [[], 400, /^globalTags: expected \{"value": …, "systemMetadata"\?: \{…\}, "headers"\?: \{…\}\}, got an array$/],
        [
          { value: tags('x'), headers: { 'If-Version-Match': 3 } },
          400,
          /^globalTags\.headers\.If-Version-Match: expected a string, got/,
        ],
      ];
      for (const [body, status, message] of cases) {
        const r = await send('POST', aspectPath(urn, 'globalTags'), body);
        assert.equal(r.status, status, `${JSON.stringify(body)}: ${r.text}`);
        assert.match(r.body.message, message);
      }
      const flag = await send('POST', aspectPath(urn, 'globalTags', '?createIfNotExists=maybe'), { value: tags('x') });
      assert.deepEqual(flag.body, { status: 400, message: 'createIfNotExists: expected true or false, got "maybe"' });
      assert.equal(s.store.entityExists(urn), false);
    });
  });

  describe('PATCH and DELETE', () => {
    it('PATCH applies a JSON Patch to the stored value; a bad patch is a 422 and writes nothing', async () => {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.patched,PROD)';
      assert.equal((await send('POST', aspectPath(urn, 'globalTags'), { value: tags('a') })).status, 200);
      const r = await send('PATCH', aspectPath(urn, 'globalTags'), {
        patch: [{ op: 'add', path: '/tags/urn:li:tag:b', value: { tag: 'urn:li:tag:b' } }],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(stored(urn, 'globalTags'), tags('a', 'b'));
      const bad = await send('PATCH', aspectPath(urn, 'globalTags'), [{ op: 'add', path: '/tags/x' }]);
      assert.equal(bad.status, 422, bad.text);
      assert.match(bad.body.message, /^globalTags\.value: Invalid patch of globalTags: Missing `patch` field/);
      // A patch whose result is no valid aspect is found when it is applied, and named the same way.
      const invalid = await send('PATCH', aspectPath(urn, 'globalTags'), {
        patch: [{ op: 'add', path: '/tags/urn:li:tag:n', value: { tag: 5 } }],
      });
      assert.equal(invalid.status, 422, invalid.text);
      assert.equal(
        invalid.body.message,
        'globalTags.value: Invalid patch of globalTags: the patched value is not valid: Invalid globalTags at tags[2].tag: expected a urn string, got number 5',
      );
      assert.deepEqual(stored(urn, 'globalTags'), tags('a', 'b'));
    });

    it('DELETE removes the aspect (200, no body); an aspect name nobody knows is a 400', async () => {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.deleted,PROD)';
      assert.equal((await send('POST', aspectPath(urn, 'globalTags'), { value: tags('a') })).status, 200);
      assert.equal((await send('POST', aspectPath(urn, 'status'), { value: { removed: false } })).status, 200);
      const r = await send('DELETE', aspectPath(urn, 'globalTags'));
      assert.deepEqual([r.status, r.text], [200, '']);
      assert.equal(stored(urn, 'globalTags'), undefined);
      assert.deepEqual(stored(urn, 'status'), { removed: false }, 'the other aspects stay');
      const unknown = await send('DELETE', aspectPath(urn, 'noSuchAspect'));
      assert.equal(unknown.status, 400, unknown.text);
      assert.match(unknown.body.message, /unknown aspect "noSuchAspect"/);
    });
  });
});
