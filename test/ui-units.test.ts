/**
 * The web UI's pure parts, without a browser: DataHub frontend's addresses (routes.ts), the schema
 * tree, the lineage layout, and the server's sign-in redirect and cross-site checks.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { safeRedirect } from '../src/server/ui/handler.ts';
import { crossSiteRefusal, readCookie } from '../src/server/ui/session.ts';
import { layoutLineage, MAX_PER_COLUMN } from '../src/ui/lib/lineageLayout.ts';
import { buildTree, simplifyFieldPath, visibleRows } from '../src/ui/lib/schemaTree.ts';
import { datasetTab, encodeUrnForPath, entityPath, parseRoute, parseSearch, searchPath } from '../src/ui/routes.ts';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD)';

describe("UI addresses (DataHub frontend's)", () => {
  it("writes entity paths as DataHub does, by the urn's type", () => {
    assert.equal(entityPath(DS, 'Schema'), `/dataset/${DS}/Schema`);
    assert.equal(entityPath('urn:li:corpuser:jdoe'), '/user/urn:li:corpuser:jdoe');
    assert.equal(entityPath('urn:li:corpGroup:bfoo'), '/group/urn:li:corpGroup:bfoo');
    assert.equal(entityPath('urn:li:dataFlow:(airflow,daily,prod)'), '/pipelines/urn:li:dataFlow:(airflow,daily,prod)');
    assert.equal(
      entityPath('urn:li:dataJob:(urn:li:dataFlow:(airflow,daily,prod),load)'),
      '/tasks/urn:li:dataJob:(urn:li:dataFlow:(airflow,daily,prod),load)',
    );
    assert.equal(
      entityPath('urn:li:mlModel:(urn:li:dataPlatform:sagemaker,m,PROD)'),
      '/mlModels/urn:li:mlModel:(urn:li:dataPlatform:sagemaker,m,PROD)',
    );
    assert.equal(entityPath('urn:li:somethingNew:x'), '/entity/urn:li:somethingNew:x');
  });

  it('escapes what a path cannot hold: %, /, ?, # and spaces', () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/dir/50% off?#x y,PROD)';
    const segment = encodeUrnForPath(urn);
    assert.equal(segment, 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket%2Fdir%2F50%25%20off%3F%23x%20y,PROD)');
    assert.deepEqual(parseRoute(`/dataset/${segment}/Schema`), {
      page: 'entity',
      urn,
      entityType: 'dataset',
      tab: 'Schema',
    });
  });

  it('reads a urn raw, DataHub-encoded or fully encoded, with or without a tab', () => {
    assert.deepEqual(parseRoute(`/dataset/${DS}/Lineage`), {
      page: 'entity',
      urn: DS,
      entityType: 'dataset',
      tab: 'Lineage',
    });
    assert.deepEqual(parseRoute(`/dataset/${encodeURIComponent(DS)}`), {
      page: 'entity',
      urn: DS,
      entityType: 'dataset',
    });
    assert.deepEqual(parseRoute(`/dataset/${encodeURIComponent(DS)}/`), {
      page: 'entity',
      urn: DS,
      entityType: 'dataset',
    });
    assert.deepEqual(parseRoute('/tag/urn:li:tag:Legacy'), {
      page: 'entity',
      urn: 'urn:li:tag:Legacy',
      entityType: 'tag',
    });
    assert.deepEqual(parseRoute('/glossaryNode/urn:li:glossaryNode:finance'), {
      page: 'entity',
      urn: 'urn:li:glossaryNode:finance',
      entityType: 'glossaryNode',
    });
  });

  it('knows home and search, and nothing else', () => {
    assert.deepEqual(parseRoute('/'), { page: 'home' });
    assert.deepEqual(parseRoute('/search'), { page: 'search' });
    for (const p of [
      '/dataset',
      '/dataset/not-a-urn',
      '/nope/urn:li:tag:x',
      '/dataset/%E0%A4%A/Schema',
      '/search/more',
      '/dataset/a/b/c/d',
    ]) {
      assert.deepEqual(parseRoute(p), { page: 'notFound' }, p);
    }
    assert.equal(datasetTab('schema'), 'Schema');
    assert.equal(datasetTab('History'), 'History');
    assert.equal(datasetTab('Queries'), undefined);
  });

  it("reads search facets in both of DataHub's forms, and writes them back", () => {
    assert.deepEqual(
      parseSearch('?query=users&filter_platform=urn:li:dataPlatform:hive,urn:li:dataPlatform:kafka&page=2'),
      {
        query: 'users',
        filters: [{ field: 'platform', values: ['urn:li:dataPlatform:hive', 'urn:li:dataPlatform:kafka'] }],
        page: 2,
      },
    );
    assert.deepEqual(
      parseSearch(
        '?query=x&filter_tags___false___0=urn%3Ali%3Atag%3Apii&filter_owners___true___EQUAL___1=urn%3Ali%3Acorpuser%3Ajdoe',
      ),
      {
        query: 'x',
        filters: [
          { field: 'tags', values: ['urn:li:tag:pii'] },
          { field: 'owners', values: ['urn:li:corpuser:jdoe'], negated: true },
        ],
        page: 1,
      },
    );
    const state = { query: 'a b', filters: [{ field: 'container', values: [DS, 'urn:li:container:c'] }], page: 3 };
    assert.deepEqual(parseSearch(searchPath(state).slice('/search'.length)), state);
    assert.deepEqual(parseSearch('?page=-4').page, 1);
  });
});

describe('schema tree', () => {
  const f = (fieldPath: string) => ({ fieldPath });

  it('drops DataHub v2 path segments', () => {
    assert.equal(simplifyFieldPath('[version=2.0].[type=struct].address.[type=string].city'), 'address.city');
    assert.equal(simplifyFieldPath('[version=2.0].[type=boolean].field_foo_2'), 'field_foo_2');
    assert.equal(simplifyFieldPath('plain.path'), 'plain.path');
  });

  it('nests children under parents in order, and hangs orphans from the nearest ancestor', () => {
    const rows = buildTree([f('a'), f('b'), f('a.x'), f('a.x.deep'), f('c.y.z'), f('c'), f('a.y')]);
    assert.deepEqual(
      rows.map((r) => [r.path, r.depth, r.childCount]),
      [
        ['a', 0, 2],
        ['a.x', 1, 1],
        ['a.x.deep', 2, 0],
        ['a.y', 1, 0],
        ['b', 0, 0],
        ['c', 0, 1],
        ['c.y.z', 1, 0],
      ],
    );
  });

  it('folds collapsed rows and shows ancestors of filter matches', () => {
    const rows = buildTree([f('a'), f('a.x'), f('a.x.deep'), f('b')]);
    assert.deepEqual(
      visibleRows(rows, new Set(['a'])).map((r) => r.path),
      ['a', 'b'],
    );
    assert.deepEqual(
      visibleRows(rows, new Set(['a']), (r) => r.name === 'deep').map((r) => r.path),
      ['a', 'a.x', 'a.x.deep'],
    );
  });
});

describe('lineage layout', () => {
  it('puts upstream left and downstream right by hops, with an edge per path step', () => {
    const layout = layoutLineage(
      'C',
      [
        { urn: 'U1', degree: 1, paths: [['C', 'U1']] },
        { urn: 'U2', degree: 2, paths: [['C', 'U1', 'U2']] },
      ],
      [{ urn: 'D1', degree: 1, paths: [['C', 'D1']] }],
      3,
    );
    const col = Object.fromEntries(layout.nodes.map((n) => [n.urn, n.column]));
    assert.deepEqual(col, { U2: -2, U1: -1, C: 0, D1: 1 });
    assert.deepEqual(layout.edges.map((e) => `${e.from}>${e.to}`).sort(), ['C>D1', 'U1>C', 'U2>U1']);
    const x = Object.fromEntries(layout.nodes.map((n) => [n.urn, n.x]));
    assert.ok(x['U2']! < x['U1']! && x['U1']! < x['C']! && x['C']! < x['D1']!);
  });

  it('leaves out what is beyond the hops asked for, and caps a column', () => {
    const many = Array.from({ length: MAX_PER_COLUMN + 5 }, (_, i) => ({
      urn: `U${i}`,
      degree: 1,
      paths: [['C', `U${i}`]],
    }));
    const layout = layoutLineage('C', [...many, { urn: 'FAR', degree: 2, paths: [['C', 'U0', 'FAR']] }], [], 1);
    assert.equal(layout.nodes.length, MAX_PER_COLUMN + 1);
    assert.equal(layout.hidden.get(-1), 5);
    assert.ok(!layout.nodes.some((n) => n.urn === 'FAR'));
  });
});

describe('sign-in and cross-site checks', () => {
  const req = (headers: Record<string, string>, method = 'POST') =>
    ({ method, headers, socket: {} }) as unknown as IncomingMessage;

  it('redirects after sign-in to a path of this server only', () => {
    assert.equal(safeRedirect('/dataset/x/Schema?a=1'), '/dataset/x/Schema?a=1');
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null])
      assert.equal(safeRedirect(bad), '/', String(bad));
  });

  it("refuses writes a browser marks as another site's, and cookie writes without proof", () => {
    const host = { host: '127.0.0.1:8080' };
    assert.equal(crossSiteRefusal(req(host), false), undefined, 'an API client');
    assert.match(crossSiteRefusal(req(host), true) ?? '', /Cross-site/, 'a cookie alone proves nothing');
    assert.equal(crossSiteRefusal(req({ ...host, origin: 'http://127.0.0.1:8080' }), true), undefined);
    assert.equal(crossSiteRefusal(req({ ...host, 'sec-fetch-site': 'same-origin' }), true), undefined);
    assert.match(crossSiteRefusal(req({ ...host, origin: 'http://127.0.0.1:3000' }), false) ?? '', /Cross-site/);
    assert.match(crossSiteRefusal(req({ ...host, origin: 'null' }), false) ?? '', /Cross-site/);
    assert.match(crossSiteRefusal(req({ ...host, 'sec-fetch-site': 'same-site' }), false) ?? '', /Cross-site/);
    assert.equal(
      crossSiteRefusal(
        req({ ...host, origin: 'https://catalog.example.com', 'x-forwarded-host': 'catalog.example.com' }),
        true,
      ),
      undefined,
    );
    assert.equal(
      crossSiteRefusal(req({ ...host, origin: 'http://evil.example' }, 'GET'), true),
      undefined,
      'reads are not writes',
    );
  });

  it('reads the session cookie among others', () => {
    assert.equal(readCookie(req({ cookie: 'a=1; catalog_session=ctk_x_y%2Bz; b=2' }), 'catalog_session'), 'ctk_x_y+z');
    assert.equal(readCookie(req({}), 'catalog_session'), undefined);
  });
});
