/**
 * Bounds for key walks over a string key part. lmdb-js (ordered-binary) escapes a short string's
 * U+0000 as two bytes but writes a long string (about 62 characters and up) as raw UTF-8, so
 * `s + '\u0000'` sorts *before* the keys [s, …] when s is long: a walk bounded by it finds nothing
 * — and a dataset urn is that long. `s + '\u0001'` sorts after every key [s, …] and before every
 * longer string at every length (property-tested in test/store.test.ts). Key parts (urns, aspect and
 * field names, words) never contain characters below U+0004, whose encoding changes with the length.
 */
export const AFTER = '\u0001';

/** The least string part greater than `s` and every key that begins with `s` as a whole part. */
export const after = (s: string): string => s + AFTER;
