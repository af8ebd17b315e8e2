/**
 * search_documents and grep_documents: the catalog's documents (knowledge articles) searched by
 * keyword, and their text searched by a regular expression, as DataHub's MCP server answers them.
 * Semantic search needs DataHub Cloud's embeddings; with `semantic_query` the server falls back to
 * the keyword results, each marked `searchType: "keyword"`, and so do we.
 */
import { gql, type ToolContext } from '../context.ts';
import { DOCUMENT_CONTENT, DOCUMENT_SEARCH } from '../documents.ts';
import { compileFilter, parseFilter } from '../filters.ts';
import { cleanGql, isObject, stringAt, valueAt, type Json, type JsonObject } from '../shape.ts';
import { defaultView } from './read.ts';
import { damageOf } from '../../ops/core/openCatalog.ts';

export interface SearchDocumentsArgs {
  query: string;
  semantic_query: string | null;
  filter: string | null;
  num_results: number;
  offset: number;
}

async function keywordSearch(
  ctx: ToolContext,
  query: string,
  filter: string | null,
  numResults: number,
  offset: number,
): Promise<JsonObject> {
  const n = Math.min(numResults, 50);
  const { orFilters } = compileFilter(filter ? parseFilter(filter) : null);
  const variables = { query, orFilters, count: Math.max(n, 1), start: offset, viewUrn: await defaultView(ctx) };
  const response = (await gql(ctx, DOCUMENT_SEARCH, variables, 'documentSearch'))['searchAcrossEntities'];
  if (n === 0 && isObject(response)) {
    delete response['searchResults'];
    delete response['count'];
  }
  return cleanGql(response) as JsonObject;
}

const MAX_HYBRID_FETCH = 100;

export async function searchDocuments(ctx: ToolContext, a: SearchDocumentsArgs): Promise<Json> {
  if (!a.semantic_query) return keywordSearch(ctx, a.query, a.filter, a.num_results, a.offset);
  // Hybrid search without semantic results: the keyword results, paged here.
  const fetchCount = Math.min(a.offset + a.num_results, MAX_HYBRID_FETCH);
  const keyword = await keywordSearch(ctx, a.query, a.filter, fetchCount, 0);
  const all = ((keyword['searchResults'] as JsonObject[] | undefined) ?? []).map((r) => ({
    ...r,
    searchType: 'keyword',
  }));
  const page = all.slice(a.offset, a.offset + a.num_results);
  const merged: JsonObject = {
    ...keyword,
    searchResults: page,
    start: a.offset,
    count: page.length,
    total: all.length,
  };
  if (a.offset + a.num_results > MAX_HYBRID_FETCH)
    Object.assign(merged, { _hybridSearchLimitReached: true, _hybridSearchMaxResults: MAX_HYBRID_FETCH });
  return cleanGql(merged);
}

export interface GrepArgs {
  urns: string[];
  pattern: string;
  context_chars: number;
  max_matches_per_doc: number;
  start_offset: number;
}

export async function grepDocuments(ctx: ToolContext, a: GrepArgs): Promise<Json> {
  if (a.urns.length === 0) return { results: [], total_matches: 0, documents_with_matches: 0 };
  const entities =
    ((await gql(ctx, DOCUMENT_CONTENT, { urns: a.urns }, 'documentContent'))['entities'] as Json[] | undefined) ?? [];
  let regex: RegExp;
  try {
    regex = new RegExp(a.pattern, 'gu');
  } catch (e) {
    return {
      error: `Invalid regex pattern: ${(e as Error).message}`,
      results: [],
      total_matches: 0,
      documents_with_matches: 0,
    };
  }
  const results: JsonObject[] = [];
  let totalMatches = 0;
  let withMatches = 0;
  for (const entity of entities) {
    if (!isObject(entity)) continue;
    const title = stringAt(entity, 'info', 'title') ?? 'Untitled';
    const full = stringAt(entity, 'info', 'contents', 'text') ?? '';
    if (!full) continue;
    const chars = Array.from(full);
    if (a.start_offset > 0 && a.start_offset >= chars.length) continue;
    const text = a.start_offset > 0 ? chars.slice(a.start_offset).join('') : full;
    const textChars = a.start_offset > 0 ? chars.slice(a.start_offset) : chars;
    const excerpts: JsonObject[] = [];
    let count = 0;
    regex.lastIndex = 0;
    for (const m of text.matchAll(regex)) {
      count++;
      if (excerpts.length >= a.max_matches_per_doc) continue;
      // Positions in code points, as Python counts them.
      const start = Array.from(text.slice(0, m.index)).length;
      const end = start + Array.from(m[0]).length;
      const from = Math.max(0, start - a.context_chars);
      const to = Math.min(textChars.length, end + a.context_chars);
      let excerpt = textChars.slice(from, to).join('');
      if (from > 0) excerpt = `...${excerpt}`;
      if (to < textChars.length) excerpt = `${excerpt}...`;
      excerpts.push({ excerpt, position: start + a.start_offset });
    }
    if (count === 0) continue;
    withMatches++;
    totalMatches += count;
    const entry: JsonObject = { urn: (entity['urn'] as string) ?? '', title, matches: excerpts, total_matches: count };
    if (a.start_offset > 0) entry['content_length'] = chars.length;
    results.push(entry);
  }
  return { results, total_matches: totalMatches, documents_with_matches: withMatches };
}

/** Whether the catalog holds a document: DataHub's server lists the document tools only then. */
export async function hasDocuments(ctx: ToolContext): Promise<boolean> {
  try {
    const r = (
      await gql(
        ctx,
        DOCUMENT_SEARCH,
        { query: '*', orFilters: [], count: 1, start: 0, viewUrn: null },
        'documentSearch',
      )
    )['searchAcrossEntities'];
    return Number(valueAt(r, 'total') ?? 0) > 0;
  } catch (e) {
    if (damageOf(e)) throw e;
    return false;
  }
}
