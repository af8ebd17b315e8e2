/**
 * The web UI's addresses, shared by the browser code and the server (which answers these paths with
 * the UI's page and a 404 status for an entity that does not exist). They are DataHub frontend's:
 * `/<entity path>/<urn>/<tab>` with the urn percent-encoded as DataHub's `urlEncodeUrn` leaves it
 * after the browser has encoded the rest, `/search?query=…&filter_<field>=…&page=N`, so a DataHub
 * link pasted onto our host opens the same thing. Pure functions only: no DOM, no Node.
 */

/** DataHub frontend's path segment for each entity type (its entity registry's `getPathName`). */
const PATH_BY_TYPE: Record<string, string> = {
  application: 'application',
  businessAttribute: 'business-attribute',
  chart: 'chart',
  container: 'container',
  corpGroup: 'group',
  corpuser: 'user',
  dataContract: 'dataContracts',
  dataFlow: 'pipelines',
  dataJob: 'tasks',
  dataPlatform: 'platform',
  dataPlatformInstance: 'dataPlatformInstance',
  dataProcessInstance: 'dataProcessInstance',
  dataProduct: 'dataProduct',
  dashboard: 'dashboard',
  dataset: 'dataset',
  document: 'document',
  domain: 'domain',
  erModelRelationship: 'erModelRelationship',
  glossaryNode: 'glossaryNode',
  glossaryTerm: 'glossaryTerm',
  mlFeature: 'features',
  mlFeatureTable: 'featureTables',
  mlModel: 'mlModels',
  mlModelGroup: 'mlModelGroup',
  mlPrimaryKey: 'mlPrimaryKeys',
  notebook: 'notebook',
  query: 'query',
  role: 'role',
  schemaField: 'schemaField',
  structuredProperty: 'structuredProperty',
  tag: 'tag',
};

/** Our own path for an entity type DataHub's frontend has no page for. */
export const GENERIC_PATH = 'entity';

const TYPE_BY_PATH = new Map<string, string>(
  Object.entries(PATH_BY_TYPE).map(([type, path]) => [path.toLowerCase(), type]),
);
const TYPE_BY_LOWER = new Map<string, string>(Object.keys(PATH_BY_TYPE).map((type) => [type.toLowerCase(), type]));

/** The dataset page's tabs, in DataHub's names (History is ours). */
export const DATASET_TABS = ['Schema', 'Documentation', 'Lineage', 'Properties', 'History'] as const;
export type DatasetTab = (typeof DATASET_TABS)[number];

/** The entity type of a urn (`dataset` for `urn:li:dataset:(…)`), or undefined when it is no urn. */
export function urnEntityType(urn: string): string | undefined {
  const m = /^urn:li:([A-Za-z][A-Za-z0-9_-]*):./.exec(urn);
  if (!m) return undefined;
  return TYPE_BY_LOWER.get(m[1]!.toLowerCase()) ?? m[1]!;
}

/**
 * A urn as a path segment. DataHub's `urlEncodeUrn` escapes `%`, `/`, `?` and `#` and the browser
 * escapes what else a path cannot hold (spaces, quotes …); `:`, `,` and parentheses stay readable, as
 * in DataHub's own links.
 */
export function encodeUrnForPath(urn: string): string {
  return encodeURIComponent(urn).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

/** The page of an entity: `/dataset/urn:li:dataset:(…)/Schema`. */
export function entityPath(urn: string, tab?: string): string {
  const type = urnEntityType(urn);
  const segment = (type && PATH_BY_TYPE[type]) ?? GENERIC_PATH;
  return `/${segment}/${encodeUrnForPath(urn)}${tab ? `/${tab}` : ''}`;
}

export type Route =
  | { page: 'home' }
  | { page: 'search' }
  | { page: 'entity'; urn: string; entityType: string; tab?: string }
  | { page: 'notFound' };

/**
 * What page a path (as the browser sends it: still percent-encoded) shows. An entity path whose urn
 * cannot be decoded, or is no urn, is not found; the urn's own type decides the page, so a urn
 * pasted under another type's path still opens.
 */
export function parseRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { page: 'home' };
  const parts = pathname.split('/').slice(1);
  if (parts[0] === 'search' && parts.length <= 2 && (parts[1] ?? '') === '') return { page: 'search' };
  if (parts.length < 2 || parts.length > 3) return { page: 'notFound' };
  const segment = parts[0]!.toLowerCase();
  if (segment !== GENERIC_PATH && !TYPE_BY_PATH.has(segment)) return { page: 'notFound' };
  let urn: string;
  try {
    urn = decodeURIComponent(parts[1]!);
  } catch {
    return { page: 'notFound' };
  }
  const entityType = urnEntityType(urn);
  if (!entityType) return { page: 'notFound' };
  const tab = parts[2] ? safeDecode(parts[2]) : undefined;
  return tab ? { page: 'entity', urn, entityType, tab } : { page: 'entity', urn, entityType };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The canonical name of a dataset tab (`schema` → `Schema`), or undefined for an unknown one. */
export function datasetTab(tab: string | undefined): DatasetTab | undefined {
  if (!tab) return undefined;
  return DATASET_TABS.find((t) => t.toLowerCase() === tab.toLowerCase());
}

// ---------- search addresses ----------

/** One facet filter of a search: a field and the values any of which may match. */
export interface SearchFilter {
  field: string;
  values: string[];
  negated?: boolean;
}

export interface SearchState {
  query: string;
  filters: SearchFilter[];
  /** 1-based, as DataHub's `page` parameter. */
  page: number;
}

const FILTER_PREFIX = 'filter_';

/**
 * Reads `/search`'s parameters. Facets come as `filter_<field>=v1,v2` or in DataHub's longer form
 * `filter_<field>___<negated>___<index>` (also with a condition before the index); commas inside a
 * value are `%2C`, as DataHub's `encodeComma` writes them. Repeated parameters add values.
 */
export function parseSearch(search: string): SearchState {
  const params = new URLSearchParams(search);
  const byKey = new Map<string, SearchFilter>();
  for (const [key, raw] of params) {
    if (!key.startsWith(FILTER_PREFIX)) continue;
    const [field, negated] = key.slice(FILTER_PREFIX.length).split('___');
    if (!field) continue;
    const isNegated = negated === 'true';
    const id = `${field}\u0000${isNegated}`;
    const filter = byKey.get(id) ?? { field, values: [], ...(isNegated ? { negated: true } : {}) };
    for (const v of raw.split(',')) {
      const value = v.replace(/%2C/gi, ',');
      if (value !== '' && !filter.values.includes(value)) filter.values.push(value);
    }
    if (filter.values.length > 0) byKey.set(id, filter);
  }
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    query: params.get('query') ?? '',
    filters: [...byKey.values()],
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The address of a search; the inverse of `parseSearch`. */
export function searchPath(state: Partial<SearchState>): string {
  const params = new URLSearchParams();
  params.set('query', state.query ?? '');
  for (const f of state.filters ?? []) {
    if (f.values.length === 0) continue;
    params.append(
      `${FILTER_PREFIX}${f.field}${f.negated ? '___true' : ''}`,
      f.values.map((v) => v.replace(/,/g, '%2C')).join(','),
    );
  }
  if (state.page && state.page > 1) params.set('page', String(state.page));
  return `/search?${params.toString()}`;
}
