// The module hooks of scripts/unit-guard.mjs: a unit test file that loads lmdb, directly or through
// the module it tests, fails at that import, naming the module that imported it.
let advice = '';

export function initialize(data) {
  advice = data?.advice ?? '';
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (/[\\/]node_modules[\\/]lmdb[\\/]/.test(resolved.url)) {
    const by = context.parentURL ? ` (imported by ${context.parentURL})` : '';
    throw new Error(
      `test:unit runs pure functions only, and this test file loaded lmdb, the store of a data file on disk${by}. ` +
        advice,
    );
  }
  return resolved;
}
