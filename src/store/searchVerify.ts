/**
 * The search index against what the indexer gives from the latest aspects (`catalog verify`,
 * verify.ts walks the file and hands each entity here, in id order). Every layout detail is read
 * through SearchTables.inspection(), so this module knows only what an index entry means:
 *
 * - per entity: its stored document is the one the indexer makes from its aspects, with the length
 *   its analysis gives;
 * - per block of 128 ids: each word's postings block holds exactly the entities whose analysis has
 *   the word, with its weight, the document's length and its type's code, byte for byte as the
 *   index writes them; each keyword block exactly the entities with the keyword value;
 * - per chunk of 1024 ids: each counted field's facet column holds each entity's values;
 * - and the counts: as many documents, postings blocks, keyword blocks and column chunks as the
 *   entities give (an entry left over by a write that did not clean up is found so), the statistics
 *   in `meta`, each word's document count, each facet value's counter of live documents, and the
 *   value ordinals in both directions.
 */
import type { Database, Key } from 'lmdb';
import { deepEqual, type EntityRecord } from './tables.ts';
import { BLOCK_BITS } from './idBlocks.ts';
import {
  COLUMN_CHUNK_BITS,
  POSTING_BYTES,
  type DocumentIndex,
  type SearchInspection,
  type SearchStats,
} from './searchIndex.ts';
import { counted, type LatestAspects, type VerifyFix } from './verifyReport.ts';

type Problem = (part: string, subject: string, what: string, fix: VerifyFix) => void;

/** The keyword field and value of a soft-deleted document. */
const REMOVED = ['removed', 'true'] as const;

export class SearchCheck {
  private readonly indexer: SearchInspection['indexer'];
  private readonly codes: Record<string, number>;
  /** Postings expected in the current block: word → low id bits, weight, length, code, … in id order (four numbers an entry). */
  private readonly postings = new Map<string, number[]>();
  /** Keyword entries expected in the current block: field␀value → low id bits. */
  private readonly keywords = new Map<string, { field: string; value: string; lows: number[] }>();
  /** Facet values expected in the current column chunk: field → slot → ordinals. */
  private columns = new Map<string, Map<number, number[]>>();
  private chunk = -1;
  /** The urns of the ids seen in the current column chunk (for messages). */
  private readonly urns = new Map<number, string>();
  /** Ids of the current column chunk whose entries cannot be judged: their entity did not read. */
  private readonly unknowns = new Set<number>();
  /** Each id's type code (0: none) and whether its document is soft-deleted, for the facet counters. */
  private code = new Uint8Array(1024);
  private removed = new Uint8Array(1024);
  /** Fields whose entries only sort ("last modified"): kept as keywords, never counted. */
  private readonly sortFields = new Set<string>();
  private readonly stats: SearchStats = { docs: 0, length: 0, types: {} };
  private expectedPostingBlocks = 0;
  private expectedKeywordBlocks = 0;
  private expectedColumnChunks = 0;
  /** Entries each table had in the walk of every table. */
  private readonly stored = new Map<string, number>();
  /** Terms seen in `postingBlocks` (their document counts are checked as each one's blocks end). */
  private postingTerms = 0;

  constructor(
    private readonly index: SearchInspection,
    private readonly problem: Problem,
  ) {
    this.indexer = index.indexer;
    this.codes = index.typeCodes();
  }

