/** One search run: what it reads from the index's snapshot, each at most once, and its scratch arrays. */
import type { SearchDocument } from '../model/search/document.ts';
import type { SearchRecord, SearchView, StoreView } from '../store/store.ts';
import { entityTypeKey, holds, needsWholeDocument } from './filters.ts';
import { Scratch } from './scratch.ts';
import { SEARCHABLE_TYPES, type FilterGroup } from './types.ts';

/** What one search reads, each at most once. */
export class Run {
  readonly index: SearchView;
  private readonly records = new Map<number, SearchRecord | undefined>();
  private removedIds: Set<number> | undefined;
  private codes: ReadonlySet<number> | undefined;
  private readonly typeNames: Map<string, string>;
  /** Where the search's large arrays come from; release() when the search ends. */
  readonly scratch = new Scratch();

  constructor(
    readonly view: StoreView,
    readonly types: readonly string[],
  ) {
    this.index = view.search;
    this.typeNames = new Map(
      [...SEARCHABLE_TYPES, ...Object.keys(this.index.stats().types)].map((t) => [entityTypeKey(t), t]),
    );
  }

  record(id: number): SearchRecord | undefined {
    if (!this.records.has(id)) this.records.set(id, this.index.record(id));
    return this.records.get(id);
  }

  /** The document as stored: everything but the fields needsWholeDocument names. */
  doc(id: number): SearchDocument | undefined {
    return this.record(id)?.doc as SearchDocument | undefined;
  }

  /** The whole document (its columns read back from the entity's schema aspects). */
  wholeDoc(id: number): SearchDocument | undefined {
    return this.index.wholeRecord(id)?.doc as SearchDocument | undefined;
  }

  /** The document with every one of `fields`. */
  docWith(id: number, fields: readonly string[]): SearchDocument | undefined {
    return fields.some(needsWholeDocument) ? this.wholeDoc(id) : this.doc(id);
  }

  /** The urn of document `id` (the index keeps those it read for its generation). */
  urn(id: number): string {
    return this.index.urnOf(id) ?? '';
  }

  /** The postings' codes of the searched types (a type with no document yet has none). */
  typeCodes(): ReadonlySet<number> {
    this.codes ??= new Set(this.types.map((t) => this.index.typeCode(t)).filter((c): c is number => c !== undefined));
    return this.codes;
  }

  /** Ids of soft-deleted documents (few, read once). */
  removed(): Set<number> {
    this.removedIds ??= new Set(this.index.keywordIds('removed', 'true'));
    return this.removedIds;
  }

  canonicalType(value: string): string | undefined {
    return this.typeNames.get(entityTypeKey(value));
  }

  holds(id: number, group: FilterGroup): boolean {
    return group.every((c) => {
      const ctx = {
        canonicalType: (v: string) => this.canonicalType(v),
        doc: () => this.docWith(id, [c.field]),
        removed: () => this.removed().has(id),
      };
      return holds(this.index, id, c, ctx);
    });
  }

  /** Is `id` one of the searched types? One lookup per type. */
  isOfType(id: number): boolean {
    return this.types.some((t) => this.index.hasKeyword('_entityType', t, id));
  }
}
