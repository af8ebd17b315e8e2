/**
 * A connection to DataHub's own database on PostgreSQL, for `catalog export --to postgres://…` and
 * `catalog pull postgres://…` (docs/datahub/postgres.md): the URL and its parameters, the password
 * (from the URL, else PGPASSWORD, else the password file, as libpq looks), TLS (`sslmode`), and errors
 * that name the server and the statement that failed — never the password. The driver is `postgres`
 * (pure JavaScript, bundled into the executable).
 */
import { readFileSync, statSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { BadRequestError, CatalogError } from '../../errors.ts';

/** The one table DataHub keeps its versioned aspects in. */
export const ASPECT_TABLE = 'metadata_aspect_v2';

export const isPostgresUrl = (s: string): boolean => /^postgres(ql)?:\/\//i.test(s);

export type SslMode = 'disable' | 'allow' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
const SSL_MODES: readonly SslMode[] = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];
const PARAMETERS = ['sslmode', 'sslrootcert', 'connect_timeout', 'application_name'];

export interface PgTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  /** Given in the URL (never printed). */
  password: string | undefined;
  sslmode: SslMode;
  sslrootcert: string | undefined;
  connectTimeout: number;
  applicationName: string;
}

/**
 * A `postgres://USER[:PASS]@HOST[:PORT]/DB[?sslmode=…&sslrootcert=…&connect_timeout=…]` URL, checked;
 * `env` gives the defaults libpq takes from the environment (PGUSER, PGPORT, PGSSLMODE, PGSSLROOTCERT).
 */
export function parsePostgresUrl(text: string, env: NodeJS.ProcessEnv = process.env): PgTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadRequestError(
      `${redact(text)}: not a PostgreSQL URL; write postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`,
    );
  }
  if (!isPostgresUrl(text))
    throw new BadRequestError(`${redact(text)}: a PostgreSQL URL starts with postgres:// or postgresql://`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host)
    throw new BadRequestError(`${redact(text)}: no host; write postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/'))
    throw new BadRequestError(
      `${redact(text)}: name one database after the host (postgres://USER@HOST[:PORT]/DATABASE)`,
    );
  for (const key of url.searchParams.keys()) {
    if (!PARAMETERS.includes(key))
      throw new BadRequestError(`${redact(text)}: unknown parameter "${key}"; known: ${PARAMETERS.join(', ')}`);
  }
  const sslmode = (url.searchParams.get('sslmode') ?? (env['PGSSLMODE'] || 'prefer')) as SslMode;
  if (!SSL_MODES.includes(sslmode))
    throw new BadRequestError(`${redact(text)}: sslmode "${sslmode}" is not one of ${SSL_MODES.join(', ')}`);
  const timeoutText = url.searchParams.get('connect_timeout') ?? (env['PGCONNECT_TIMEOUT'] || '10');
  const connectTimeout = Number(timeoutText);
  if (!Number.isInteger(connectTimeout) || connectTimeout <= 0)
    throw new BadRequestError(
      `${redact(text)}: connect_timeout "${timeoutText}" is not a whole number of seconds above 0`,
    );
  const portText = url.port || env['PGPORT'] || '5432';
  const port = Number(portText);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new BadRequestError(`${redact(text)}: port "${portText}" is not a port number`);
  return {
    host,
    port,
    database,
    user: decodeURIComponent(url.username) || env['PGUSER'] || userInfo().username,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    sslmode,
    sslrootcert: url.searchParams.get('sslrootcert') ?? (env['PGSSLROOTCERT'] || undefined),
    connectTimeout,
    applicationName: url.searchParams.get('application_name') ?? 'catalog',
  };
}

