/**
 * How DataHub's MCP server (mcp-server-datahub 0.8.0) shapes a GraphQL answer before an agent sees
 * it, rebuilt here so our tools answer alike: nulls, empty lists and `__typename` dropped; every
 * `description` stripped of HTML and inline images and cut at 5 000 characters; a dataset's columns
 * ranked (keys, then described, then tagged, then by name), reduced to what writing SQL needs, with
 * the edited values beside the ingested ones only where they differ, and cut by a token budget; and
 * the token estimate that sizes every long answer (1.3 tokens per 4 characters of its JSON, counted
 * without serialising).
 *
 * Lengths count code points, as Python's `len` does.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The limits the Python server reads from its environment, at their defaults. */
export const LIMITS = {
  description: 5000,
  fieldDescription: 120,
  query: 5000,
  documentContent: 8000,
  toolResponseTokens: 80000,
  entitySchemaTokens: 16000,
  fieldStructuredPropertyChars: 1000,
  fieldStructuredPropertyValues: 25,
};

const SURROGATE = /[\uD800-\uDFFF]/;
/** Python's len(): code points. */
export const pyLen = (s: string): number => (SURROGATE.test(s) ? Array.from(s).length : s.length);
/** Python's s[start:end] on code points (non-negative bounds). */
export function pySlice(s: string, start: number, end?: number): string {
  if (!SURROGATE.test(s)) return s.slice(start, end);
  return Array.from(s).slice(start, end).join('');
}
/** Python's str.strip() (whitespace as Python counts it, close enough to JavaScript's). */
const pyStrip = (s: string): string => s.trim();

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const truthy = (v: unknown): boolean =>
  !(
    v === undefined ||
    v === null ||
    v === false ||
    v === 0 ||
    v === '' ||
    (Array.isArray(v) && v.length === 0) ||
    (isObject(v) && Object.keys(v).length === 0)
  );

// --- token estimate ---------------------------------------------------------------------------

function countChars(item: unknown, depth: number): number {
  if (depth > 100) return 0;
  if (item === null || item === undefined) return 4;
  if (typeof item === 'boolean') return 5;
  if (typeof item === 'string') {
    const n = pyLen(item);
    return n + 6 + Math.trunc(n * 0.1);
  }
  if (typeof item === 'number') return 6;
  if (Array.isArray(item)) {
    let total = 0;
    for (const e of item) total += countChars(e, depth + 1);
    return total + item.length;
  }
  if (typeof item === 'object') {
    const entries = Object.entries(item as Record<string, unknown>);
    let total = 0;
    for (const [k, v] of entries) total += pyLen(k) + 9 + countChars(v, depth + 1);
    return total + entries.length;
  }
  return 10;
}

/** Estimated tokens of a JSON value. */
export const estimateTokens = (value: unknown): number => Math.trunc((1.3 * countChars(value, 0)) / 4);

/**
 * The first results (at most `max`) whose estimated tokens fit the budget (90% of the response
 * limit unless given); the first result always goes in. `fetch` may rewrite a result in place and
 * returns what to count.
 */
export function selectWithinBudget<T>(
  results: T[],
  fetch: (r: T) => unknown,
  max: number,
  budget = Math.trunc(LIMITS.toolResponseTokens * 0.9),
): T[] {
  const out: T[] = [];
  let used = 0;
  for (let i = 0; i < results.length && i < max; i++) {
    const r = results[i]!;
    const tokens = estimateTokens(fetch(r));
    if (used + tokens > budget && out.length > 0) break;
    out.push(r);
    used += tokens;
  }
  return out;
}

// --- text -------------------------------------------------------------------------------------

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** HTML character references decoded (numeric ones, and the named ones descriptions carry). */
function htmlUnescape(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);/g, (m, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return NAMED_ENTITIES[ref] ?? m;
  });
}

