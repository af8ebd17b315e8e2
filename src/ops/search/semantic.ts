/**
 * Semantic search (DataHub's `semanticSearch` / `semanticSearchAcrossEntities`) ranks by embedding
 * similarity, which needs an embedding model and vector indices. Catalog ships neither in its single
 * executable, so it answers as DataHub does with semantic search switched off — the same state
 * `appConfig.semanticSearchConfig.enabled: false` reports — and clients fall back to keyword search
 * (mcp-server-datahub's document search does; `datahub search --semantic` explains it).
 */
import { BadRequestError } from '../../errors.ts';

export const SEMANTIC_SEARCH_ENABLED = false;

export function semanticSearch(): never {
  throw new BadRequestError('Semantic search is disabled in this environment');
}
