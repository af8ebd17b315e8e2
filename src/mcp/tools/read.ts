/**
 * The read tools: search, get_entities, list_schema_fields, get_dataset_queries, get_me. Each runs
 * the GraphQL documents DataHub's MCP server runs and shapes the answer as it does (./shape.ts).
 */
import { damageOf } from '../../ops/core/openCatalog.ts';
import { exists, gql, schemaFieldUrn, type ToolContext } from '../context.ts';
import { ENTITY_DETAILS, QUERIES, QUERY_ENTITY, RELATED_DOCUMENTS, SEARCH } from '../documents.ts';
import { compileFilter, customFilter, parseFilter } from '../filters.ts';
import {
  arrayAt,
  cleanGql,
  comparePy,
  extractStructuredProperties,
  isObject,
  objectAt,
  shapeEntity,
  stringAt,
  truncateDescriptions,
  truncateQuery,
  valueAt,
  type Json,
  type JsonObject,
} from '../shape.ts';

const USER_DEFAULT_VIEW = `query getUserDefaultView {
  me {
    corpUser {
      settings {
        views {
          defaultView {
            urn
          }
        }
      }
    }
  }
}`;
const GLOBAL_DEFAULT_VIEW = `query getGlobalViewsSettings {
  globalViewsSettings {
    defaultView
  }
}`;

/** The view a search applies: the caller's own default view, else the catalog's global default. */
export async function defaultView(ctx: ToolContext): Promise<string | null> {
  try {
    const me = await gql(ctx, USER_DEFAULT_VIEW, {});
    const urn = stringAt(me, 'me', 'corpUser', 'settings', 'views', 'defaultView', 'urn');
    if (urn) return urn;
  } catch (e) {
    // As DataHub's server: an unreadable personal setting means no personal view — but not a damaged file.
    if (damageOf(e)) throw e;
  }
  const settings = await gql(ctx, GLOBAL_DEFAULT_VIEW, {});
  return stringAt(settings, 'globalViewsSettings', 'defaultView') || null;
}

export interface SearchArgs {
  query: string;
  filter: string | null;
  num_results: number;
  sort_by: string | null;
  sort_order: 'asc' | 'desc' | null;
  offset: number;
}

export async function search(ctx: ToolContext, a: SearchArgs): Promise<Json> {
  const numResults = Math.min(a.num_results, 50);
  // "relevance" names the default ranking, not a field to sort on.
  const sortBy = a.sort_by !== null && a.sort_by.trim().toLowerCase() === 'relevance' ? null : a.sort_by;
  const { types, orFilters } = compileFilter(parseFilter(a.filter));
  const variables: Record<string, unknown> = {
    query: a.query,
    types,
    orFilters,
    count: Math.max(numResults, 1),
    start: a.offset,
    viewUrn: await defaultView(ctx),
  };
  if (sortBy !== null)
    variables['sortInput'] = {
      sortCriteria: [{ field: sortBy, sortOrder: a.sort_order === 'asc' ? 'ASCENDING' : 'DESCENDING' }],
    };
  const response = (await gql(ctx, SEARCH, variables, 'search'))['searchAcrossEntities'];
  if (numResults === 0 && isObject(response)) {
    delete response['searchResults'];
    delete response['count'];
  }
  return cleanGql(response);
}

const notFound = (urn: string) => new Error(`Entity ${urn} not found`);
const noData = (urn: string) =>
  new Error(
    `Entity ${urn} exists but no data could be retrieved. This can happen if the entity has no aspects ingested yet, or if there's a permissions issue.`,
  );

/** A list argument sent as one string: a JSON array in it, or one value. */
function listFromString(text: string): { urns: string[]; single: boolean } {
  const s = text.trim();
  if (s.startsWith('[')) {
    try {
      const parsed = JSON.parse(s) as unknown;
      if (Array.isArray(parsed)) return { urns: parsed.map(String), single: false };
    } catch {
      // not JSON: one URN
    }
    return { urns: [s], single: true };
  }
  return { urns: [s], single: true };
}