  /** Checks of each entry of the index's tables on its own, during the walk of every table. */
  tableVisitors(
    decode: (table: string, key: Key, bytes: Buffer) => unknown,
  ): Record<string, (key: Key, bytes: Buffer) => void> {
    const problem = this.problem;
    const sizes = this.index.ordinalSizes();
    let term: string | undefined;
    let entries = 0;
    const endTerm = () => {
      if (term === undefined) return;
      this.postingTerms++;
      const df = this.index.tables.searchTerms.get(term as never);
      if (df !== entries)
        problem(
          'searchTerms',
          `the word "${term}"`,
          `its document count is ${JSON.stringify(df)}, but ${counted(entries, 'document holds', 'documents hold')} it`,
          'reindex',
        );
    };
    const idBytes = (table: string, key: Key, bytes: Buffer, size: number) => {
      let ok = bytes.length > 0 && bytes.length % size === 0;
      for (let at = size; ok && at < bytes.length; at += size) ok = bytes[at]! > bytes[at - size]! && bytes[at]! < 128;
      if (!ok || bytes[0]! >= 128)
        problem(table, JSON.stringify(key), 'its block of ids is not a list of ascending ids of one block', 'reindex');
    };
    const visitors: Record<string, (key: Key, bytes: Buffer) => void> = {
      postingBlocks: (key, bytes) => {
        const [t] = key as [string, number];
        if (t !== term) {
          endTerm();
          term = t;
          entries = 0;
        }
        entries += Math.floor(bytes.length / POSTING_BYTES);
        idBytes('postingBlocks', key, bytes, POSTING_BYTES);
      },
      keywordBlocks: (key, bytes) => idBytes('keywordBlocks', key, bytes, 1),
      searchTerms: (key, bytes) => {
        const df = decode('searchTerms', key, bytes);
        if (!(typeof df === 'number' && Number.isInteger(df) && df > 0))
          problem(
            'searchTerms',
            `the word ${JSON.stringify(key)}`,
            `its document count is ${JSON.stringify(df)}`,
            'reindex',
          );
      },
      facetCounts: (key, bytes) => {
        const n = decode('facetCounts', key, bytes);
        if (!(typeof n === 'number' && Number.isInteger(n) && n > 0))
          problem('facetCounts', JSON.stringify(key), `its counter is ${JSON.stringify(n)}`, 'reindex');
      },
      facetColumns: (key, bytes) => {
        // 1025 ascending offsets, then as many ordinals as the last one says.
        const header = ((1 << COLUMN_CHUNK_BITS) + 1) * 4;
        let ok = bytes.length >= header && (bytes.length - header) % 4 === 0;
        for (let slot = 0; ok && slot < 1 << COLUMN_CHUNK_BITS; slot++)
          ok = bytes.readUInt32LE(slot * 4) <= bytes.readUInt32LE(slot * 4 + 4);
        if (ok) ok = bytes.readUInt32LE(0) === 0 && header + bytes.readUInt32LE(header - 4) * 4 === bytes.length;
        if (!ok)
          problem('facetColumns', JSON.stringify(key), 'it is not a column chunk (offsets, then ordinals)', 'reindex');
      },
      facetOrdinals: (key, bytes) => {
        const [field, value] = key as [string, string];
        const o = decode('facetOrdinals', key, bytes);
        if (!(typeof o === 'number' && Number.isInteger(o) && o >= 0 && o < (sizes[field] ?? 0)))
          return problem(
            'facetOrdinals',
            `${field}=${value}`,
            `its ordinal ${JSON.stringify(o)} was never given`,
            'reindex',
          );
        if (this.index.valueOf(field, o) !== value)
          problem(
            'facetValues',
            `${field}=${value}`,
            `ordinal ${o} stands for ${JSON.stringify(this.index.valueOf(field, o))} instead`,
            'reindex',
          );
      },
      facetValues: (key, bytes) => {
        const [field, o] = key as [string, number];
        const value = decode('facetValues', key, bytes);
        if (typeof value !== 'string' || this.index.ordinalOf(field, value) !== o)
          problem(
            'facetValues',
            `${field} ordinal ${o}`,
            `it stands for ${JSON.stringify(value)}, whose ordinal is ${JSON.stringify(typeof value === 'string' ? this.index.ordinalOf(field, value) : undefined)}`,
            'reindex',
          );
      },
    };
    // The count of the last word is checked when the walk of `postingBlocks` ends.
    this.endPostings = endTerm;
    return visitors;
  }

  private endPostings: (() => void) | undefined;

  /** The walk of every table reached the end of `name`, after `entries` entries. */
  tableWalked(name: string, entries: number): void {
    this.stored.set(name, entries);
    if (name === 'postingBlocks') this.endPostings?.();
  }

  /** An id whose entity did not read (reported): its entries are left unjudged. */
  unknown(id: number): void {
    this.moveTo(id);
    this.unknowns.add(id);
  }