export function truncateWithEllipsis(text: string, max: number, suffix = '...'): string {
  if (!text || pyLen(text) <= max) return text;
  if (max <= pyLen(suffix)) return pySlice(text, 0, Math.max(max, 0));
  return pySlice(text, 0, max - pyLen(suffix)) + suffix;
}

/** HTML tags and inline data images out, entities decoded, trimmed, then cut to `max`. */
export function sanitizeDescription(text: string, max: number): string {
  if (!text) return text;
  let s = pyStrip(htmlUnescape(text.replace(/<[^<>]{0,100}>/g, '')));
  if (s) s = pyStrip(s.replace(/!\[([^\]]*)\]\(data:[^)]+\)/g, '$1'));
  return truncateWithEllipsis(s, max);
}

/** Every string under a key named `description`, at any depth, sanitised and cut (in place). */
export function truncateDescriptions(data: unknown, max = LIMITS.description): void {
  if (Array.isArray(data)) {
    for (const item of data) truncateDescriptions(item, max);
  } else if (isObject(data)) {
    for (const [k, v] of Object.entries(data)) {
      if (k === 'description' && typeof v === 'string') data[k] = sanitizeDescription(v, max);
      else if (typeof v === 'object' && v !== null) truncateDescriptions(v, max);
    }
  }
}

export const truncateQuery = (q: string): string => truncateWithEllipsis(q, LIMITS.query, '... [truncated]');

// --- GraphQL answers --------------------------------------------------------------------------

/** Without `__typename`, nulls, empty lists and (once cleaned) empty objects; inline images out of descriptions. */
export function cleanGql(value: unknown): Json {
  if (Array.isArray(value)) return value.map(cleanGql);
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '__typename' || v === null || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
      let c = cleanGql(v);
      if (k === 'description' && typeof c === 'string' && c.includes('base64')) {
        c = c
          .replace(/data:image\/[^;]+;base64,[A-Za-z0-9+/=]+/g, '[image removed]')
          .replace(/!\[[^\]]*\]\(data:image\/[^)]+\)/g, '[image removed]');
      }
      if (c !== null && !(isObject(c) && Object.keys(c).length === 0)) out[k] = c;
    }
    return out;
  }
  return (value ?? null) as Json;
}

/** A dataset's columns, most useful first: keys, partition keys, described, tagged, then by name. */
export function sortFieldsByPriority(fields: JsonObject[]): JsonObject[] {
  const scored = fields.map((f, i) => ({
    f,
    i,
    key: f['isPartOfKey'] ? 2 : f['isPartitioningKey'] ? 1 : 0,
    desc: truthy(f['description']) ? 1 : 0,
    tags: truthy(f['tags']) || truthy(f['glossaryTerms']) ? 1 : 0,
    path: typeof f['fieldPath'] === 'string' ? f['fieldPath'] : '',
  }));
  scored.sort((a, b) => b.key - a.key || b.desc - a.desc || b.tags - a.tags || comparePy(a.path, b.path) || a.i - b.i);
  return scored.map((s) => s.f);
}

