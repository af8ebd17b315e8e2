// Bundles the web UI (src/ui/main.tsx: Preact, marked, DOMPurify and our CSS) into one JavaScript and
// one CSS file, minified for browsers and compressed ahead of time with brotli and gzip (brotli's
// best level takes a third of a second: not something a server should do on its first request).
// build.sh runs it as a script (`node scripts/build/ui.mjs DIR`) and embeds the six files as SEA
// assets; `catalog serve` run from the sources imports `bundleUi` and builds them in memory on first
// use (src/server/ui/assets.ts).
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The names under which build.sh embeds the files (plus `.br` and `.gz`) and the server looks them up. */
export const UI_ASSETS = { js: 'ui-app.js', css: 'ui-app.css' };

function compressed(text) {
  const body = Buffer.from(text, 'utf8');
  return {
    body,
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gz: gzipSync(body, { level: 9 }),
  };
}

/** Builds the UI; resolves with the JavaScript and CSS, each as `{body, br, gz}` buffers. */
export async function bundleUi() {
  const result = await build({
    entryPoints: [join(root, 'src', 'ui', 'main.tsx')],
    bundle: true,
    write: false,
    outdir: join(root, 'build', 'ui'),
    entryNames: 'app',
    format: 'esm',
    platform: 'browser',
    // Browsers of the last few years; Preact 11 and our code need nothing newer.
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  if (!js || !css) throw new Error('the UI bundle is missing its .js or .css output');
  return { js: compressed(js.text), css: compressed(css.text) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outdir = resolve(process.argv[2] ?? join(root, 'build', 'ui'));
  const bundle = await bundleUi();
  mkdirSync(outdir, { recursive: true });
  for (const kind of ['js', 'css']) {
    const name = join(outdir, UI_ASSETS[kind]);
    writeFileSync(name, bundle[kind].body);
    writeFileSync(`${name}.br`, bundle[kind].br);
    writeFileSync(`${name}.gz`, bundle[kind].gz);
  }
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `bundled web UI -> ${outdir} (js ${kib(bundle.js.body.length)}, css ${kib(bundle.css.body.length)}; brotli ${kib(bundle.js.br.length + bundle.css.br.length)})`,
  );
}
