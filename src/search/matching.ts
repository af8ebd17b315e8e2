/**
 * The documents a query and its filters match, with their scores: candidates from the text clauses,
 * the lineage set or the filters' index lookups (whichever is smallest), then what is left to check
 * on each; exact name and urn matches score EXACT more. `OR` alternatives are united.
 */
import type { ParsedQuery } from './query.ts';
import { byLookup, fieldsOf, needsWholeDocument } from './filters.ts';
import { mergeAscending } from './postings.ts';
import type { Run } from './run.ts';
import type { Scratch } from './scratch.ts';
import type { ListScores } from './scoring.ts';
import { documentMatches, textScores } from './text.ts';
import type { FilterGroup, SearchRequest } from './types.ts';

/** Score added to an exact name or urn match, so it comes first whatever BM25 says. */
const EXACT = 1000;

export interface Match {
  id: number;
  score: number;
}

/** The matching documents and their scores, column by column (a common word matches most of the catalog). */
export class Matches {
  size = 0;
  constructor(
    public ids: Uint32Array,
    public scores: Float64Array,
    size = 0,
    /** When the matches are a kept list's own postings and scores: those scores. */
    readonly list?: ListScores,
  ) {
    this.size = size;
  }

  static empty(capacity = 16): Matches {
    return new Matches(new Uint32Array(capacity), new Float64Array(capacity));
  }

  push(id: number, score: number): void {
    if (this.size === this.ids.length) {
      const ids = new Uint32Array(Math.max(16, this.size * 2));
      const scores = new Float64Array(ids.length);
      ids.set(this.ids);
      scores.set(this.scores);
      this.ids = ids;
      this.scores = scores;
    }
    this.ids[this.size] = id;
    this.scores[this.size++] = score;
  }

  at(i: number): Match {
    return { id: this.ids[i]!, score: this.scores[i]! };
  }

  /** The ids, ascending (a copy, from `scratch`). */
  sortedIds(scratch: Scratch): Uint32Array {
    const out = scratch.u32(this.size);
    out.set(this.ids.subarray(0, this.size));
    return out.sort();
  }
}

/**
 * The documents the filters can hold for, by lookup: per OR-group the ids of its most selective
 * positive equality criterion on a keyword field, united across groups. Undefined when some group
 * has no such criterion (its documents can only be told by reading them). Ascending, each once.
 */
function lookupCandidates(run: Run, filters: FilterGroup[]): Uint32Array | undefined {
  if (filters.length === 0 || !filters.every((g) => g.some((c) => !c.negated && byLookup(c)))) return undefined;
  // Per group, the criterion with the fewest ids; the groups' ids together (a document passing any group is a candidate).
  const lists: Array<readonly number[]> = [];
  for (const g of filters) {
    let best: Array<readonly number[]> | undefined;
    let size = Infinity;
    for (const c of g) {
      if (c.negated || !byLookup(c)) continue;
      const values =
        c.field === '_entityType'
          ? c.values.map((v) => run.canonicalType(v)).filter((v): v is string => v !== undefined)
          : c.values;
      const ids = fieldsOf(c.field).flatMap((f) => values.map((v) => run.index.keywordIds(f, v)));
      const n = ids.reduce((x, l) => x + l.length, 0);
      if (n < size) {
        best = ids;
        size = n;
      }
    }
    lists.push(...best!);
  }
  return mergeAscending(lists);
}

/** Every document of the searched types. */
function* documentsOfTypes(run: Run): Generator<number> {
  for (const t of run.types) yield* run.index.keywordIds('_entityType', t);
}

/** Matches of the query: of its one conjunction, or the union of its `OR` alternatives (best score kept). */
export function matchQuery(run: Run, req: SearchRequest, q: ParsedQuery, filters: FilterGroup[]): Matches {
  if (q.alternatives.length <= 1) return matchAll(run, req, q, filters);
  const best = new Map<number, number>();
  for (const alternative of q.alternatives) {
    const m = matchAll(run, req, alternative, filters);
    for (let i = 0; i < m.size; i++) if ((best.get(m.ids[i]!) ?? -1) < m.scores[i]!) best.set(m.ids[i]!, m.scores[i]!);
  }
  const out = Matches.empty(best.size);
  for (const [id, score] of best) out.push(id, score);
  return out;
}

