/**
 * get_lineage and get_lineage_paths_between: DataHub's MCP server's lineage searches (its
 * GetEntityLineage document, degree filters, column-level results grouped by dataset with their
 * `lineageColumns`, offset paging under the token budget, and path tracing that tries downstream
 * first, then upstream).
 */
import { gql, schemaFieldUrn, type ToolContext } from '../context.ts';
import { ENTITY_DETAILS } from '../documents.ts';
import { andFilters, compileFilter, degreeFilter, parseFilter } from '../filters.ts';
import {
  arrayAt,
  cleanGql,
  selectWithinBudget,
  shapeEntity,
  stringAt,
  truncateDescriptions,
  valueAt,
  type Json,
  type JsonObject,
} from '../shape.ts';

/** Raised when no lineage (or no path) is found: the one failure path tracing recovers from. */
class NotFound extends Error {}

interface Directive {
  urn: string;
  upstream: boolean;
  maxHops: number;
  filter: ReturnType<typeof parseFilter>;
  maxResults: number;
}

async function lineageSearch(ctx: ToolContext, d: Directive, query: string | null): Promise<JsonObject> {
  const filter = d.filter ? andFilters(degreeFilter(d.maxHops), d.filter) : degreeFilter(d.maxHops);
  const { types, orFilters } = compileFilter(filter);
  const input = {
    urn: d.urn,
    query: query || '*',
    start: 0,
    count: d.maxResults,
    types,
    orFilters,
    searchFlags: { skipHighlighting: true, maxAggValues: 3 },
    direction: d.upstream ? 'UPSTREAM' : 'DOWNSTREAM',
  };
  const answer = cleanGql((await gql(ctx, ENTITY_DETAILS, { input }, 'GetEntityLineage'))['searchAcrossLineage']);
  return d.upstream ? { upstreams: answer } : { downstreams: answer };
}

/** Column-level results: each dataset once, with the columns its paths end on. */
function withLineageColumns(results: JsonObject[]): JsonObject[] {
  if (!results.some((r) => Array.isArray(r['paths']) && r['paths'].length > 0)) return results;
  return results.map((r) => {
    const paths = r['paths'];
    if (!Array.isArray(paths) || paths.length === 0) return r;
    const columns: string[] = [];
    for (const p of paths) {
      const path = arrayAt(p, 'path');
      if (!path || path.length === 0) continue;
      const last = path[path.length - 1];
      const fieldPath = stringAt(last, 'fieldPath');
      if (valueAt(last, 'type') === 'SCHEMA_FIELD' && fieldPath && !columns.includes(fieldPath)) {
        columns.push(fieldPath);
      }
    }
    const out: JsonObject = { entity: r['entity']!, degree: r['degree'] ?? 0 };
    if (columns.length > 0) out['lineageColumns'] = columns;
    for (const key of ['explored', 'truncatedChildren', 'ignoredAsHop']) if (key in r) out[key] = r[key]!;
    return out;
  });
}

export interface LineageArgs {
  urn: string;
  column: string | null;
  query: string | null;
  filter: string | null;
  upstream: boolean;
  max_hops: number;
  max_results: number;
  offset: number;
}

export async function getLineage(ctx: ToolContext, a: LineageArgs): Promise<Json> {
  const column = a.column === 'null' || a.column === '' ? null : a.column;
  const filter = parseFilter(a.filter);
  const urn = schemaFieldUrn(a.urn, column);
  const lineage = await lineageSearch(
    ctx,
    { urn, upstream: a.upstream, maxHops: a.max_hops, filter, maxResults: a.max_results },
    a.query,
  );
  truncateDescriptions(lineage);
  for (const direction of ['upstreams', 'downstreams']) {
    const d = lineage[direction] as JsonObject | undefined;
    const raw = d?.['searchResults'];
    if (!d || !Array.isArray(raw) || raw.length === 0) continue;
    const results = withLineageColumns(raw as JsonObject[]);
    d['searchResults'] = results;
    const total = results.length;
    if (a.offset >= total) {
      Object.assign(d, { searchResults: [], offset: a.offset, returned: 0, hasMore: false });
      continue;
    }
    const after = results.slice(a.offset);
    const selected = selectWithinBudget(
      after,
      (r) => {
        const cleaned = shapeEntity(r['entity'] ?? {});
        r['entity'] = cleaned;
        return cleaned;
      },
      a.max_results,
    );
    Object.assign(d, {
      searchResults: selected,
      offset: a.offset,
      returned: selected.length,
      hasMore: a.offset + selected.length < total,
    });
    if (selected.length < after.length) d['truncatedDueToTokenBudget'] = true;
  }
  if (column !== null) {
    lineage['metadata'] = {
      queryType: 'column-level-lineage',
      groupedBy: 'dataset',
      fields: {
        lineageColumns: {
          description: 'Columns in each dataset that have a lineage relationship with the source column',
          semantics: {
            downstream: 'Columns derived from the source column',
            upstream: 'Columns that the source column depends on',
          },
        },
      },
    };
  }
  return lineage;
}

const dotted = (urn: string, column: string | null) => (column ? `${urn}.${column}` : urn);

