/**
 * Text analysis for the search index: indexed text and query text are turned into terms the same
 * way, so they meet (indexing counts them with TermCounter, which gives terms()'s terms faster). Words are split at anything that is not a letter or digit and at camelCase
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

/** Character classes of the ASCII fast path, by character code. */
const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;
const CLASSES = new Uint8Array(128);
for (let c = 0; c < 128; c++)
  CLASSES[c] = c >= 97 && c <= 122 ? LOWER : c >= 65 && c <= 90 ? UPPER : c >= 48 && c <= 57 ? DIGIT : OTHER;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * The words of a text, by one scan instead of Unicode regular expressions (most metadata is ASCII,
 * and splitting is half the cost of indexing a document): their [start, end) offsets, in pairs,
 * into `out`, and a hash of each (FNV-1a of its lowercased characters) into `hashes` (both reused,
 * so a scan allocates nothing); returns how many words, or -1 when the text is not ASCII. The same
 * boundaries as wordsOfUnicode: lower→Upper, Upper→Upper followed by lower, letter↔digit, and
 * anything else.
 */
function asciiWordBounds(text: string, out: number[], hashes: number[]): number {
  const length = text.length;
  let n = 0;
  let start = -1;
  let prev = OTHER;
  let h = 0;
  for (let i = 0; i <= length; i++) {
    const c = i < length ? text.charCodeAt(i) : 32;
    if (c > 0x7f) return -1;
    const cls = CLASSES[c]!;
    let boundary = cls === OTHER;
    if (!boundary && start >= 0) {
      const letter = cls !== DIGIT;
      boundary =
        (prev === LOWER && cls === UPPER) ||
        (prev === UPPER && cls === UPPER && i + 1 < length && CLASSES[text.charCodeAt(i + 1)] === LOWER) ||
        (prev !== DIGIT && !letter) ||
        (prev === DIGIT && letter);
    }
    if (boundary && start >= 0) {
      out[2 * n] = start;
      out[2 * n + 1] = i;
      hashes[n] = h;
      n++;
      start = -1;
    }
    if (cls !== OTHER) {
      if (start < 0) {
        start = i;
        h = FNV_OFFSET;
      }
      h = Math.imul(h ^ (cls === UPPER ? c + 32 : c), FNV_PRIME);
    }
    prev = cls;
  }
  return n;
}

const BOUNDS: number[] = [];
const HASHES: number[] = [];