async function readEntity(ctx: ToolContext, urn: string): Promise<JsonObject> {
  const isQuery = urn.startsWith('urn:li:query:');
  const data = await gql(
    ctx,
    isQuery ? QUERY_ENTITY : ENTITY_DETAILS,
    { urn },
    isQuery ? 'GetQueryEntity' : 'GetEntity',
  );
  const result = data['entity'];
  if (!isObject(result)) throw noData(urn);
  try {
    const related = await gql(ctx, RELATED_DOCUMENTS, { urn, input: { start: 0, count: 10 } }, 'getRelatedDocuments');
    const docs = valueAt(related, 'entity', 'relatedDocuments');
    if (docs) result['relatedDocuments'] = cleanGql(docs);
  } catch (e) {
    // an entity type without related documents — but not a damaged file
    if (damageOf(e)) throw e;
  }
  truncateDescriptions(result);
  return shapeEntity(result);
}

export async function getEntities(ctx: ToolContext, a: { urns: string[] | string }): Promise<Json> {
  const { urns, single } = typeof a.urns === 'string' ? listFromString(a.urns) : { urns: a.urns, single: false };
  const results: JsonObject[] = [];
  for (const raw of urns) {
    const urn = raw.trim();
    try {
      if (!exists(ctx, urn)) {
        if (single) throw notFound(urn);
        results.push({ error: `Entity ${urn} not found`, urn });
        continue;
      }
      results.push(await readEntity(ctx, urn));
    } catch (e) {
      if (single) throw e;
      results.push({ error: (damageOf(e) ?? (e as Error)).message, urn });
    }
  }
  return single ? results[0]! : results;
}

export interface SchemaFieldsArgs {
  urn: string;
  keywords: string[] | null;
  limit: number;
  offset: number;
}

/** The texts of a column a keyword can match: path, description, label, tag and term names, structured property values. */
function searchableTexts(field: JsonObject): string[] {
  const texts: unknown[] = [field['fieldPath'] ?? '', field['description'] ?? '', field['label'] ?? ''];
  for (const t of arrayAt(field, 'tags', 'tags') ?? []) texts.push(valueAt(t, 'tag', 'properties', 'name') ?? '');
  for (const t of arrayAt(field, 'glossaryTerms', 'terms') ?? []) {
    texts.push(valueAt(t, 'term', 'properties', 'name') ?? '');
  }
  const entity = field['schemaFieldEntity'];
  if (isObject(entity)) for (const v of Object.values(extractStructuredProperties(entity, false))) texts.push(pyStr(v));
  return texts.filter((t): t is string => typeof t === 'string' && t !== '');
}

/** Python's str() of a structured property value (a number, a string, or a list of them). */
function pyStr(v: Json): string {
  if (Array.isArray(v)) return `[${v.map((x) => (typeof x === 'string' ? `'${x}'` : pyStr(x))).join(', ')}]`;
  return String(v);
}