interface PathQuery {
  queryUrn: string;
  searchFor: string;
  source: string;
  target: string;
  sourceColumn: string | null;
  targetColumn: string | null;
  direction: 'upstream' | 'downstream';
}

/** Walks upstream of `queryUrn` (10 hops, 100 results) for `searchFor`, and answers its paths. */
async function upstreamPath(ctx: ToolContext, p: PathQuery): Promise<JsonObject> {
  const lineage = await lineageSearch(
    ctx,
    { urn: p.queryUrn, upstream: true, maxHops: 10, filter: null, maxResults: 100 },
    '*',
  );
  truncateDescriptions(lineage);
  const results = ((lineage['upstreams'] as JsonObject | undefined)?.['searchResults'] ?? []) as JsonObject[];
  if (results.length === 0) throw new NotFound(`No lineage found from ${dotted(p.source, p.sourceColumn)}`);
  const columnLevel = p.targetColumn !== null;
  const found = results.find((r) => {
    if (!columnLevel) return valueAt(r, 'entity', 'urn') === p.searchFor;
    return (arrayAt(r, 'paths') ?? []).some((po) => {
      const path = arrayAt(po, 'path');
      return path !== undefined && path.length > 0 && valueAt(path[path.length - 1], 'urn') === p.searchFor;
    });
  });
  if (!found)
    throw new NotFound(
      `No lineage path found from ${dotted(p.source, p.sourceColumn)} to ${dotted(p.target, p.targetColumn)}`,
    );
  const paths = found['paths'];
  if (!Array.isArray(paths) || paths.length === 0) {
    throw new Error(
      'Target found but no path information available. This may indicate the entities are directly connected without intermediate steps.',
    );
  }
  const cleaned = cleanGql(paths) as JsonObject[];
  const hasQueries = cleaned.some((po) => arrayAt(po, 'path')?.some((e) => valueAt(e, 'type') === 'QUERY') === true);
  const pathsMetadata: JsonObject = {
    description: 'Array of lineage paths showing transformation chains from source to target',
    structure:
      'Each path contains alternating entities (SCHEMA_FIELD or DATASET) and optional transformation QUERY entities',
  };
  if (hasQueries)
    pathsMetadata['queryEntities'] =
      'QUERY entities are returned as URNs only. Use get_entities(query_urn) to fetch SQL statement and other query details.';
  return {
    metadata: {
      queryType: 'lineage-path-trace',
      direction: p.direction,
      pathType: p.sourceColumn ? 'column-level' : 'dataset-level',
      fields: { paths: pathsMetadata },
    },
    source: { urn: p.source, ...(p.sourceColumn ? { column: p.sourceColumn } : {}) },
    target: { urn: p.target, ...(p.targetColumn ? { column: p.targetColumn } : {}) },
    pathCount: cleaned.length,
    paths: cleaned,
  };
}

async function findPath(
  ctx: ToolContext,
  p: Omit<PathQuery, 'searchFor'> & { targetFull: string },
): Promise<JsonObject> {
  if (p.direction === 'downstream') {
    // Downstream of the source is upstream of the target, read backwards.
    const result = await upstreamPath(ctx, { ...p, queryUrn: p.targetFull, searchFor: p.queryUrn });
    for (const po of result['paths'] as JsonObject[])
      if (po && Array.isArray(po['path'])) po['path'] = [...po['path']].reverse();
    return result;
  }
  return upstreamPath(ctx, { ...p, searchFor: p.targetFull });
}

export interface PathsArgs {
  source_urn: string;
  target_urn: string;
  source_column: string | null;
  target_column: string | null;
  direction: 'upstream' | 'downstream' | null;
}

export async function getLineagePathsBetween(ctx: ToolContext, a: PathsArgs): Promise<Json> {
  const sourceColumn = a.source_column === 'null' || a.source_column === '' ? null : a.source_column;
  const targetColumn = a.target_column === 'null' || a.target_column === '' ? null : a.target_column;
  if ((sourceColumn === null) !== (targetColumn === null)) {
    throw new Error(
      'Both source_column and target_column must be provided for column-level lineage, or both must be None for dataset-level lineage',
    );
  }
  const base = {
    queryUrn: schemaFieldUrn(a.source_urn, sourceColumn),
    targetFull: schemaFieldUrn(a.target_urn, targetColumn),
    source: a.source_urn,
    target: a.target_urn,
    sourceColumn,
    targetColumn,
  };
  if (a.direction !== null) return findPath(ctx, { ...base, direction: a.direction });
  const note =
    "Direction was automatically discovered. Specify direction='downstream' or 'upstream' explicitly for better performance.";
  for (const direction of ['downstream', 'upstream'] as const) {
    try {
      const result = await findPath(ctx, { ...base, direction });
      Object.assign(result['metadata'] as JsonObject, { direction: `auto-discovered-${direction}`, note });
      return result;
    } catch (e) {
      if (!(e instanceof NotFound)) throw e;
    }
  }
  throw new Error(
    `No lineage path found between ${dotted(a.source_urn, sourceColumn)} and ${dotted(a.target_urn, targetColumn)} in either upstream or downstream direction`,
  );
}
