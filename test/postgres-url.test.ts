/**
 * The PostgreSQL URL of `catalog export --to` and `catalog pull`, in process: what is accepted, what
 * each mistake says, that the password never shows, and where the password comes from (the URL,
 * PGPASSWORD, the password file with its wildcards and escapes, ignored when others may read it).
 */
import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BadRequestError } from '../src/errors.ts';
import { describeTarget, parsePostgresUrl, passwordFor, redact } from '../src/ops/sync/postgresConnection.ts';
import { locationOf, addRemote } from '../src/ops/sync/remotes.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { tempDataPath, tempDir } from './helpers.ts';

const env = { USER: 'me' };

test('a full URL: user, password, host, port, database, TLS parameters', () => {
  const t = parsePostgresUrl(
    'postgresql://datahub:p%40ss@db.internal:6432/datahub?sslmode=verify-full&sslrootcert=/etc/ca.pem&connect_timeout=5',
    env,
  );
  assert.deepEqual(t, {
    host: 'db.internal',
    port: 6432,
    database: 'datahub',
    user: 'datahub',
    password: 'p@ss',
    sslmode: 'verify-full',
    sslrootcert: '/etc/ca.pem',
    connectTimeout: 5,
    applicationName: 'catalog',
  });
  assert.equal(describeTarget(t), 'postgres://datahub@db.internal:6432/datahub');
});

test('defaults as libpq takes them: port 5432, sslmode prefer, the user from PGUSER', () => {
  const t = parsePostgresUrl('postgres://db/datahub', { PGUSER: 'reader' });
  assert.equal(t.port, 5432);
  assert.equal(t.sslmode, 'prefer');
  assert.equal(t.user, 'reader');
  assert.equal(t.password, undefined);
  assert.equal(parsePostgresUrl('postgres://db/datahub', { PGSSLMODE: 'require', PGPORT: '6543' }).sslmode, 'require');
  assert.equal(parsePostgresUrl('postgres://[::1]:5433/x', env).host, '::1');
});

test('each mistake is named, without the password', () => {
  const cases: Array<[string, string]> = [
    ['postgres:///db', 'postgres:///db: no host; write postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE'],
    [
      'postgres://u:secret@h',
      'postgres://u@h: name one database after the host (postgres://USER@HOST[:PORT]/DATABASE)',
    ],
    [
      'postgres://u:secret@h/a/b',
      'postgres://u@h/a/b: name one database after the host (postgres://USER@HOST[:PORT]/DATABASE)',
    ],
    [
      'postgres://u:secret@h/db?sslmode=on',
      'postgres://u@h/db?sslmode=on: sslmode "on" is not one of disable, allow, prefer, require, verify-ca, verify-full',
    ],
    [
      'postgres://u:secret@h/db?schema=x',
      'postgres://u@h/db?schema=x: unknown parameter "schema"; known: sslmode, sslrootcert, connect_timeout, application_name',
    ],
    [
      'postgres://u:secret@h/db?connect_timeout=soon',
      'postgres://u@h/db?connect_timeout=soon: connect_timeout "soon" is not a whole number of seconds above 0',
    ],
    ['postgres://u:secret@h:0/db', 'postgres://u@h:0/db: port "0" is not a port number'],
    [
      'postgres://u:secret@h:x/db',
      'postgres://u@h:x/db: not a PostgreSQL URL; write postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE',
    ],
  ];
  for (const [url, message] of cases) {
    assert.throws(
      () => parsePostgresUrl(url, env),
      (e: unknown) => e instanceof BadRequestError && e.message === message && !e.message.includes('secret'),
      url,
    );
  }
  assert.throws(() => parsePostgresUrl('mysql://u@h/db', env), {
    message: 'mysql://u@h/db: a PostgreSQL URL starts with postgres:// or postgresql://',
  });
});

test('redact cuts the password out of a URL', () => {
  assert.equal(redact('postgres://u:s3cr:et@h:1/db?sslmode=require'), 'postgres://u@h:1/db?sslmode=require');
  assert.equal(redact('postgres://u@h/db'), 'postgres://u@h/db');
});

test('the password: URL first, then PGPASSWORD, then the password file (wildcards, escapes, localhost for 127.0.0.1)', () => {
  const dir = tempDir();
  const file = join(dir, 'pgpass');
  writeFileSync(
    file,
    ['# comment', 'other:5432:*:me:no', 'localhost:5432:datahub:me:from\\:file\\\\x', '*:*:*:me:fallback', ''].join(
      '\n',
    ),
  );
  chmodSync(file, 0o600);
  const t = parsePostgresUrl('postgres://me@127.0.0.1/datahub', env);
  assert.equal(passwordFor({ ...t, password: 'url' }, { PGPASSWORD: 'env', PGPASSFILE: file }), 'url');
  assert.equal(passwordFor(t, { PGPASSWORD: 'env', PGPASSFILE: file }), 'env');
  assert.equal(passwordFor(t, { PGPASSFILE: file }), 'from:file\\x');
  assert.equal(passwordFor(parsePostgresUrl('postgres://me@db/other', env), { PGPASSFILE: file }), 'fallback');
  assert.equal(passwordFor(parsePostgresUrl('postgres://you@db/other', env), { PGPASSFILE: file }), undefined);
  // ~/.pgpass under HOME when PGPASSFILE is not set.
  writeFileSync(join(dir, '.pgpass'), '*:*:*:*:home\n');
  chmodSync(join(dir, '.pgpass'), 0o600);
  assert.equal(passwordFor(t, { HOME: dir }), 'home');
  // A file others may read is ignored, as libpq does.
  chmodSync(file, 0o644);
  assert.equal(passwordFor(t, { PGPASSFILE: file }), undefined);
  assert.equal(passwordFor(t, { PGPASSFILE: join(dir, 'missing') }), undefined);
});

test('a remote named for a database keeps no password, and takes no --token', async () => {
  assert.throws(() => locationOf('postgres://u:secret@h/db'), {
    message:
      "postgres://u@h/db: put no password in a remote's URL (it would be kept in the data file); give it in PGPASSWORD or ~/.pgpass",
  });
  assert.equal(locationOf('postgres://u@h/db?sslmode=require'), 'postgres://u@h/db?sslmode=require');
  const store = openCatalog(tempDataPath());
  try {
    await assert.rejects(async () => addRemote(store, 'prod', 'postgres://u@h/db', { withToken: true }), {
      message:
        '--token is for an HTTP remote; postgres://u@h/db is a database, which takes its password from PGPASSWORD or ~/.pgpass',
    });
    const added = await addRemote(store, 'prod', 'postgres://u@h/db?sslmode=verify-full');
    assert.equal(added.location, 'postgres://u@h/db?sslmode=verify-full');
  } finally {
    await store.close();
  }
});