function matchAll(run: Run, req: SearchRequest, q: ParsedQuery, filters: FilterGroup[]): Matches {
  const stats = run.index.stats();
  const n = Math.max(stats.docs, 1);
  const avg = Math.max(stats.length / n, 1);
  const codes = run.typeCodes();
  const showRemoved = req.includeSoftDeleted === true || filters.some((g) => g.some((c) => c.field === 'removed'));
  // Candidates: the text matches, the lineage set or the filters' lookups, whichever is smallest;
  // what a candidate came from decides what is left to check.
  const fromFilters = lookupCandidates(run, filters);
  const scored = textScores(run, q, codes, n, avg, fromFilters);
  let source: Iterable<number>;
  let typeChecked = true;
  if (scored) {
    source = scored.ids.subarray(0, scored.size);
  } else if (req.within) {
    source = [...req.within].map((u) => run.index.idOf(u)).filter((id): id is number => id !== undefined);
    typeChecked = false;
  } else if (fromFilters) {
    source = fromFilters;
    typeChecked = false;
  } else {
    source = documentsOfTypes(run);
  }
  // A query that is an entity's urn finds that entity even when its own words do not hold the
  // urn's (`urn`, `li`, the entity type): DataHub matches the urn field as a whole.
  const byUrn = q.all ? undefined : run.index.keywordIds('urn', q.original.trim())[0];
  const exact = new Set<number>(byUrn === undefined ? [] : [byUrn]);
  if (!q.all) for (const id of run.index.keywordIds('_name', q.text)) exact.add(id);
  const needsDoc = q.clauses.some((c) => c.kind !== 'word');
  // A phrase may be in any text field, columns included.
  const whole = q.clauses.some((c) => c.kind === 'phrase' || (c.kind === 'field' && needsWholeDocument(c.field)));
  // Candidates drawn from the filters' lookups already hold when every group is that one lookup.
  const filtersHeld =
    fromFilters !== undefined &&
    (scored !== undefined || !req.within) &&
    filters.every((g) => g.length === 1 && !g[0]!.negated && byLookup(g[0]!));
  const removed = showRemoved ? undefined : run.removed();
  if (
    scored &&
    exact.size === 0 &&
    !removed?.size &&
    !req.within &&
    !needsDoc &&
    (filters.length === 0 || filtersHeld)
  ) {
    // Nothing left to check on any text match: they are the matches.
    return new Matches(scored.ids, scored.scores, scored.size, scored.list);
  }
  const capacity = scored ? scored.size + 1 : 16;
  const out = new Matches(run.scratch.u32(capacity), run.scratch.f64(capacity));
  let urnSeen = false;
  const passes = (id: number, checkType: boolean, text: boolean) => {
    if (removed?.has(id)) return false;
    if (req.within && (scored || !text) && !req.within.has(run.urn(id))) return false;
    if (checkType && !run.isOfType(id)) return false;
    if (text && needsDoc) {
      const doc = whole ? run.wholeDoc(id) : run.doc(id);
      if (!doc || !q.clauses.every((c) => documentMatches(doc, c))) return false;
    }
    if (
      filters.length > 0 &&
      !(filtersHeld && (text || fromFilters!.includes(id))) &&
      !filters.some((g) => run.holds(id, g))
    )
      return false;
    return true;
  };
  let i = -1;
  for (const id of source) {
    i++;
    if (!passes(id, !typeChecked, true)) continue;
    if (id === byUrn) urnSeen = true;
    out.push(id, (scored ? scored.scores[i]! : 0) + (exact.has(id) ? EXACT : 0));
  }
  if (byUrn !== undefined && !urnSeen && passes(byUrn, true, false)) out.push(byUrn, EXACT);
  return out;
}