/** Python's string order (by code point). */
export function comparePy(a: string, b: string): number {
  if (a === b) return 0;
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/**
 * The value at a path of keys in a JSON answer, undefined where a step is not an object: how the tools
 * walk GraphQL answers without trusting their shape. The typed forms answer undefined for another type.
 */
export const valueAt = (o: unknown, ...keys: string[]): unknown => {
  let cur = o;
  for (const k of keys) cur = isObject(cur) ? cur[k] : undefined;
  return cur;
};
export const objectAt = (o: unknown, ...keys: string[]): JsonObject | undefined => {
  const v = valueAt(o, ...keys);
  return isObject(v) ? v : undefined;
};
export const arrayAt = (o: unknown, ...keys: string[]): Json[] | undefined => {
  const v = valueAt(o, ...keys);
  return Array.isArray(v) ? (v as Json[]) : undefined;
};
export const stringAt = (o: unknown, ...keys: string[]): string | undefined => {
  const v = valueAt(o, ...keys);
  return typeof v === 'string' ? v : undefined;
};

/** The names of the tags (or terms) of a column's `tags`/`glossaryTerms` value. */
function labelNames(container: unknown, list: 'tags' | 'terms', item: 'tag' | 'term'): string[] | undefined {
  const entries = valueAt(container, list);
  if (!truthy(entries) || !Array.isArray(entries)) return undefined;
  const names: string[] = [];
  for (const e of entries) {
    const name = valueAt(e, item, 'properties', 'name');
    if (truthy(valueAt(e, item, 'properties')) && truthy(name)) names.push(name as string);
  }
  return names;
}

/** A column's structured properties as {qualified name: value or values}. */
export function extractStructuredProperties(schemaFieldEntity: JsonObject, truncate = true): JsonObject {
  const props = valueAt(schemaFieldEntity, 'structuredProperties', 'properties');
  const out: JsonObject = {};
  if (!Array.isArray(props)) return out;
  for (const prop of props) {
    const sp = (valueAt(prop, 'structuredProperty') ?? {}) as JsonObject;
    const name = (valueAt(sp, 'definition', 'qualifiedName') || valueAt(sp, 'urn')) as string | undefined;
    if (!name) continue;
    let values: Json[] = [];
    for (const v of (valueAt(prop, 'values') as Json[] | undefined) ?? []) {
      if (!truthy(v)) continue;
      const s = valueAt(v, 'stringValue');
      const n = valueAt(v, 'numberValue');
      if (s !== undefined && s !== null)
        values.push(truncate ? truncateWithEllipsis(s as string, LIMITS.fieldStructuredPropertyChars) : (s as string));
      else if (n !== undefined && n !== null) values.push(n as number);
    }
    if (values.length === 0) {
      for (const e of (valueAt(prop, 'valueEntities') as Json[] | undefined) ?? []) {
        const urn = valueAt(e, 'urn');
        if (truthy(e) && truthy(urn)) values.push(urn as string);
      }
    }
    if (values.length === 0) continue;
    if (truncate && values.length > LIMITS.fieldStructuredPropertyValues)
      values = values.slice(0, LIMITS.fieldStructuredPropertyValues);
    out[name] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** One column reduced to what an agent needs, with the edited values where they differ. */
function cleanSchemaField(
  f: JsonObject,
  editable: Map<string, JsonObject>,
  withStructuredProperties: boolean,
): JsonObject {
  const limit = LIMITS.fieldDescription;
  const out: JsonObject = { fieldPath: f['fieldPath']! };
  if (truthy(f['type'])) out['type'] = f['type']!;
  if (truthy(f['nativeDataType'])) out['nativeDataType'] = f['nativeDataType']!;
  if (truthy(f['description'])) out['description'] = pySlice(f['description'] as string, 0, limit);
  if (f['nullable'] !== undefined && f['nullable'] !== null) out['nullable'] = f['nullable'];
  if (truthy(f['label'])) out['label'] = f['label']!;
  if (truthy(f['isPartOfKey'])) out['isPartOfKey'] = true;
  if (truthy(f['isPartitioningKey'])) out['isPartitioningKey'] = true;
  if (truthy(f['recursive'])) out['recursive'] = true;
  const entity = f['schemaFieldEntity'];
  if (truthy(entity) && isObject(entity)) {
    const deprecation = entity['deprecation'];
    if (truthy(deprecation) && isObject(deprecation) && truthy(deprecation['deprecated'])) {
      out['deprecated'] = {
        deprecated: true,
        note: pySlice((deprecation['note'] as string | undefined) ?? '', 0, limit),
      };
    }
    if (withStructuredProperties) {
      const sp = extractStructuredProperties(entity);
      if (Object.keys(sp).length > 0) out['structuredProperties'] = sp;
    }
  }
  if (truthy(f['tags'])) {
    const names = labelNames(f['tags'], 'tags', 'tag');
    if (names) out['tags'] = names;
  }
  if (truthy(f['glossaryTerms'])) {
    const names = labelNames(f['glossaryTerms'], 'terms', 'term');
    if (names) out['glossaryTerms'] = names;
  }
  const edited = editable.get(f['fieldPath'] as string);
  if (edited) {
    const desc = edited['description'];
    if (truthy(desc)) {
      const cut = pySlice(desc as string, 0, limit);
      if (cut !== ((out['description'] as string | undefined) ?? '')) out['editedDescription'] = cut;
    }
    const tags = truthy(edited['tags']) ? labelNames(edited['tags'], 'tags', 'tag') : undefined;
    if (tags && tags.length > 0 && JSON.stringify(tags) !== JSON.stringify(out['tags'] ?? [])) out['editedTags'] = tags;
    const terms = truthy(edited['glossaryTerms']) ? labelNames(edited['glossaryTerms'], 'terms', 'term') : undefined;
    if (terms && terms.length > 0 && JSON.stringify(terms) !== JSON.stringify(out['glossaryTerms'] ?? []))
      out['editedGlossaryTerms'] = terms;
  }
  return out;
}

export interface EntityShapeOptions {
  sort?: (fields: JsonObject[]) => JsonObject[];
  offset?: number;
  limit?: number;
  withStructuredProperties?: boolean;
}

/**
 * An entity as get_entities answers it: cleaned; columns ranked, reduced, merged with their edits
 * and cut by `offset`, `limit` and the per-entity token budget (`schemaFieldsTruncated` says so);
 * view logic and document text cut.
 */
export function shapeEntity(raw: unknown, options: EntityShapeOptions = {}): JsonObject {
  const offset = options.offset ?? 0;
  const response = cleanGql(raw) as JsonObject;
  const schema = response['schemaMetadata'];
  if (isObject(schema)) {
    const platformSchema = schema['platformSchema'];
    if (truthy(platformSchema) && isObject(platformSchema) && !truthy(platformSchema['schema']))
      delete schema['platformSchema'];
    const fields = schema['fields'];
    if (truthy(fields) && Array.isArray(fields)) {
      const total = fields.length;
      const editable = new Map<string, JsonObject>();
      const infos = valueAt(response, 'editableSchemaMetadata', 'editableSchemaFieldInfo');
      if (Array.isArray(infos))
        for (const e of infos) if (isObject(e) && truthy(e['fieldPath'])) editable.set(e['fieldPath'] as string, e);
      const sorted = (options.sort ?? sortFieldsByPriority)(fields as JsonObject[]);
      const selected: JsonObject[] = [];
      let tokens = 0;
      let remaining = options.limit;
      for (let i = 0; i < sorted.length; i++) {
        if (i < offset) continue;
        const field = cleanSchemaField(sorted[i]!, editable, options.withStructuredProperties === true);
        const t = estimateTokens(field);
        if (tokens + t > LIMITS.entitySchemaTokens && selected.length > 0) break;
        if (remaining !== undefined && remaining <= 0) break;
        selected.push(field);
        tokens += t;
        if (remaining !== undefined) remaining--;
      }
      if (selected.length < total - offset)
        schema['schemaFieldsTruncated'] = { totalFields: total, includedFields: selected.length, offset };
      schema['fields'] = selected;
    }
  }
  delete response['editableSchemaMetadata'];
  const view = response['viewProperties'];
  if (isObject(view) && truthy(view['logic'])) view['logic'] = truncateQuery(view['logic'] as string);
  const contents = valueAt(response, 'info', 'contents');
  if (isObject(contents) && truthy(contents['text'])) {
    const text = contents['text'] as string;
    const max = LIMITS.documentContent;
    if (pyLen(text) > max) {
      contents['text'] =
        `${pySlice(text, 0, max)}\n\n[Content truncated. Use grep_documents(start_offset=${max}) to continue.]`;
      contents['_truncated'] = true;
      contents['_originalLengthChars'] = pyLen(text);
      contents['_truncatedAtChar'] = max;
    }
  }
  return response;
}
