import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeUrnPart, encodeUrnPart, formatUrn, makeUrn, parseUrn, partValue } from '../src/model/urn.ts';
import { keyAspectOf, validateUrn, entityTypeOfSnapshot } from '../src/model/registry.ts';
import { InvalidUrnError } from '../src/errors.ts';

describe('URN parsing and formatting', () => {
  it('parses a dataset urn into its tuple parts', () => {
    const u = parseUrn('urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)');
    assert.equal(u.entityType, 'dataset');
    assert.equal(u.parts?.length, 3);
    assert.equal(partValue(u, 0), 'urn:li:dataPlatform:hive');
    assert.equal(partValue(u, 1), 'SampleHiveDataset');
    assert.equal(partValue(u, 2), 'PROD');
  });

  it('parses simple keys of users, groups, tags and platforms', () => {
    for (const [s, type, key] of [
      ['urn:li:corpuser:jdoe', 'corpuser', 'jdoe'],
      ['urn:li:corpGroup:bfoo', 'corpGroup', 'bfoo'],
      ['urn:li:tag:Legacy', 'tag', 'Legacy'],
      ['urn:li:dataPlatform:kafka', 'dataPlatform', 'kafka'],
      ['urn:li:corpuser:bar@acryl.io', 'corpuser', 'bar@acryl.io'],
    ] as const) {
      const u = parseUrn(s);
      assert.equal(u.entityType, type);
      assert.equal(u.rawKey, key);
      assert.equal(u.parts, null);
    }
  });

  it('parses nested tuple keys (schemaField of a dataset)', () => {
    const s = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD),user_name)';
    const u = parseUrn(s);
    assert.equal(u.parts?.length, 2);
    assert.equal(partValue(u, 0), 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD)');
    assert.equal(partValue(u, 1), 'user_name');
    assert.equal(formatUrn(u), s);
  });

  it("decodes DataHub's percent-encoded reserved characters in tuple parts and keeps the raw form", () => {
    const s = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t%28a%2Cb%29,PROD)';
    const u = parseUrn(s);
    assert.equal(partValue(u, 1), 'db.t(a,b)');
    assert.equal(formatUrn(u), s);
    assert.equal(makeUrn('dataset', 'urn:li:dataPlatform:hive', 'db.t(a,b)', 'PROD'), s);
    assert.equal(encodeUrnPart('a\u241Fb'), 'a%E2%90%9Fb');
  });

  const bad: Array<[string, RegExp]> = [
    ['', /it is empty/],
    ['urn:x:dataset:foo', /must start with "urn:li:"/],
    ['urn:li:corpuser', /followed by ":" and a key/],
    ['urn:li::jdoe', /entity type is empty/],
    ['urn:li:corp-user:jdoe', /entity type "corp-user" is not a valid name/],
    ['urn:li:corpuser:', /key after the entity type is empty/],
    ['urn:li:dataset:(urn:li:dataPlatform:hive,t1,PROD', /not closed/],
    ['urn:li:dataset:(urn:li:dataPlatform:hive,,PROD)', /tuple part 2 is empty/],
    ['urn:li:dataset:(urn:li:dataPlatform:hive,a(b,PROD)', /unbalanced|unencoded parentheses/],
    ['urn:li:tag:a(b)', /plain key must not contain parentheses/],
    ['urn:li:tag:a\nb', /control character/],
  ];
  for (const [input, why] of bad) {
    it(`rejects ${JSON.stringify(input)} with a message that quotes it`, () => {
      assert.throws(
        () => parseUrn(input),
        (e: unknown) => e instanceof InvalidUrnError && e.message.includes(`"${input}"`) && why.test(e.message),
      );
    });
  }

  it('applies the dataset rules: platform urn and a valid environment', () => {
    assert.throws(
      () => validateUrn('urn:li:dataset:(hive,t1,PROD)'),
      /first part of a dataset urn must be a urn:li:dataPlatform/,
    );
    assert.throws(
      () => validateUrn('urn:li:dataset:(urn:li:dataPlatform:hive,t1,NOPE)'),
      /environment must be one of DEV, TEST/,
    );
    // FabricType's later symbols (SIT, SBX, CERT) are environments too, as an aspect's `env` takes them.
    for (const env of ['SIT', 'SBX', 'CERT']) {
      assert.doesNotThrow(() => validateUrn(`urn:li:dataset:(urn:li:dataPlatform:hive,t1,${env})`));
    }
    assert.throws(
      () => validateUrn('urn:li:dataset:(urn:li:dataPlatform:hive,t1)'),
      /urn:li:dataset:\(urn:li:dataPlatform:<platform>,<name>,<env>\)/,
    );
    assert.throws(() => validateUrn('urn:li:schemaField:(x,y)'), /schemaField urn has the form/);
    assert.equal(validateUrn('urn:li:dataset:(urn:li:dataPlatform:hive,t1,PROD)').entityType, 'dataset');
  });
});

