// A direct `eval` in a bundled module sees whatever names esbuild gave the bundle's variables, not
// the ones its source text uses. In a module esbuild wraps in a function of its own (CommonJS) the
// names are kept and the eval is sound; in a scope-hoisted ES module they may be renamed, and the
// eval then reads and writes another module's variables (issue 12: every lmdb key read looped
// forever in the executable). This turns the latter into a build failure that names the file.
import { formatMessages } from 'esbuild';

/**
 * Prints the build's warnings as esbuild would, and throws when a direct eval sits in a module that
 * was bundled as ESM (scope-hoisted). Direct evals in CommonJS-wrapped modules are accepted silently.
 */
export async function reportWarnings(result) {
  const inputs = result.metafile.inputs;
  const hoisted = [];
  const shown = [];
  for (const w of result.warnings) {
    if (w.id !== 'direct-eval') {
      shown.push(w);
      continue;
    }
    const file = w.location?.file;
    if (!file || inputs[file]?.format !== 'cjs') hoisted.push(w);
  }
  if (shown.length > 0) {
    for (const line of await formatMessages(shown, { kind: 'warning', color: false })) process.stderr.write(line);
  }
  if (hoisted.length > 0) {
    const where = hoisted.map((w) => `${w.location?.file ?? '?'}:${w.location?.line ?? '?'}`).join(', ');
    throw new Error(
      `direct eval in a scope-hoisted module (${where}): its code would see renamed variables in the bundle. ` +
        'Bundle that package from its CommonJS build (see the own-scope plugin in scripts/build/bundle.mjs).',
    );
  }
}
