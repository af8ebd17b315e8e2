/**
 * Text analysis for the search index: the same function turns indexed text and query text into
 * terms, so they meet. Words are split at anything that is not a letter or digit and at camelCase
 * and letter/digit boundaries (`fct_users_deleted`, `userId`, `v2Events` are several words, as
 * DataHub's word-delimiter analyzer makes them), lowercased, and stemmed with the Porter stemmer
 * (`stemmer` package) so `users` finds `user`.
 */
import { stemmer } from 'stemmer';

const BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;
/** A part with no inner boundary: all lowercase letters, or all digits (most words are). */
const PLAIN = /^(?:[a-z]+|[0-9]+)$/;

/** Words of `text`, lowercased, before stemming. */
export function words(text: string): string[] {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return wordsOfUnicode(text);
  return wordsOfAscii(text);
}

/** Character classes of the ASCII fast path. */
const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;
function classOf(c: number): number {
  if (c >= 97 && c <= 122) return LOWER;
  if (c >= 65 && c <= 90) return UPPER;
  if (c >= 48 && c <= 57) return DIGIT;
  return OTHER;
}

/**
 * words() of an ASCII text, by one scan instead of Unicode regular expressions (most metadata is
 * ASCII, and splitting is half the cost of indexing a document). The same boundaries as
 * wordsOfUnicode: lower→Upper, Upper→Upper followed by lower, letter↔digit, and anything else.
 */
export function wordsOfAscii(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  let prev = OTHER;
  for (let i = 0; i <= text.length; i++) {
    const cls = i < text.length ? classOf(text.charCodeAt(i)) : OTHER;
    let boundary = cls === OTHER;
    if (!boundary && start >= 0) {
      const letter = cls !== DIGIT;
      boundary =
        (prev === LOWER && cls === UPPER) ||
        (prev === UPPER && cls === UPPER && i + 1 < text.length && classOf(text.charCodeAt(i + 1)) === LOWER) ||
        (prev !== DIGIT && !letter) ||
        (prev === DIGIT && letter);
    }
    if (boundary && start >= 0) {
      out.push(text.slice(start, i).toLowerCase());
      start = -1;
    }
    if (cls !== OTHER && start < 0) start = i;
    prev = cls;
  }
  return out;
}

/** words() of any text: Unicode letters and digits, Unicode case boundaries. */
export function wordsOfUnicode(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!part) continue;
    if (PLAIN.test(part)) {
      out.push(part);
      continue;
    }
    // camelCase and letter/digit boundaries: "userId" → user, id; "HTTPServer" → http, server.
    for (const w of part.split(BOUNDARY)) {
      if (w) out.push(w.toLowerCase());
    }
  }
  return out;
}

/**
 * Stems already computed: names and descriptions repeat their words, and stemming is the costly
 * part. Once full it keeps what it has and takes no more (see ANALYSED).
 */
const STEMS = new Map<string, string>();
const MAX_STEMS = 100_000;

/** The index term of one lowercased word. */
export function term(word: string): string {
  if (word.length <= 2) return word;
  // Numbers are their own term, and a catalog holds many (table_10088): not worth a cache entry.
  const first = word.charCodeAt(0);
  if (first >= 48 && first <= 57 && /^\d+$/.test(word)) return word;
  let stem = STEMS.get(word);
  if (stem === undefined) {
    // Only words of letters are stemmed (`v2` stays as it is); either way the answer is kept.
    stem = /^\p{L}+$/u.test(word) ? stemmer(word) : word;
    if (STEMS.size < MAX_STEMS) STEMS.set(word, stem);
  }
  return stem;
}

/**
 * Terms of short texts already analysed: column names, tags and urns repeat across a catalog, and
 * splitting is the other costly part. Longer texts (descriptions) are rarely repeated and not kept.
 * Once full it keeps what it has and takes no more: emptied whenever full, as it was until
 * 2026-11-26, a catalog of many distinct short texts (bench datasets' "Column 12 of table 10088")
 * filled and emptied it over and over, and analysing took 75 µs a bench document instead of 38
 * without any cache; now 55, and unchanged (31–33) where short texts repeat.
 */
const ANALYSED = new Map<string, readonly string[]>();
const MAX_ANALYSED = 50_000;
const SHORT = 32;

/** Index terms of `text`, in order, repeats kept (a shared array: not to be changed). */
export function terms(text: string): readonly string[] {
  if (text.length > SHORT) return words(text).map(term);
  let out = ANALYSED.get(text);
  if (out === undefined) {
    out = words(text).map(term);
    if (ANALYSED.size < MAX_ANALYSED) ANALYSED.set(text, Object.freeze(out));
  }
  return out;
}

/** The words of an urn's id, for urn-valued fields (`urn:li:tag:pii` → pii). */
export function urnWords(urn: string): string {
  const m = /^urn:li:[^:]+:(.*)$/.exec(urn);
  return m ? m[1]! : urn;
}
