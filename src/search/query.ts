/**
 * DataHub's query text (docs/datahub/discovery.md §2.5) parsed into clauses: words (`users`), prefixes
 * (`fct_us*`), quoted phrases (`"users deleted"`), field terms (`platform:hive`, `name:fct*`), and
 * `*` for everything. Clauses are AND-ed, as DataHub's fulltext query does. A leading `/q ` (query
 * string mode in DataHub) changes nothing here: field terms are understood in both modes.
 */
import { BadRequestError } from '../errors.ts';
import { term, words } from '../model/search/analysis.ts';

export type Clause =
  | { kind: 'word'; term: string; word: string; prefix: boolean }
  | { kind: 'phrase'; words: string[]; text: string }
  | { kind: 'field'; field: string; value: string; prefix: boolean };

export interface ParsedQuery {
  /** True for `*`, blank, or a query of only operators: every entity matches. */
  all: boolean;
  /** Every clause of the query (all alternatives), for highlighting. */
  clauses: Clause[];
  /** `a b OR c`: alternatives, each a conjunction of clauses; one alternative when there is no OR. */
  alternatives: ParsedQuery[];
  /** The query as typed, trimmed and lowercased (for exact-name ranking). */
  text: string;
  /** The query as typed, trimmed (for exact urn matches, which are case-sensitive). */
  original: string;
}

/** Splits the query at spaces outside quotes; an unbalanced quote is a client error. */
function pieces(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (/\s/.test(ch) && !quoted) {
      if (current) out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted) throw new BadRequestError(`Failed to parse query "${text}": unbalanced quote`);
  if (current) out.push(current);
  return out;
}

/**
 * A piece without the grouping parentheses around it (`(primaryKey:"k"` → `primaryKey:"k"`): the SDK's
 * query builder wraps an OR group in them. Groups are not nested here; an escaped `\)` stays.
 */
function ungroup(piece: string): string {
  let p = piece.replace(/^\(+/, '');
  while (p.endsWith(')') && !p.endsWith('\\)')) p = p.slice(0, -1);
  return p;
}

const OPERATORS = new Set(['AND', '&&']);
const OR = new Set(['OR', '||']);

/** Field names of the query string as people write them, for the index field they mean. */
const FIELD_ALIASES: Record<string, string> = {
  tag: 'tags',
  term: 'glossaryTerms',
  glossaryTerm: 'glossaryTerms',
  owner: 'owners',
  domain: 'domains',
};

/**
 * The prefix to look up for a word typed as a prefix: the index holds stems (`users` as `user`), so
 * the part the word and its stem share (`users*` looks up `user…`).
 */
function stemPrefix(word: string): string {
  const stem = term(word);
  let i = 0;
  while (i < word.length && i < stem.length && word[i] === stem[i]) i++;
  return i > 0 ? word.slice(0, i) : word;
}

export function parseQuery(input: string | null | undefined): ParsedQuery {
  let text = (input ?? '').trim();
  if (text.startsWith('/q ')) text = text.slice(3).trim();
  // `a OR b` (DataHub's query string): alternatives, each the AND of its own clauses.
  const groups: string[][] = [[]];
  for (const piece of pieces(text).map(ungroup).filter(Boolean)) {
    if (OR.has(piece)) groups.push([]);
    else groups[groups.length - 1]!.push(piece);
  }
  const nonEmpty = groups.filter((g) => g.length > 0);
  if (nonEmpty.length <= 1) return conjunction(nonEmpty[0] ?? [], text);
  const alternatives = nonEmpty.map((g) => conjunction(g, g.join(' ')));
  // One alternative matching everything makes the whole query match everything.
  if (alternatives.some((a) => a.all)) return conjunction([], text);
  return {
    all: false,
    clauses: alternatives.flatMap((a) => a.clauses),
    alternatives,
    text: text.toLowerCase(),
    original: text,
  };
}

function conjunction(pieceList: string[], text: string): ParsedQuery {
  const clauses: Clause[] = [];
  for (const piece of pieceList) {
    if (piece === '*' || OPERATORS.has(piece)) continue;
    if (piece.startsWith('"')) {
      const inner = piece.replace(/^"|"$/g, '');
      const ws = words(inner);
      if (ws.length === 1) clauses.push({ kind: 'word', word: ws[0]!, term: term(ws[0]!), prefix: false });
      else if (ws.length > 1) clauses.push({ kind: 'phrase', words: ws, text: inner.toLowerCase() });
      continue;
    }
    const field = /^([A-Za-z_][\w.]*):(.+)$/.exec(piece);
    if (field && !piece.startsWith('urn:')) {
      const written = field[2]!.replace(/^"|"$/g, '');
      const prefix = /[^\\]\*$/.test(written);
      // Backslash escapes (`urn\:li\:…`, `a\-b`, `\/`) stand for the character escaped.
      const value = (prefix ? written.slice(0, -1) : written).replace(/\\(.)/g, '$1');
      clauses.push({ kind: 'field', field: FIELD_ALIASES[field[1]!] ?? field[1]!, value, prefix });
      continue;
    }
    const prefix = piece.endsWith('*') && piece.length > 1;
    const ws = words(prefix ? piece.slice(0, -1) : piece);
    ws.forEach((w, i) => {
      // Only the last word of `fct_us*` is a prefix; the ones before it are whole words.
      const isPrefix = prefix && i === ws.length - 1;
      clauses.push({ kind: 'word', word: w, term: isPrefix ? stemPrefix(w) : term(w), prefix: isPrefix });
    });
  }
  const q: ParsedQuery = {
    all: clauses.length === 0,
    clauses,
    alternatives: [],
    text: text.toLowerCase(),
    original: text,
  };
  q.alternatives.push(q);
  return q;
}