/** words() of an ASCII text (see asciiWordBounds); any other text takes wordsOfUnicode. */
export function wordsOfAscii(text: string): string[] {
  const n = asciiWordBounds(text, BOUNDS, HASHES);
  if (n < 0) return wordsOfUnicode(text);
  const out = new Array<string>(n);
  for (let w = 0; w < n; w++) out[w] = text.slice(BOUNDS[2 * w], BOUNDS[2 * w + 1]).toLowerCase();
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
 * part. Bounded by a byte budget (STEMS_BUDGET, each entry counted by stemCost); once full it keeps
 * what it has and takes no more (see ANALYSED).
 */
const STEMS = new Map<string, string>();
/** The stems' budget, in bytes: about 80 000 words of 8 letters (the former bound was 100 000 words). */
export const STEMS_BUDGET = 8 << 20;
let stemBytes = 0;

/**
 * What keeping a word's stem costs, in bytes of heap: the map's entry (about 40) and two strings (24
 * and their length each). Measured with the heap after a full collection, 20 000 words of 11
 * letters: 114 each; this gives 118.
 */
export function stemCost(word: string): number {
  return 96 + 2 * word.length;
}

/** What the analysis caches hold now, in bytes (for tests): stems, short texts, the word table's words. */
export function analysisCacheBytes(): { stems: number; analysed: number; words: number } {
  return { stems: stemBytes, analysed: analysedBytes, words: wordBytes };
}

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
    const cost = stemCost(word);
    if (stemBytes + cost <= STEMS_BUDGET) {
      STEMS.set(word, stem);
      stemBytes += cost;
    }
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
const SHORT = 32;
/** The short texts' budget, in bytes: about 30 000 texts of 20 characters and 4 terms (the former bound was 50 000 texts). */
export const ANALYSED_BUDGET = 8 << 20;
let analysedBytes = 0;

/**
 * What keeping a short text's terms costs, in bytes of heap: the map's entry and the text (about 64
 * and its length twice over, rounded up), the array (8 a term) and the terms' strings, when new
 * (about 32 each). Measured with the heap after a full collection, 20 000 texts of 18 characters and
 * 4 terms, 2 of them new: 256 each; this gives 260.
 */
export function analysedCost(text: string, terms: readonly string[]): number {
  return 64 + 2 * text.length + 40 * terms.length;
}

/** Index terms of `text`, in order, repeats kept (a shared array: not to be changed). */
export function terms(text: string): readonly string[] {
  if (text.length > SHORT) return words(text).map(term);
  let out = ANALYSED.get(text);
  if (out === undefined) {
    out = words(text).map(term);
    const cost = analysedCost(text, out);
    if (analysedBytes + cost <= ANALYSED_BUDGET) {
      ANALYSED.set(text, Object.freeze(out));
      analysedBytes += cost;
    }
  }
  return out;
}

/**
 * The words met while indexing, lowercased, with their terms: an open-addressing table found by a
 * hash of the word's characters as they stand in the text, so a word seen before costs no string of
 * its own, no lowercasing and no stem lookup (Lucene's term hash does the same for bytes). Analysing
 * a bench document (42 columns, about 280 words) took 50–60 µs with a string per word, 25–29 with the
 * table. Filled up to half its slots (131 072 words) or its byte budget (WORDS_BUDGET, each word
 * counted by wordCost; the slots themselves take 2 MB) it takes no more words: later ones go the slow
 * way, as terms() does.
 */
const TABLE_BITS = 18;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
const TABLE_WORDS = 1 << (TABLE_BITS - 1);
const slotOf = new Int32Array(1 << TABLE_BITS).fill(-1);
const hashOf = new Int32Array(1 << TABLE_BITS);
const knownWords: string[] = [];
/** The term of each known word, as an index into termsById (several words share a term: user, users). */
const termOfWord: number[] = [];
const termsById: string[] = [];
const termIds = new Map<string, number>();

/** The word table's budget, in bytes: about 100 000 words of 8 letters. */
export const WORDS_BUDGET = 12 << 20;
let wordBytes = 0;

/**
 * What a word in the table costs, in bytes of heap: its string and its term's (24 and their length
 * each, the term's counted even when another word shares it), the arrays' slots (8 each) and the
 * term's map entry (about 40). Measured with the heap after a full collection, texts of 2 new words
 * of 6 and 8 letters: 102 a word; this gives 126 and 130.
 */
export function wordCost(word: string): number {
  return 112 + 2 * word.length;
}

/** The term of the last word termIdAt() found no room for, whose term has no id either. */
let missed = '';

/**
 * The id in termsById of the term of the ASCII word text[start, end), whose hash asciiWordBounds
 * gave as `h`; -1 when the table has no room for the word and its term has no id, the term then
 * left in `missed`.
 */
function termIdAt(text: string, start: number, end: number, h: number): number {
  const length = end - start;
  let slot = h & TABLE_MASK;
  for (let w = slotOf[slot]!; w >= 0; w = slotOf[slot]!) {
    if (hashOf[slot] === h) {
      const word = knownWords[w]!;
      if (word.length === length) {
        let k = 0;
        for (; k < length; k++) {
          let c = text.charCodeAt(start + k);
          if (c >= 65 && c <= 90) c += 32;
          if (word.charCodeAt(k) !== c) break;
        }
        if (k === length) return termOfWord[w]!;
      }
    }
    slot = (slot + 1) & TABLE_MASK;
  }
  const word = text.slice(start, end).toLowerCase();
  const t = term(word);
  const cost = wordCost(word);
  let id = termIds.get(t);
  if (knownWords.length >= TABLE_WORDS || wordBytes + cost > WORDS_BUDGET) {
    // No room for the word; its term may still have an id (users → user, when user came first).
    if (id !== undefined) return id;
    missed = t;
    return -1;
  }
  wordBytes += cost;
  if (id === undefined) {
    id = termsById.length;
    termsById.push(t);
    termIds.set(t, id);
  }
  slotOf[slot] = knownWords.length;
  hashOf[slot] = h;
  knownWords.push(word);
  termOfWord.push(id);
  return id;
}

/**
 * Sums the weights of the terms of a document's texts, as the search index keeps them: the same
 * terms as terms(text) (tested against it), found without a string per word — a word seen before is
 * found in a table by a hash of its characters as they stand in the text (Lucene's term hash does
 * the same for bytes), and its weight summed in an array slot rather than a map. One counter serves
 * one document at a time (analysis never yields).
 */
export class TermCounter {
  private weights = new Float64Array(1024);
  private readonly touched: number[] = [];
  /** Terms of texts that took the slow way (not ASCII, or words met after the table filled). */
  private readonly other = new Map<string, number>();

  /** Adds the terms of `text`, `weight` for each time one occurs; returns how many terms the text has, repeats counted. */
  add(text: string, weight: number): number {
    const n = asciiWordBounds(text, BOUNDS, HASHES);
    if (n < 0) {
      const ts = terms(text);
      for (const t of ts) this.other.set(t, (this.other.get(t) ?? 0) + weight);
      return ts.length;
    }
    for (let w = 0; w < n; w++) {
      const id = termIdAt(text, BOUNDS[2 * w]!, BOUNDS[2 * w + 1]!, HASHES[w]!);
      if (id < 0) {
        this.other.set(missed, (this.other.get(missed) ?? 0) + weight);
        continue;
      }
      if (id >= this.weights.length) {
        const grown = new Float64Array(Math.max(id + 1, this.weights.length * 2));
        grown.set(this.weights);
        this.weights = grown;
      }
      if (this.weights[id] === 0) this.touched.push(id);
      this.weights[id]! += weight;
    }
    return n;
  }

  /** Each term added since the last take() with its summed weight; the counter starts again empty. */
  take(): Map<string, number> {
    const out = new Map<string, number>();
    for (const id of this.touched) {
      out.set(termsById[id]!, this.weights[id]!);
      this.weights[id] = 0;
    }
    this.touched.length = 0;
    for (const [t, w] of this.other) out.set(t, (out.get(t) ?? 0) + w);
    this.other.clear();
    return out;
  }
}

/**
 * A test of texts: does some term of the text (one of terms(text)) pass `test`? Terms are found as
 * TermCounter finds them, so a word met before costs no string, and `test` runs once per distinct
 * term (a search's matched fields test every text of each hit on the page), even once the word table
 * is full.
 */
export function someTermPasses(test: (t: string) => boolean): (text: string) => boolean {
  // Verdicts by term id: 0 not asked yet, 1 passes, 2 does not.
  let verdicts = new Uint8Array(Math.max(termsById.length, 64));
  // Verdicts of terms whose words found no room in the table (it is shared by the whole process).
  const others = new Map<string, boolean>();
  return (text) => {
    const n = asciiWordBounds(text, BOUNDS, HASHES);
    if (n < 0) return terms(text).some(test);
    for (let w = 0; w < n; w++) {
      const id = termIdAt(text, BOUNDS[2 * w]!, BOUNDS[2 * w + 1]!, HASHES[w]!);
      if (id < 0) {
        let passes = others.get(missed);
        if (passes === undefined) others.set(missed, (passes = test(missed)));
        if (passes) return true;
        continue;
      }
      if (id >= verdicts.length) {
        const grown = new Uint8Array(Math.max(id + 1, verdicts.length * 2));
        grown.set(verdicts);
        verdicts = grown;
      }
      let verdict = verdicts[id]!;
      if (verdict === 0) {
        // A term asked about while its words had no room may have got an id since (a shorter word fitted).
        const t = termsById[id]!;
        verdicts[id] = verdict = (others.get(t) ?? test(t)) ? 1 : 2;
      }
      if (verdict === 1) return true;
    }
    return false;
  };
}

/** The words of an urn's id, for urn-valued fields (`urn:li:tag:pii` → pii). */
export function urnWords(urn: string): string {
  const m = /^urn:li:[^:]+:(.*)$/.exec(urn);
  return m ? m[1]! : urn;
}
