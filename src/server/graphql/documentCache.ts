/**
 * Parsed and validated GraphQL documents by query text, bounded by a byte budget of the heap they
 * take, least recently used first out. Shared by the HTTP handler (handler.ts) and the documents run
 * in process (inProcess.ts, the MCP tools).
 */
import type { DocumentNode, GraphQLError } from 'graphql';

export type CachedDocument = DocumentNode | readonly GraphQLError[];

/**
 * The heap a cached document takes, estimated from its query text: the parsed document, what
 * validation and the limit rules keep beside it, and its operations compiled by graphql-jit. Measured
 * on the bench's dataset read, the web UI's entity and schema queries and a one-line query (100 of
 * each, heap after a full garbage collection): 96 to 155 bytes of heap a character of text.
 */
export function documentCost(query: string): number {
  return 4096 + query.length * 160;
}

/** 16 MiB: about a hundred dataset-page documents (100–150 KB each). */
export const DEFAULT_DOCUMENTS_BYTES = 16 * 1024 * 1024;

export class DocumentCache {
  /** In use order, least recently used first (a hit moves its entry to the end). */
  private readonly map = new Map<string, CachedDocument>();
  private bytes = 0;

  /**
   * `maxBytes`: the budget; `cost`: a query text's cost against it. A document that would cost over a
   * quarter of the budget is built each time it is asked for, never kept.
   */
  constructor(
    private readonly maxBytes: number = DEFAULT_DOCUMENTS_BYTES,
    private readonly cost: (query: string) => number = documentCost,
  ) {}

  /** What the kept documents cost. */
  get used(): number {
    return this.bytes;
  }

  get size(): number {
    return this.map.size;
  }

  has(query: string): boolean {
    return this.map.has(query);
  }

  /** The document of `query`: the kept one, else `build()`'s, kept when it fits the budget. */
  get(query: string, build: () => CachedDocument): CachedDocument {
    const hit = this.map.get(query);
    if (hit !== undefined) {
      this.map.delete(query);
      this.map.set(query, hit);
      return hit;
    }
    const value = build();
    const cost = this.cost(query);
    if (cost > this.maxBytes / 4) return value;
    for (const [oldest] of this.map) {
      if (this.bytes + cost <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= this.cost(oldest);
    }
    this.map.set(query, value);
    this.bytes += cost;
    return value;
  }
}