/** The URL without its password (what every message and the sync bases use). */
export function redact(text: string): string {
  return text.replace(/^(postgres(?:ql)?:\/\/[^:/@?#]*):[^@/?#]*@/i, '$1@');
}

/** How a target is named in messages and as a remote's location: `postgres://user@host:port/db`. */
export function describeTarget(t: PgTarget): string {
  const host = t.host.includes(':') ? `[${t.host}]` : t.host;
  return `postgres://${encodeURIComponent(t.user)}@${host}:${t.port}/${encodeURIComponent(t.database)}`;
}

/**
 * The password of a target, as libpq finds it: in the URL, else PGPASSWORD, else the first matching
 * line of the password file (PGPASSFILE, else ~/.pgpass; `host:port:database:user:password`, `*`
 * matching anything, `\:` and `\\` escaped). A password file others may read is ignored, as libpq does.
 */
export function passwordFor(t: PgTarget, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (t.password !== undefined) return t.password;
  if (env['PGPASSWORD']) return env['PGPASSWORD'];
  const file = env['PGPASSFILE'] || join(env['HOME'] || homedir(), '.pgpass');
  let text: string;
  try {
    if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) return undefined;
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const want = [t.host, String(t.port), t.database, t.user];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const fields = splitPgpass(line);
    if (fields.length < 5) continue;
    const matches = want.every(
      (w, i) => fields[i] === '*' || fields[i] === w || (i === 0 && w === '127.0.0.1' && fields[i] === 'localhost'),
    );
    if (matches) return fields.slice(4).join(':');
  }
  return undefined;
}

function splitPgpass(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) current += line[++i];
    else if (c === ':' && fields.length < 4) {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields;
}

/** What the driver's `ssl` option is for a target's sslmode. */
function sslOption(t: PgTarget): boolean | 'prefer' | 'require' | object {
  switch (t.sslmode) {
    case 'disable':
      return false;
    case 'allow':
    case 'prefer':
      return 'prefer';
    case 'require':
      return 'require';
    case 'verify-ca':
    case 'verify-full': {
      // Node's TLS always checks the host name too: verify-ca is verified as fully as verify-full.
      if (!t.sslrootcert) return { rejectUnauthorized: true };
      let ca: Buffer;
      try {
        ca = readFileSync(t.sslrootcert);
      } catch (e) {
        throw new BadRequestError(
          `${describeTarget(t)}: sslrootcert ${t.sslrootcert} cannot be read: ${(e as Error).message}`,
        );
      }
      return { rejectUnauthorized: true, ca };
    }
  }
}

/** A failure of the database or the connection: says where and in which statement, never the password. */
export class PostgresError extends CatalogError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('SERVER_ERROR', message, options);
    this.name = 'PostgresError';
  }
}

/** An open connection (one session: the export's transaction and the pull's snapshot need one). */
export interface PgSession {
  readonly target: PgTarget;
  /** `postgres://user@host:port/db`, no password. */
  readonly where: string;
  readonly sql: Sql;
  /**
   * Runs `fn`; a failure becomes a PostgresError naming the server and `statement` (the SQL, or what
   * was being done), with the password cut out wherever the driver's message repeated it.
   */
  run<T>(statement: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens a session to the target; nothing is sent until the first statement (see `run`). */
export async function openSession(urlText: string): Promise<PgSession> {
  const target = parsePostgresUrl(urlText);
  const password = passwordFor(target);
  const ssl = sslOption(target);
  const { default: postgres } = await import('postgres');
  const where = describeTarget(target);
  const sql = postgres({
    host: target.host,
    port: target.port,
    database: target.database,
    username: target.user,
    ...(password !== undefined && { password }),
    ssl: ssl as never,
    max: 1,
    connect_timeout: target.connectTimeout,
    idle_timeout: 0,
    onnotice: () => {},
    connection: { application_name: target.applicationName },
  });
  const scrub = (s: string) => (password ? s.split(password).join('***') : s);
  return {
    target,
    where,
    sql,
    async run<T>(statement: string, fn: () => Promise<T>): Promise<T> {
      try {
        return await fn();
      } catch (e) {
        if (e instanceof CatalogError) throw e;
        throw new PostgresError(scrub(`${where}: ${failureText(e)} (statement: ${oneLine(statement)})`), { cause: e });
      }
    },
    close: () => sql.end({ timeout: 1 }),
  };
}

const oneLine = (s: string) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
};

/** The driver's error in words: PostgreSQL's own message and detail, or the network's. */
function failureText(e: unknown): string {
  const err = e as { message?: string; code?: string; detail?: string; errno?: string; hostname?: string };
  if (err.code === 'ECONNREFUSED')
    return 'connection refused (is PostgreSQL running there and listening on that port?)';
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return 'unknown host';
  if (err.code === 'CONNECT_TIMEOUT') return 'no answer before connect_timeout';
  if (err.code === '28P01')
    return `password authentication failed (${err.message}); give the password in the URL, in PGPASSWORD or in ~/.pgpass`;
  const detail = err.detail ? ` (${err.detail})` : '';
  return `${withoutNodeHint(err.message ?? String(e))}${detail}`;
}

/**
 * Node 24 ends a certificate error with advice to run Node.js with `--use-system-ca`: advice for a
 * Node program's author, which a user of the executable cannot follow (the executable takes no Node
 * options); the remedy for a database is its `sslrootcert` or `sslmode`, which the docs give.
 */
const withoutNodeHint = (message: string): string =>
  message.replace(/; if the root CA is installed locally, try running Node\.js with --use-system-ca$/, '');
