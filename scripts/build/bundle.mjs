// Bundles the CLI (entry src/sea/entry.ts) into one CommonJS file for Node's single-executable support, pointing the
// native-addon loader of lmdb and msgpackr-extract at our SEA asset loader (src/sea/native.ts).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportWarnings } from './check-direct-eval.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outfile = process.argv[2] ?? join(root, 'build', 'catalog.cjs');
// The native addons build.sh embeds as SEA assets; their hashes are compiled in so the executable
// finds its cached copy without reading and hashing megabytes of asset on every start.
const [lmdbNode, msgpackNode] = process.argv.slice(3);
if (!lmdbNode || !msgpackNode) throw new Error('usage: bundle.mjs OUTFILE LMDB_NODE MSGPACKR_EXTRACT_NODE');
const hashOf = (file) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
const nativeHashes = { lmdb: hashOf(lmdbNode), 'msgpackr-extract': hashOf(msgpackNode) };

const seaNative = {
  name: 'sea-native',
  setup(b) {
    b.onResolve({ filter: /^node-gyp-build-optional-packages$/ }, (args) => ({
      path: args.importer.includes(`${'/'}msgpackr-extract${'/'}`) ? 'msgpackr-extract' : 'lmdb',
      namespace: 'sea-native',
    }));
    b.onLoad({ filter: /.*/, namespace: 'sea-native' }, (args) => ({
      contents:
        `const { loadNative } = require(${JSON.stringify(join(root, 'src', 'sea', 'native.ts'))});\n` +
        `module.exports = () => loadNative(${JSON.stringify(args.path)});\n`,
      loader: 'js',
      resolveDir: root,
    }));
  },
};

// ordered-binary (lmdb's key codec) builds its string reader with a *direct* `eval` whose code names
// the module's own variables (`position`, `readString`, `finishUtf8`). Bundled from its ESM entry,
// esbuild hoists every module into one scope and renames colliding top-level names: ordered-binary's
// `position` becomes `position4`, but the eval'd code still says `position` and so reads and moves
// another module's `position` (lmdb's binding of a native function) instead. Every key read then
// loops forever — `export`, `deleteTag` and every
// other walk over keys died with "Fatal JavaScript invalid size error" in the executable while the
// sources (where each ES module keeps its own scope) worked. Its CommonJS build is the same code
// wrapped by esbuild in a function of its own, where nothing is renamed and the eval sees the
// module's own variables. (check-direct-eval.mjs fails the build on a direct eval in any scope-hoisted module.)
const fromLmdb = createRequire(createRequire(import.meta.url).resolve('lmdb'));
const orderedBinaryCjs = fromLmdb.resolve('ordered-binary');
const ownScope = {
  name: 'own-scope-for-direct-eval',
  setup(b) {
    b.onResolve({ filter: /^ordered-binary$/ }, () => ({ path: orderedBinaryCjs }));
  },
};

// The executable starts from a V8 start-up snapshot of the CLI's module graph (build.sh, useSnapshot).
// A snapshot cannot hold objects backed by native handles, and string-width (under yargs' help
// layout) makes an ICU `Intl.Segmenter` at module level; here it is made on first use instead.
const lazySegmenter = {
  name: 'lazy-intl-segmenter',
  setup(b) {
    b.onLoad({ filter: /[\\/]string-width[\\/]index\.js$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager = 'const segmenter = new Intl.Segmenter();';
      // Versions without it load as they are (a new form would fail the snapshot build, not pass silently).
      if (!source.includes(eager)) return undefined;
      const lazy =
        'let segmenterMade; const segmenter = { segment: (s) => (segmenterMade ??= new Intl.Segmenter()).segment(s) };';
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

// lmdb-js builds a compression from its defaults merged with the options given, and among the
// defaults it reads its own dictionary file (dict/dict.txt beside its sources) even when the options
// bring a dictionary. The executable carries no such file, so every open of a data file failed. The
// store always gives its dictionary (the one the data file holds); the default file is read only
// when none is given.
const givenDictionary = () => ({
  name: 'lmdb-given-dictionary',
  setup(b) {
    let patched = false;
    b.onLoad({ filter: /[\\/]lmdb[\\/]open\.js$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager = 'dictionary: fs.readFileSync(';
      // A new form of lmdb's code fails the build here rather than every open in the executable.
      if (source.split(eager).length !== 2)
        throw new Error(
          `${args.path}: lmdb no longer reads its default dictionary as bundle.mjs expects; look again at lmdb-given-dictionary`,
        );
      const lazy = 'dictionary: (compressionOptions && compressionOptions.dictionary) || fs.readFileSync(';
      patched = true;
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
    b.onEnd(() => {
      if (!patched)
        throw new Error("lmdb-given-dictionary: lmdb's open.js was not bundled; look again at how lmdb is resolved");
    });
  },
});

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minifyWhitespace: true,
  legalComments: 'none',
  banner: { js: 'const __importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  // graphql-js skips its development-only checks (a cross-realm instanceof test on every type check of
  // every field) when NODE_ENV is production; the shipped executable is production.
  define: {
    'import.meta.url': '__importMetaUrl',
    'process.env.NODE_ENV': '"production"',
    __CATALOG_NATIVE_HASHES__: JSON.stringify(nativeHashes),
  },
  metafile: true,
  // Warnings are printed by reportWarnings once the direct-eval ones are judged. esbuild hides that
  // warning inside node_modules unless its level is set explicitly.
  logLevel: 'error',
  logOverride: { 'direct-eval': 'warning' },
};
const result = await build({
  ...common,
  entryPoints: [join(root, 'src', 'sea', 'entry.ts')],
  outfile,
  plugins: [ownScope, seaNative, lazySegmenter, givenDictionary()],
});
await reportWarnings(result);
console.log(`bundled ${pkg.name} ${pkg.version} -> ${outfile}`);

// The record worker of `bundle create` (src/ops/bundle/worker.ts), which build.sh embeds as an asset
// and the executable runs in worker threads. It must not load node:crypto nor node:v8: a worker thread of
// an executable whose start-up snapshot holds them aborts when it loads one ("Assertion failed:
// env->crypto_key_object_constructor_template().IsEmpty()", "Assertion failed:
// shutdown_wrap_template_.IsEmpty()", signal 6).
const workerFile = join(dirname(outfile), 'bundle-worker.cjs');
const worker = await build({
  ...common,
  entryPoints: [join(root, 'src', 'ops', 'bundle', 'worker.ts')],
  outfile: workerFile,
  plugins: [ownScope, seaNative, givenDictionary()],
});
await reportWarnings(worker);
for (const banned of ['crypto', 'v8']) {
  const importers = Object.keys(worker.metafile.inputs).filter((input) =>
    worker.metafile.inputs[input].imports.some((i) => i.path === banned || i.path === `node:${banned}`),
  );
  if (importers.length > 0)
    throw new Error(
      `the bundle record worker must not load node:${banned}; these modules of it import it: ${importers.join(', ')}`,
    );
}
console.log(`bundled the bundle record worker -> ${workerFile}`);