export async function listSchemaFields(ctx: ToolContext, a: SchemaFieldsArgs): Promise<Json> {
  const keywords = a.keywords?.map((k) => k.toLowerCase()) ?? null;
  if (!exists(ctx, a.urn)) throw notFound(a.urn);
  const result = (await gql(ctx, ENTITY_DETAILS, { urn: a.urn }, 'GetEntity'))['entity'];
  if (!isObject(result)) throw noData(a.urn);
  truncateDescriptions(result);
  const rawFields = (arrayAt(result, 'schemaMetadata', 'fields') ?? []) as JsonObject[];
  const total = rawFields.length;
  if (total === 0)
    return {
      urn: a.urn,
      fields: [],
      totalFields: 0,
      returned: 0,
      remainingCount: 0,
      matchingCount: null,
      offset: a.offset,
    };

  let sort: ((fields: JsonObject[]) => JsonObject[]) | undefined;
  let matchingCount: number | null = null;
  if (keywords && keywords.length > 0) {
    const scores = new Map<string, number>();
    const score = (field: JsonObject): number => {
      const key = (field['fieldPath'] as string) || '';
      const hit = key ? scores.get(key) : undefined;
      if (hit !== undefined) return hit;
      const texts = searchableTexts(field).map((t) => t.toLowerCase());
      let s = 0;
      for (const kw of keywords) for (const t of texts) if (t.includes(kw)) s++;
      if (key) scores.set(key, s);
      return s;
    };
    matchingCount = rawFields.filter((f) => score(f) > 0).length;
    sort = (fields) =>
      fields
        .map((f, i) => ({ f, i, s: score(f) }))
        .sort(
          (x, y) =>
            y.s - x.s || comparePy((x.f['fieldPath'] as string) ?? '', (y.f['fieldPath'] as string) ?? '') || x.i - y.i,
        )
        .map((x) => x.f);
  }
  const shaped = shapeEntity(result, { sort, offset: a.offset, limit: a.limit, withStructuredProperties: true });
  const fields = (((shaped['schemaMetadata'] as JsonObject | undefined)?.['fields'] as JsonObject[] | undefined) ??
    []) as JsonObject[];
  return {
    urn: a.urn,
    fields,
    totalFields: total,
    returned: fields.length,
    remainingCount: Math.max(0, total - a.offset - fields.length),
    matchingCount,
    offset: a.offset,
  };
}

export interface DatasetQueriesArgs {
  urn: string;
  column: string | null;
  source: 'MANUAL' | 'SYSTEM' | null;
  start: number;
  count: number;
}

export async function getDatasetQueries(ctx: ToolContext, a: DatasetQueriesArgs): Promise<Json> {
  const urn = schemaFieldUrn(a.urn, a.column);
  const { orFilters } = compileFilter(customFilter('entities', 'EQUAL', [urn]));
  const input: Record<string, unknown> = { start: a.start, count: a.count, orFilters };
  if (a.source !== null) input['source'] = a.source;
  const result = (await gql(ctx, QUERIES, { input }, 'listQueries'))['listQueries'] as JsonObject;
  for (const query of (result['queries'] as JsonObject[]) ?? []) {
    const subjects = query['subjects'];
    if (Array.isArray(subjects) && subjects.length > 0) {
      const seen: string[] = [];
      for (const s of subjects) {
        const u = valueAt(s, 'dataset', 'urn');
        if (typeof u === 'string' && !seen.includes(u)) seen.push(u);
      }
      query['subjects'] = seen;
    }
    const statement = objectAt(query, 'properties', 'statement');
    const value = statement?.['value'];
    if (statement && typeof value === 'string') statement['value'] = truncateQuery(value);
  }
  return cleanGql(result);
}

const GET_ME = `query getMe {
  me {
    corpUser {
      type
      urn
      username
      exists
      info {
        active
        displayName
        title
        firstName
        lastName
        fullName
        email
      }
      editableProperties {
        displayName
        title
        pictureLink
        teams
        skills
      }
      groups: relationships(
        input: {types: ["IsMemberOfGroup", "IsMemberOfNativeGroup"], direction: OUTGOING, start: 0, count: 50}
      ) {
        relationships {
          entity {
            ... on CorpGroup {
              urn
              name
              properties {
                displayName
              }
            }
          }
        }
      }
    }
  }
}`;

export async function getMe(ctx: ToolContext): Promise<Json> {
  let me: Json | undefined;
  try {
    me = (await gql(ctx, GET_ME, {}, 'getMe'))['me'];
  } catch (e) {
    throw new Error(`Error retrieving user information: ${(e as Error).message}`);
  }
  if (!me) throw new Error('No authenticated user found');
  return { success: true, data: me, message: 'Successfully retrieved authenticated user information' };
}