  private moveTo(id: number): void {
    const chunk = id >>> COLUMN_CHUNK_BITS;
    if (chunk !== this.chunk) {
      this.endChunk();
      this.chunk = chunk;
    }
  }

  /** One entity, in id order: its document, and what its analysis puts in the current block. */
  entity(id: number, urn: string, entity: EntityRecord, latest: LatestAspects): void {
    this.moveTo(id);
    this.urns.set(id, urn);
    const doc = this.indexer.document(
      urn,
      entity.entityType,
      entity.aspects,
      (name) => latest.value(name),
      () => latest.modified(),
    );
    let stored: { urn: string; json: string; length: number } | undefined;
    let unreadable = false;
    try {
      stored = this.index.storedDocument(id);
    } catch (e) {
      // Reported; the entries the aspects give are held to the rest of the index all the same.
      this.problem('searchDocs', `the document of ${urn}`, `it could not be read: ${(e as Error).message}`, 'reindex');
      unreadable = true;
    }
    if (doc === undefined) {
      if (stored)
        this.problem(
          'searchDocs',
          urn,
          'the search index holds a document for it, which its aspects do not give',
          'reindex',
        );
      return;
    }
    const analysis: DocumentIndex = this.indexer.analyse(doc, (name) => latest.value(name));
    if (unreadable) {
      // Said above.
    } else if (!stored) this.problem('searchDocs', urn, 'the search index has no document for it', 'reindex');
    else {
      let same = stored.urn === urn && stored.length === analysis.length;
      try {
        same = same && deepEqual(JSON.parse(stored.json), doc);
      } catch {
        same = false;
      }
      if (!same)
        this.problem('searchDocs', urn, 'its document in the search index is not the one its aspects give', 'reindex');
    }
    const type = analysis.keywords.find(([f]) => f === '_entityType')?.[1];
    const code = type === undefined ? 0 : this.codes[type];
    if (type !== undefined && code === undefined)
      this.problem('meta', urn, `the search index has no code for its type ${type}`, 'reindex');
    const live = !analysis.keywords.some(([f, v]) => f === REMOVED[0] && v === REMOVED[1]);
    this.stats.docs++;
    this.stats.length += analysis.length;
    if (type !== undefined) {
      const t = (this.stats.types[type] ??= { docs: 0, removed: 0 });
      t.docs++;
      if (!live) t.removed++;
    }
    this.remember(id, code ?? 0, live);
    const low = id & ((1 << BLOCK_BITS) - 1);
    const length = analysis.length;
    const typeCode = code ?? 0;
    for (const [term, weight] of analysis.terms) {
      const list = this.postings.get(term);
      if (list) list.push(low, weight, length, typeCode);
      else this.postings.set(term, [low, weight, length, typeCode]);
    }
    const identity = this.index.identity;
    const keep = (field: string, value: string) => {
      if (field === identity) return;
      const k = `${field}\u0000${value}`;
      let entry = this.keywords.get(k);
      if (!entry) this.keywords.set(k, (entry = { field, value, lows: [] }));
      if (entry.lows[entry.lows.length - 1] !== low) entry.lows.push(low);
    };
    for (const [f, v] of analysis.keywords) keep(f, v);
    for (const [f, v] of analysis.sortKeys ?? []) {
      this.sortFields.add(f);
      keep(f, v);
    }
    // Facet columns: each counted field's distinct values, in the order the document gives them.
    const slot = id & ((1 << COLUMN_CHUNK_BITS) - 1);
    for (const [f, v] of analysis.keywords) {
      if (!this.index.isCounted(f)) continue;
      let bySlot = this.columns.get(f);
      if (!bySlot) this.columns.set(f, (bySlot = new Map()));
      let ords = bySlot.get(slot);
      if (!ords) bySlot.set(slot, (ords = []));
      const o = this.index.ordinalOf(f, v);
      if (o === undefined) {
        this.problem('facetOrdinals', urn, `the search index has no ordinal for its value ${f}=${v}`, 'reindex');
        continue;
      }
      if (!ords.includes(o)) ords.push(o);
    }
  }