describe('URN properties (fast-check)', () => {
  const idChar = fc.constantFrom(...'abcXYZ019_-.@/ :%$'.split(''));
  const plainId = fc.string({ unit: idChar, minLength: 1, maxLength: 20 });
  const anyText = fc.string({ unit: fc.constantFrom(...'ab,()\u241F%2C:._ '.split('')), minLength: 1, maxLength: 16 });
  const entityType = fc.constantFrom('corpuser', 'corpGroup', 'tag', 'dataPlatform', 'glossaryTerm', 'myThing_2');

  it('format(parse(s)) === s for simple urns', () => {
    fc.assert(
      fc.property(entityType, plainId, (t, id) => {
        const s = `urn:li:${t}:${id}`;
        assert.equal(formatUrn(parseUrn(s)), s);
      }),
    );
  });

  it('a dataset urn made from any name round-trips and decodes back to the name', () => {
    fc.assert(
      fc.property(plainId, anyText, fc.constantFrom('PROD', 'DEV', 'QA'), (platform, name, env) => {
        // DataHub does not escape "%", so a name holding a literal escape is ambiguous by design.
        fc.pre(!/%(2C|28|29|E2%90%9F)/i.test(name));
        const s = makeUrn('dataset', `urn:li:dataPlatform:${platform.replace(/[ :%]/g, 'x')}`, name, env);
        const u = validateUrn(s);
        assert.equal(formatUrn(u), s);
        assert.equal(partValue(u, 1), name);
      }),
    );
  });

  it('encodeUrnPart and decodeUrnPart are inverse on text without literal escapes', () => {
    fc.assert(
      fc.property(anyText, (t) => {
        fc.pre(!/%(2C|28|29|E2%90%9F)/i.test(t));
        assert.equal(decodeUrnPart(encodeUrnPart(t)), t);
      }),
    );
  });

  it('nested tuples of any depth round-trip', () => {
    const urnArb: fc.Arbitrary<string> = fc.letrec<{ u: string }>((tie) => ({
      u: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.tuple(entityType, plainId).map(([t, id]) => `urn:li:${t}:${id.replace(/[()]/g, '')}`),
        fc
          .tuple(entityType, fc.array(fc.oneof(tie('u'), anyText.map(encodeUrnPart)), { minLength: 1, maxLength: 3 }))
          .map(([t, parts]) => `urn:li:${t}:(${parts.join(',')})`),
      ),
    })).u;
    fc.assert(
      fc.property(urnArb, (s) => {
        assert.equal(formatUrn(parseUrn(s)), s);
      }),
    );
  });

  it('never throws anything but InvalidUrnError on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `urn:li:${s}`),
        ),
        (s) => {
          try {
            const u = parseUrn(s);
            assert.equal(formatUrn(u), s);
          } catch (e) {
            assert.ok(e instanceof InvalidUrnError, String(e));
          }
        },
      ),
    );
  });
});

