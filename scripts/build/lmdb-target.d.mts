// Types of scripts/build/lmdb-target.mjs, for the test that imports it (test/release.test.ts).
export function buildLmdbFor(id: string): Promise<string>;
export function takeBuilt(name: string, from: string, cacheDir: string): string | undefined;