  private remember(id: number, code: number, live: boolean): void {
    if (id >= this.code.length) {
      const grow = (a: Uint8Array) => {
        const b = new Uint8Array(Math.max(id + 1, a.length * 2));
        b.set(a);
        return b;
      };
      this.code = grow(this.code);
      this.removed = grow(this.removed);
    }
    this.code[id] = code;
    this.removed[id] = live ? 0 : 1;
  }

  /** The end of a block of 128 ids: its postings and keyword blocks compared with the stored ones. */
  endBlock(block: number): void {
    const base = block << BLOCK_BITS;
    const urnOf = (low: number) => this.urns.get(base + low) ?? `entity id ${base + low}`;
    for (const [term, entries] of this.postings) {
      this.expectedPostingBlocks++;
      const expected = this.index.postingBytes(entries);
      const stored = this.read(() => this.index.postingBlock(term, block));
      if (stored?.equals(expected)) continue;
      const had = new Map<number, Buffer>();
      for (let at = 0; stored && at + POSTING_BYTES <= stored.length; at += POSTING_BYTES)
        had.set(stored[at]!, stored.subarray(at, at + POSTING_BYTES));
      for (let i = 0; i < entries.length / 4; i++) {
        const low = entries[i * 4]!;
        const want = expected.subarray(i * POSTING_BYTES, (i + 1) * POSTING_BYTES);
        const got = had.get(low);
        had.delete(low);
        if (!got)
          this.problem('postingBlocks', urnOf(low), `the search index lacks the word "${term}" for it`, 'reindex');
        else if (!got.equals(want))
          this.problem(
            'postingBlocks',
            urnOf(low),
            `the search index holds the word "${term}" for it with another weight, length or type than its document gives`,
            'reindex',
          );
      }
      for (const low of had.keys())
        if (!this.unknowns.has(base + low))
          this.problem(
            'postingBlocks',
            urnOf(low),
            `the search index holds the word "${term}" for it, which its document does not have`,
            'reindex',
          );
    }
    for (const { field, value, lows } of this.keywords.values()) {
      this.expectedKeywordBlocks++;
      const stored = this.read(() => this.index.keywordBlock(field, value, block));
      if (stored?.equals(Buffer.from(lows))) continue;
      const had = new Set(stored ? Array.from(stored) : []);
      for (const low of lows) {
        if (!had.delete(low))
          this.problem('keywordBlocks', urnOf(low), `the search index lacks its keyword ${field}=${value}`, 'reindex');
      }
      for (const low of had)
        if (!this.unknowns.has(base + low))
          this.problem(
            'keywordBlocks',
            urnOf(low),
            `the search index holds the keyword ${field}=${value} for it, which its document does not have`,
            'reindex',
          );
    }
    this.postings.clear();
    this.keywords.clear();
  }

  /** The end of a chunk of 1024 ids: every counted field's facet column compared with the stored one. */
  private endChunk(): void {
    if (this.chunk < 0) return;
    const base = this.chunk << COLUMN_CHUNK_BITS;
    const fields = new Set([...Object.keys(this.index.ordinalSizes()), ...this.columns.keys()]);
    for (const field of fields) {
      const expected = this.columns.get(field) ?? new Map<number, number[]>();
      if (expected.size > 0) this.expectedColumnChunks++;
      const stored = this.read(() => this.index.columnChunk(field, this.chunk));
      if (!stored && expected.size === 0) continue;
      for (let slot = 0; slot < 1 << COLUMN_CHUNK_BITS; slot++) {
        const want = [...(expected.get(slot) ?? [])].sort((a, b) => a - b);
        const got = [...(stored?.[slot] ?? [])].sort((a, b) => a - b);
        if ((want.length === got.length && want.every((o, i) => o === got[i])) || this.unknowns.has(base + slot))
          continue;
        const urn = this.urns.get(base + slot) ?? `entity id ${base + slot}`;
        this.problem(
          'facetColumns',
          urn,
          `the search index's values of facet ${field} for it are not those of its document`,
          'reindex',
        );
      }
    }
    this.columns = new Map();
    this.urns.clear();
    this.unknowns.clear();
  }

  /** A read of the index that may fail on damage: reported as missing, the walk goes on. */
  private read<T>(fn: () => T): T | undefined {
    try {
      return fn();
    } catch {
      return undefined;
    }
  }

