/**
 * A real PostgreSQL server for the tests of `catalog export --to postgres://…` and `catalog pull
 * postgres://…`: `initdb` and `pg_ctl` in a temp folder, on a free port of 127.0.0.1, with password
 * authentication (scram-sha-256) over TCP and TLS on (a self-signed certificate for `localhost`, made
 * here with openssl). Run as the `postgres` user when the tests run as root (PostgreSQL refuses to run
 * as root). Stopped (and its folder removed) by `stop()`, which every suite calls in `after()`.
 *
 * Nothing is installed here: `scripts/setup.sh postgres` installs PostgreSQL (npm test runs it for
 * the files that import this module); when it is missing the suite fails, saying to run that.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** Where Debian's packages put the server's programs; PG_BIN names another folder. */
export function postgresBin(): string {
  const given = process.env['PG_BIN'];
  if (given) return given;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run `bash scripts/setup.sh postgres` (or set PG_BIN to the folder holding initdb and pg_ctl)',
    );
  return join(base, versions.includes('15') ? '15' : versions[0]!, 'bin');
}

export interface PgServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The PEM file of the server's certificate (its own CA), for `sslrootcert`. */
  certFile: string;
  /** `postgres://user:password@127.0.0.1:port/db` (a new database: see `createDatabase`). */
  url(db: string, options?: { password?: boolean; host?: string; query?: string }): string;
  /** Creates a database and returns its name. */
  createDatabase(name?: string): string;
  /** Runs SQL with psql as the superuser; returns its output (unaligned, tuples only). Throws on an error. */
  psql(db: string, sql: string): string;
  /** A psql session that runs `sql` and stays open (holding its transaction, its locks) until `end()` rolls back and quits. */
  session(db: string, sql: string): { end(): Promise<void> };
  /** Puts these lines first in pg_hba.conf and reloads the server's configuration. */
  hba(lines: string[]): void;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

let databases = 0;

export async function startPostgres(): Promise<PgServer> {
  const bin = postgresBin();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'catalog-pg-'));
  const owner = asRoot
    ? spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim() || undefined
    : undefined;
  if (asRoot && owner === undefined)
    throw new Error(
      'running as root needs the `postgres` user to run PostgreSQL: run `bash scripts/setup.sh postgres`',
    );
  const run = (cmd: string, args: string[], input?: string) => {
    const [c, a] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    const r = spawnSync(c, a, { encoding: 'utf8', input, cwd: dir });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}${r.stdout}`);
    return r.stdout;
  };
  const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
  const user = 'postgres';
  writeFileSync(join(dir, 'pwfile'), `${password}\n`);
  // The certificate: self-signed for localhost, so `sslmode=verify-full` with it as root certificate holds.
  const cert = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      join(dir, 'server.key'),
      '-out',
      join(dir, 'server.crt'),
    ],
    { encoding: 'utf8' },
  );
  if (cert.status !== 0) throw new Error(`openssl could not make the test certificate: ${cert.stderr}`);
  chmodSync(join(dir, 'server.key'), 0o600);
  if (asRoot)
    for (const f of ['', 'pwfile', 'server.key', 'server.crt']) chownSync(join(dir, f), Number(owner), Number(owner));
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    user,
    '--pwfile',
    join(dir, 'pwfile'),
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c ssl=on',
    `-c ssl_cert_file=${join(dir, 'server.crt')}`,
    `-c ssl_key_file=${join(dir, 'server.key')}`,
    '-c fsync=off',
    '-c max_connections=40',
  ].join(' ');
  run(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.on('exit', stop);
  const psql = (db: string, sql: string) =>
    run(
      join(bin, 'psql'),
      ['-h', dir, '-p', String(port), '-U', user, '-d', db, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-f', '-'],
      sql,
    );
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    certFile: join(dir, 'server.crt'),
    url: (db, o = {}) =>
      `postgres://${user}${o.password === false ? '' : `:${password}`}@${o.host ?? '127.0.0.1'}:${port}/${db}${o.query ? `?${o.query}` : ''}`,
    createDatabase(name = `db${++databases}_${process.pid}`) {
      psql('postgres', `CREATE DATABASE ${name};`);
      return name;
    },
    psql,
    session(db, sql) {
      const args = ['-h', dir, '-p', String(port), '-U', user, '-d', db, '-X', '-q', '-v', 'ON_ERROR_STOP=1'];
      const child = asRoot
        ? spawn('runuser', ['-u', 'postgres', '--', join(bin, 'psql'), ...args], {
            cwd: dir,
            stdio: ['pipe', 'ignore', 'inherit'],
          })
        : spawn(join(bin, 'psql'), args, { cwd: dir, stdio: ['pipe', 'ignore', 'inherit'] });
      child.stdin.write(`${sql}\n`);
      const exited = once(child, 'exit');
      return {
        end: async () => {
          child.stdin.end('ROLLBACK;\n\\q\n');
          await exited;
        },
      };
    },
    hba(lines) {
      const file = join(data, 'pg_hba.conf');
      writeFileSync(file, `${lines.join('\n')}\n${readFileSync(file, 'utf8')}`);
      psql('postgres', 'SELECT pg_reload_conf();');
    },
    stop,
  };
}
