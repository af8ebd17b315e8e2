/**
 * `catalog serve --datahub-web-app DIR`: DataHub's own web app (a build of `datahub-web-react`)
 * served at `/` in place of ours. DIR's files are answered as they are, with their content types;
 * any other page address (a deep link such as `/dataset/urn:li:…/Schema`) gets DIR's index.html,
 * whose `@basePath` placeholder is filled in as DataHub's frontend server does at serve time. The
 * APIs keep their paths. Nothing is cached: a rebuilt app shows on the next page load.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import mime from 'mime';

/** A DIR that is not a built app: said before the server listens. */
export class WebAppDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebAppDirError';
  }
}

/**
 * First path segments of the server's APIs (GraphQL, Rest.li, OpenAPI, MCP, health): never a page
 * of the app, so a wrong API address gets the API's own error rather than the app's HTML.
 */
export const WEB_APP_API_SEGMENTS: ReadonlySet<string> = new Set([
  'api',
  'aspects',
  'catalog',
  'config',
  'entities',
  'entitiesV2',
  'health',
  'mcp',
  'openapi',
  'relationships',
  'runs',
]);

/** Folders of the build whose files are fetched by the app's code: a missing one is a 404, not the page. */
const FILE_FOLDERS = ['assets', 'node_modules'];

/** What DataHub's frontend writes into the page's `<base href="@basePath">`: served at the root. */
const BASE_PATH = '/';

export interface WebApp {
  /** The directory, absolute. */
  dir: string;
  /** Whether a request is the app's (a file of DIR or a page address) rather than an API's. */
  claims(req: IncomingMessage, path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
}

function isGetOrHead(req: IncomingMessage): boolean {
  const m = (req.method ?? 'GET').toUpperCase();
  return m === 'GET' || m === 'HEAD';
}

/**
 * Checks DIR and returns the app's routes. Throws `WebAppDirError`, naming DIR and what is wrong,
 * when DIR is missing, not a directory, or holds no index.html.
 */
export function openWebApp(given: string): WebApp {
  const dir = resolve(given);
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat) throw new WebAppDirError(`--datahub-web-app ${given}: no such directory (${dir}).`);
  if (!stat.isDirectory()) throw new WebAppDirError(`--datahub-web-app ${given}: ${dir} is not a directory.`);
  if (!statSync(join(dir, 'index.html'), { throwIfNoEntry: false })?.isFile()) {
    throw new WebAppDirError(
      `--datahub-web-app ${given}: ${dir} holds no index.html, so it is not a built DataHub web app. ` +
        'Give the folder a build of datahub-web-react writes (its vite outDir, dist/): see the README\'s "DataHub\'s own web app".',
    );
  }

  /** The file of DIR a path names, or undefined when it names none (or would leave DIR). */
  function fileOf(path: string): { file: string; size: number; mtimeMs: number } | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
    const file = resolve(dir, `.${decoded}`);
    if (!file.startsWith(dir + sep)) return undefined;
    const s = statSync(file, { throwIfNoEntry: false });
    return s?.isFile() ? { file, size: s.size, mtimeMs: s.mtimeMs } : undefined;
  }

  function inFileFolder(path: string): boolean {
    const first = path.split('/')[1] ?? '';
    return FILE_FOLDERS.includes(first);
  }

  function sendFile(req: IncomingMessage, res: ServerResponse, f: { file: string; size: number; mtimeMs: number }) {
    const etag = `"${f.size.toString(16)}-${Math.floor(f.mtimeMs).toString(16)}"`;
    const headers: Record<string, string | number> = {
      'content-type': contentType(f.file),
      // The app's own hashed names change with each build; the rest (logos, locales) may not, so
      // the browser asks again and gets a 304 while the file is the same.
      'cache-control': 'no-cache',
      etag,
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': f.size });
    if ((req.method ?? 'GET').toUpperCase() === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(f.file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  function sendIndex(req: IncomingMessage, res: ServerResponse): void {
    const html = readFileSync(join(dir, 'index.html'), 'utf8').replaceAll('@basePath', BASE_PATH);
    const body = Buffer.from(html, 'utf8');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-store',
      etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
    });
    res.end((req.method ?? 'GET').toUpperCase() === 'HEAD' ? undefined : body);
  }

  return {
    dir,
    claims(req, path) {
      if (!isGetOrHead(req)) return false;
      return !WEB_APP_API_SEGMENTS.has(path.split('/')[1] ?? '');
    },
    async handle(req, res, path) {
      const found = path === '/' || path === '/index.html' ? undefined : fileOf(path);
      if (found) return sendFile(req, res, found);
      if (inFileFolder(path)) {
        const body = `No file ${path} in ${dir}`;
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end((req.method ?? 'GET').toUpperCase() === 'HEAD' ? undefined : body);
        return;
      }
      // Any other address is one of the app's pages: it reads the address itself.
      sendIndex(req, res);
    },
  };
}

/** A file's content type by its extension; text types say UTF-8, as vite writes them. */
function contentType(file: string): string {
  const type = mime.getType(file) ?? 'application/octet-stream';
  const text = type.startsWith('text/') || type === 'application/json' || type === 'image/svg+xml';
  return text ? `${type}; charset=utf-8` : type;
}
