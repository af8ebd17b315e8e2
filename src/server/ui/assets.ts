/**
 * The web UI's JavaScript and CSS, each with its brotli and gzip forms. In the single executable
 * they are SEA assets that build.sh embedded (scripts/build/ui.mjs made and compressed them); run
 * from the sources, they are bundled in memory on first use by the same script, so an edit under
 * src/ui shows on the next server start. Each is served under a content-hashed name.
 */
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import * as sea from 'node:sea';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The names build.sh gives the embedded files, each also with `.br` and `.gz` (scripts/build/ui.mjs UI_ASSETS). */
const SEA_NAMES = { js: 'ui-app.js', css: 'ui-app.css' } as const;

export interface UiAsset {
  /** `/assets/app.<hash>.js` */
  path: string;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

export interface UiAssets {
  js: UiAsset;
  css: UiAsset;
  byPath: Map<string, UiAsset>;
}

/** One file as scripts/build/ui.mjs makes it: the text and its compressed forms. */
interface Built {
  body: Buffer;
  br: Buffer;
  gz: Buffer;
}

function asset(kind: 'js' | 'css', built: Built): UiAsset {
  const hash = createHash('sha256').update(built.body).digest('hex').slice(0, 16);
  return {
    path: `/assets/app.${hash}.${kind}`,
    contentType: kind === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
    body: built.body,
    gzip: built.gz,
    brotli: built.br,
    etag: `"${hash}"`,
  };
}

function embedded(name: string): Built {
  const read = (n: string) => Buffer.from(sea.getAsset(n));
  return { body: read(name), br: read(`${name}.br`), gz: read(`${name}.gz`) };
}

async function sources(): Promise<{ js: Built; css: Built }> {
  if (sea.isSea()) return { js: embedded(SEA_NAMES.js), css: embedded(SEA_NAMES.css) };
  // From the sources: the build script lives outside src/ and is found at run time, so the
  // executable's bundle never includes it (nor esbuild).
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const script = pathToFileURL(join(root, 'scripts', 'build', 'ui.mjs')).href;
  const { bundleUi } = (await import(script)) as { bundleUi: () => Promise<{ js: Built; css: Built }> };
  return bundleUi();
}

let loading: Promise<UiAssets> | undefined;

/** The assets, built or read once per process. */
export function loadUiAssets(): Promise<UiAssets> {
  loading ??= sources().then(({ js, css }) => {
    const a = { js: asset('js', js), css: asset('css', css) };
    return { ...a, byPath: new Map([a.js, a.css].map((x) => [x.path, x])) };
  });
  loading.catch(() => (loading = undefined));
  return loading;
}