  /**
   * After the last entity: the counts. `complete`: every entity was read (else what some entity
   * should have is unknown and the counts cannot be held to anything). Returns the documents the
   * aspects give.
   */
  finish(complete: boolean, tick: () => void): number {
    this.endChunk();
    const problem = this.problem;
    if (complete) {
      const more = (table: string, expected: number, what: [string, string]) => {
        const stored = this.stored.get(table) ?? 0;
        if (stored > expected)
          problem(
            table,
            'the search index',
            `it holds ${counted(stored - expected, what[0], what[1])} that no entity's aspects give (left over from entities that are gone, or values that changed)`,
            'reindex',
          );
      };
      more('searchDocs', this.stats.docs, ['document', 'documents']);
      more('postingBlocks', this.expectedPostingBlocks, ['block of postings', 'blocks of postings']);
      more('keywordBlocks', this.expectedKeywordBlocks, ['block of keyword entries', 'blocks of keyword entries']);
      more('facetColumns', this.expectedColumnChunks, ['chunk of facet values', 'chunks of facet values']);
      const recorded = this.index.stats();
      const types = (s: SearchStats) =>
        JSON.stringify(
          Object.entries(s.types)
            .filter(([, t]) => t.docs > 0)
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        );
      if (
        recorded.docs !== this.stats.docs ||
        recorded.length !== this.stats.length ||
        types(recorded) !== types(this.stats)
      ) {
        problem(
          'meta',
          "the search index's statistics",
          `they say ${counted(recorded.docs, 'document')} of total length ${recorded.length}, but the documents are ${this.stats.docs} of total length ${this.stats.length} (or of other types)`,
          'reindex',
        );
      }
      if ((this.stored.get('searchTerms') ?? 0) !== this.postingTerms)
        problem(
          'searchTerms',
          'the search index',
          `it counts documents for ${counted(this.stored.get('searchTerms') ?? 0, 'word')}, but ${counted(this.postingTerms, 'word has', 'words have')} postings`,
          'reindex',
        );
      this.checkCounters(tick);
    }
    return this.stats.docs;
  }

  /**
   * Each facet counter [field, value, type code] is the number of live documents of that type whose
   * keyword entries hold the value: the keyword blocks (held to the documents above) walked once in
   * order, each value's ids counted by type, beside the counters.
   */
  private checkCounters(tick: () => void): void {
    const keywords = this.index.tables.keywordBlocks as Database<Buffer, [string, string, number]>;
    const counters = this.index.tables.facetCounts as Database<number, [string, string, number]>;
    let expected = 0;
    let group: { field: string; value: string; counts: Map<number, number> } | undefined;
    const endGroup = () => {
      if (!group) return;
      for (const [code, n] of group.counts) {
        expected++;
        const stored = this.read(() => counters.get([group!.field, group!.value, code]));
        if (stored !== n)
          this.problem(
            'facetCounts',
            `${group.field}=${group.value}`,
            `its counter of live documents of type code ${code} is ${JSON.stringify(stored)}, but ${counted(n, 'holds', 'hold')} it`,
            'reindex',
          );
      }
    };
    try {
      for (const { key, value } of keywords.getRange({})) {
        tick();
        const [field, v, block] = key;
        if (!this.index.isCounted(field) || this.sortFields.has(field)) continue;
        if (!group || group.field !== field || group.value !== v) {
          endGroup();
          group = { field, value: v, counts: new Map() };
        }
        const base = block << BLOCK_BITS;
        for (const low of value) {
          const id = base + low;
          if (id >= this.code.length || this.removed[id] || !this.code[id]) continue;
          group.counts.set(this.code[id]!, (group.counts.get(this.code[id]!) ?? 0) + 1);
        }
      }
      endGroup();
    } catch (e) {
      this.problem(
        'keywordBlocks',
        'the search index',
        `its facet counters could not be checked: ${(e as Error).message}`,
        'reindex',
      );
      return;
    }
    const stored = this.stored.get('facetCounts') ?? 0;
    if (stored > expected)
      this.problem(
        'facetCounts',
        'the search index',
        `it holds ${counted(stored - expected, 'facet counter')} that no live document gives`,
        'reindex',
      );
  }
}