describe('entity registry: the key aspect each URN implies (DataHub key aspect PDLs)', () => {
  const cases: Array<[string, string, Record<string, string | string[]>]> = [
    [
      'urn:li:dataset:(urn:li:dataPlatform:hive,db.a%2Cb,PROD)',
      'datasetKey',
      { platform: 'urn:li:dataPlatform:hive', name: 'db.a,b', origin: 'PROD' },
    ],
    ['urn:li:corpuser:jdoe', 'corpUserKey', { username: 'jdoe' }],
    ['urn:li:corpGroup:bfoo', 'corpGroupKey', { name: 'bfoo' }],
    ['urn:li:tag:Legacy', 'tagKey', { name: 'Legacy' }],
    ['urn:li:dataPlatform:hive', 'dataPlatformKey', { platformName: 'hive' }],
    [
      'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD),user_id)',
      'schemaFieldKey',
      { parent: 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)', fieldPath: 'user_id' },
    ],
    ['urn:li:glossaryTerm:Classification.PII', 'glossaryTermKey', { name: 'Classification.PII' }],
    ['urn:li:glossaryNode:Classification', 'glossaryNodeKey', { name: 'Classification' }],
    ['urn:li:domain:marketing', 'domainKey', { id: 'marketing' }],
    ['urn:li:container:0f3c1e', 'containerKey', { guid: '0f3c1e' }],
    ['urn:li:chart:(looker,c1)', 'chartKey', { dashboardTool: 'looker', chartId: 'c1' }],
    ['urn:li:dashboard:(looker,d1)', 'dashboardKey', { dashboardTool: 'looker', dashboardId: 'd1' }],
    ['urn:li:dataFlow:(airflow,etl,prod)', 'dataFlowKey', { orchestrator: 'airflow', flowId: 'etl', cluster: 'prod' }],
    [
      'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load)',
      'dataJobKey',
      { flow: 'urn:li:dataFlow:(airflow,etl,prod)', jobId: 'load' },
    ],
    ['urn:li:ownershipType:__system__technical_owner', 'ownershipTypeKey', { id: '__system__technical_owner' }],
    ['urn:li:dataHubAccessToken:abc', 'dataHubAccessTokenKey', { id: 'abc' }],
    [
      'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,m,PROD)',
      'mlModelKey',
      { platform: 'urn:li:dataPlatform:sagemaker', name: 'm', origin: 'PROD' },
    ],
    ['urn:li:mlFeature:(users,age)', 'mlFeatureKey', { featureNamespace: 'users', name: 'age' }],
    [
      'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)',
      'mlFeatureTableKey',
      { platform: 'urn:li:dataPlatform:feast', name: 'users' },
    ],
    ['urn:li:notebook:(querybook,1234)', 'notebookKey', { notebookTool: 'querybook', notebookId: '1234' }],
    [
      'urn:li:dataPlatformInstance:(urn:li:dataPlatform:hive,warehouse)',
      'dataPlatformInstanceKey',
      { platform: 'urn:li:dataPlatform:hive', instance: 'warehouse' },
    ],
    ['urn:li:dataProduct:revenue', 'dataProductKey', { id: 'revenue' }],
    ['urn:li:structuredProperty:io.acryl.retention', 'structuredPropertyKey', { id: 'io.acryl.retention' }],
    // A type we do not model still gets a key, so any urn:li:<type>:<key> can be stored.
    ['urn:li:dataHubPolicy:p1', 'dataHubPolicyKey', { id: 'p1' }],
    ['urn:li:someNewType:(a,b)', 'someNewTypeKey', { parts: ['a', 'b'] }],
  ];
  it('MCE snapshot names give DataHub\'s entity type names (ML types keep the lower-case "ml")', () => {
    assert.equal(entityTypeOfSnapshot('com.linkedin.pegasus2avro.metadata.snapshot.MLFeatureSnapshot'), 'mlFeature');
    assert.equal(entityTypeOfSnapshot('com.linkedin.metadata.snapshot.MLModelGroupSnapshot'), 'mlModelGroup');
    assert.equal(entityTypeOfSnapshot('com.linkedin.metadata.snapshot.CorpUserSnapshot'), 'corpuser');
    assert.equal(entityTypeOfSnapshot('com.linkedin.metadata.snapshot.DataHubPolicySnapshot'), 'dataHubPolicy');
    assert.equal(entityTypeOfSnapshot('com.linkedin.metadata.snapshot.NotASnapshotRecord'), undefined);
  });
  for (const [urn, aspectName, value] of cases) {
    it(`${urn} → ${aspectName}`, () => {
      const key = keyAspectOf(urn);
      assert.equal(key.aspectName, aspectName);
      assert.deepEqual(key.value, value);
      assert.equal(key.entityType, parseUrn(urn).entityType);
    });
  }
});
