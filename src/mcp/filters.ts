/**
 * The `filter` argument of the search and lineage tools: a SQL-like condition
 * (`entity_type = dataset AND (platform = snowflake OR tag IS NOT NULL)`) turned into the
 * `types` and `orFilters` of a GraphQL search, as DataHub's MCP server turns it (its parser, then
 * the DataHub SDK's filter classes): the same fields and aliases, the same rules, the same OR-of-ANDs
 * expansion, a not-soft-deleted condition added unless the filter names `status`, and the entity
 * types taken from the positive `entity_type` conditions.
 */

export interface Rule {
  field: string;
  condition: string;
  values: string[];
  negated: boolean;
}
/** OR of ANDs. */
type Clauses = Rule[][];

interface Filter {
  compile(): Clauses;
  /** This filter and every filter inside it. */
  nodes(): Filter[];
  kind: string;
}

const leaf = (kind: string, rules: Rule[][]): Filter => ({
  kind,
  compile: () => rules.map((r) => r.map((x) => ({ ...x, values: [...x.values] }))),
  nodes() {
    return [this];
  },
});
const rule = (field: string, condition: string, values: string[], negated = false): Rule => ({
  field,
  condition,
  values,
  negated,
});
const custom = (field: string, condition: string, values: string[]): Filter =>
  leaf('custom', [[rule(field, condition, values)]]);

function and(...filters: Filter[]): Filter {
  return {
    kind: 'and',
    compile() {
      let result = filters[0]!.compile();
      for (const f of filters.slice(1)) {
        const other = f.compile();
        const next: Clauses = [];
        for (const a of result) for (const b of other) next.push([...a, ...b]);
        result = next;
      }
      return result;
    },
    nodes() {
      return [this, ...filters.flatMap((f) => f.nodes())];
    },
  };
}
function or(...filters: Filter[]): Filter {
  return {
    kind: 'or',
    compile: () => filters.flatMap((f) => f.compile()),
    nodes() {
      return [this, ...filters.flatMap((f) => f.nodes())];
    },
  };
}
function not(inner: Filter): Filter {
  if (inner.compile().length !== 1)
    throw new Error('Cannot negate a filter with multiple OR clauses [not yet supported]');
  return {
    kind: 'not',
    compile: () => inner.compile()[0]!.map((r) => [{ ...r, negated: !r.negated }]),
    nodes() {
      return [this, ...inner.nodes()];
    },
  };
}

/** DataHub's GraphQL EntityType for a name (`dataset` → DATASET, `corpuser` → CORP_USER); upper-case names as they are. */
export function entityTypeToGraphql(name: string): string {
  if (name.toUpperCase() === name) return name;
  const special: Record<string, string> = {
    corpuser: 'CORP_USER',
    mlModel: 'MLMODEL',
    mlModelGroup: 'MLMODEL_GROUP',
    mlFeatureTable: 'MLFEATURE_TABLE',
    mlFeature: 'MLFEATURE',
    mlPrimaryKey: 'MLPRIMARY_KEY',
  };
  if (special[name]) return special[name];
  let t = name
    .replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    .replace(/^_+/, '')
    .toUpperCase();
  if (t.startsWith('DATA_HUB_')) t = t.slice('DATA_HUB_'.length);
  return t;
}

const entityTypeOfUrn = (urn: string): string | undefined => /^urn:li:([^:]+):/.exec(urn)?.[1];

function urnsOf(kind: string, values: string[], type: string, label: string): string[] {
  for (const v of values) {
    if (!v.startsWith('urn:li:')) throw new Error(`${label} must be a valid URN, got: ${v}`);
    if (entityTypeOfUrn(v) !== type) throw new Error(`${label} must be a valid ${kind} URN, got: ${v}`);
  }
  return values;
}

function statusFilter(status: string): Filter {
  if (status === 'NOT_SOFT_DELETED') return leaf('status', [[rule('removed', 'EQUAL', ['true'], true)]]);
  if (status === 'ONLY_SOFT_DELETED') return leaf('status', [[rule('removed', 'EQUAL', ['true'])]]);
  if (status === 'ALL') return leaf('status', [[rule('urn', 'EXISTS', [])]]);
  throw new Error(`'${status}' is not a valid RemovedStatusFilter`);
}

const FIELD_MAP: Record<string, string> = {
  entity_type: 'entity_type',
  type: 'entity_type',
  entity_subtype: 'entity_subtype',
  subtype: 'entity_subtype',
  platform: 'platform',
  domain: 'domain',
  container: 'container',
  env: 'env',
  environment: 'env',
  owner: 'owner',
  tag: 'tag',
  glossary_term: 'glossary_term',
  status: 'status',
  deprecated: 'deprecated',
  hasactiveincidents: 'hasActiveIncidents',
  has_active_incidents: 'hasActiveIncidents',
  hasfailingassertions: 'hasFailingAssertions',
  has_failing_assertions: 'hasFailingAssertions',
  _entitytype: 'entity_type',
  typenames: 'entity_subtype',
  domains: 'domain',
  owners: 'owner',
  tags: 'tag',
  glossaryterms: 'glossary_term',
};
const BACKEND_FIELD: Record<string, string> = {
  entity_type: '_entityType',
  entity_subtype: 'typeNames',
  platform: 'platform.keyword',
  domain: 'domains',
  container: 'browsePathV2',
  owner: 'owners',
  tag: 'tags',
  glossary_term: 'glossaryTerms',
  deprecated: 'deprecated',
  hasActiveIncidents: 'hasActiveIncidents',
  hasFailingAssertions: 'hasFailingAssertions',
};
const BOOLEAN_FIELDS = new Set(['deprecated', 'hasActiveIncidents', 'hasFailingAssertions']);
const canonical = (field: string): string | undefined => FIELD_MAP[field.toLowerCase()];

function makeFilter(field: string, values: string[]): Filter {
  const f = canonical(field);
  switch (f) {
    case 'entity_type':
      return leaf('entity_type', [[rule('_entityType', 'EQUAL', values.map(entityTypeToGraphql))]]);
    case 'entity_subtype':
      return leaf('custom', [[rule('typeNames', 'EQUAL', values)]]);
    case 'platform':
      return leaf('custom', [
        [
          rule(
            'platform.keyword',
            'EQUAL',
            values.map((v) => (v.startsWith('urn:li:dataPlatform:') ? v : `urn:li:dataPlatform:${v}`)),
          ),
        ],
      ]);
    case 'domain':
      return leaf('custom', [[rule('domains', 'EQUAL', urnsOf('domain', values, 'domain', 'Domain'))]]);
    case 'container':
      return leaf('custom', [[rule('browsePathV2', 'CONTAIN', urnsOf('container', values, 'container', 'Container'))]]);
    case 'env':
      return leaf('env', [[rule('origin', 'EQUAL', values)], [rule('env', 'EQUAL', values)]]);
    case 'owner':
      for (const v of values) {
        const t = v.startsWith('urn:li:') ? entityTypeOfUrn(v) : undefined;
        if (t !== 'corpuser' && t !== 'corpGroup')
          throw new Error(`Owner must be a valid User or Group URN, got: ${v}`);
      }
      return leaf('custom', [[rule('owners', 'EQUAL', values)]]);
    case 'tag':
      return leaf('custom', [[rule('tags', 'EQUAL', urnsOf('tag', values, 'tag', 'Tag'))]]);
    case 'glossary_term':
      return leaf('custom', [
        [rule('glossaryTerms', 'EQUAL', urnsOf('glossary term', values, 'glossaryTerm', 'Glossary term'))],
      ]);
    case 'status':
      if (values.length !== 1) throw new Error('Status filter must have exactly one value');
      return statusFilter(values[0]!);
    default:
      if (f && BOOLEAN_FIELDS.has(f)) {
        if (values.length !== 1) throw new Error(`${f} filter must have exactly one value`);
        const lower = values[0]!.toLowerCase();
        if (lower !== 'true' && lower !== 'false')
          throw new Error(`Invalid value '${values[0]}' for boolean field '${f}': expected 'true' or 'false'`);
        return custom(f, 'EQUAL', [lower]);
      }
      return custom(field, 'EQUAL', values);
  }
}

const negateEnv = (values: string[]): Filter =>
  and(not(custom('origin', 'EQUAL', values)), not(custom('env', 'EQUAL', values)));

function makeExists(field: string, negated: boolean): Filter {
  const f = canonical(field);
  if (f === 'env') {
    const origin = custom('origin', 'EXISTS', []);
    const env = custom('env', 'EXISTS', []);
    return negated ? or(origin, env) : and(not(origin), not(env));
  }
  if (f === 'status') throw new Error('IS NULL / IS NOT NULL is not supported for the status field');
  const exists = custom(BACKEND_FIELD[f ?? ''] ?? field, 'EXISTS', []);
  return negated ? exists : not(exists);
}

// --- tokens and grammar ---------------------------------------------------------------------

type TokenType =
  | 'AND'
  | 'OR'
  | 'NOT'
  | 'IN'
  | '='
  | '!='
  | '>'
  | '>='
  | '<'
  | '<='
  | '('
  | ')'
  | ','
  | 'STRING'
  | 'EOF';
interface Token {
  type: TokenType;
  value: string;
  pos: number;
}
const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'IN']);
const VALUE_TYPES = new Set<TokenType>(['STRING', 'AND', 'OR', 'NOT', 'IN']);

/** Python's repr of a short string, as the parser's messages quote values. */
const q = (s: string): string =>
  s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function unescapeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && i + 1 < s.length && ['\\', "'", '"'].includes(s[i + 1]!)) {
      out += s[i + 1];
      i++;
    } else out += s[i];
  }
  return out;
}

function tokenize(s: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const two: Record<string, TokenType> = { '!=': '!=', '>=': '>=', '<=': '<=' };
  const one: Record<string, TokenType> = { '>': '>', '<': '<', '(': '(', ')': ')', ',': ',', '=': '=' };
  while (i < s.length) {
    const c = s[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const pair = s.slice(i, i + 2);
    if (two[pair]) {
      tokens.push({ type: two[pair], value: pair, pos: i });
      i += 2;
    } else if (one[c]) {
      tokens.push({ type: one[c], value: c, pos: i });
      i++;
    } else if (c === '"' || c === "'") {
      const start = i;
      i++;
      while (i < s.length && s[i] !== c) i += s[i] === '\\' && i + 1 < s.length ? 2 : 1;
      if (i >= s.length) throw new Error(`Unterminated string starting at position ${start}`);
      tokens.push({ type: 'STRING', value: unescapeString(s.slice(start + 1, i)), pos: start });
      i++;
    } else {
      const start = i;
      while (i < s.length && !' \t\n\r()=!<>,\'"'.includes(s[i]!)) i++;
      if (i === start) throw new Error(`Unexpected character ${q(s[i]!)} at position ${i}`);
      const word = s.slice(start, i);
      const upper = word.toUpperCase();
      tokens.push({ type: KEYWORDS.has(upper) ? (upper as TokenType) : 'STRING', value: word, pos: start });
    }
  }
  tokens.push({ type: 'EOF', value: '', pos: s.length });
  return tokens;
}

const COMPARISONS: Partial<Record<TokenType, string>> = {
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL_TO',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL_TO',
};
const SP_URN_PREFIX = 'structuredProperties.urn:li:structuredProperty:';

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}
  private peek = (): Token => this.tokens[this.pos]!;
  private advance = (): Token => this.tokens[this.pos++]!;
  private expect(type: TokenType): Token {
    const t = this.advance();
    if (t.type !== type) throw new Error(`Expected ${type} at position ${t.pos}, got ${t.type} (${q(t.value)})`);
    return t;
  }
  private expectValue(): Token {
    const t = this.advance();
    if (VALUE_TYPES.has(t.type)) return t;
    throw new Error(`Expected value at position ${t.pos}, got ${t.type} (${q(t.value)})`);
  }
  parse(): Filter {
    const result = this.expr();
    if (this.peek().type !== 'EOF')
      throw new Error(`Unexpected token at position ${this.peek().pos}: ${q(this.peek().value)}`);
    return result;
  }
  private expr(): Filter {
    const terms = [this.term()];
    while (this.peek().type === 'OR') {
      this.advance();
      terms.push(this.term());
    }
    return terms.length === 1 ? terms[0]! : or(...terms);
  }
  private term(): Filter {
    const factors = [this.factor()];
    while (this.peek().type === 'AND') {
      this.advance();
      factors.push(this.factor());
    }
    return factors.length === 1 ? factors[0]! : and(...factors);
  }
  private factor(): Filter {
    if (this.peek().type === 'NOT') {
      this.advance();
      const inner = this.factor() as Filter & { envValues?: string[] };
      return inner.envValues ? negateEnv(inner.envValues) : not(inner);
    }
    if (this.peek().type === '(') {
      this.advance();
      const r = this.expr();
      this.expect(')');
      return r;
    }
    return this.condition();
  }
  private condition(): Filter {
    let field = this.expect('STRING').value;
    if (field.startsWith(SP_URN_PREFIX)) field = `structuredProperties.${field.slice(SP_URN_PREFIX.length)}`;
    const next = this.peek();
    if (next.type === '=') {
      this.advance();
      return withEnv(field, makeFilter(field, [this.expectValue().value]), [this.tokens[this.pos - 1]!.value]);
    }
    if (next.type === '!=') {
      this.advance();
      const value = this.expectValue().value;
      return canonical(field) === 'env' ? negateEnv([value]) : not(makeFilter(field, [value]));
    }
    const comparison = COMPARISONS[next.type];
    if (comparison) {
      this.advance();
      return custom(field, comparison, [this.expectValue().value]);
    }
    if (next.type === 'IN') {
      this.advance();
      const lparen = this.expect('(');
      if (this.peek().type === ')') {
        throw new Error(
          `Empty IN list for field ${q(field)} at position ${lparen.pos}: IN needs at least one value. An empty list usually means the values were computed and came back empty — drop the condition rather than sending it, since IN () cannot match anything.`,
        );
      }
      const values = [this.expectValue().value];
      while (this.peek().type === ',') {
        this.advance();
        values.push(this.expectValue().value);
      }
      this.expect(')');
      return withEnv(field, makeFilter(field, values), values);
    }
    if (next.type === 'STRING' && next.value.toUpperCase() === 'IS') {
      this.advance();
      let negated = false;
      if (this.peek().type === 'NOT') {
        this.advance();
        negated = true;
      }
      const nullToken = this.expectValue();
      if (nullToken.value.toUpperCase() !== 'NULL')
        throw new Error(`Expected NULL at position ${nullToken.pos}, got ${q(nullToken.value)}`);
      return makeExists(field, negated);
    }
    throw new Error(`Expected =, !=, >, >=, <, <=, IN, or IS after field name at position ${next.pos}`);
  }
}

/** An env filter remembers its values: NOT over it is rewritten by De Morgan (two clauses cannot be negated as one). */
const withEnv = (field: string, f: Filter, values: string[]): Filter =>
  canonical(field) === 'env' ? Object.assign(f, { envValues: values }) : f;

export interface CompiledFilter {
  types: string[] | null;
  orFilters: { and: { field: string; condition: string; values: string[]; negated?: true }[] }[];
}

/** Parses a filter string (null or blank: no filter). */
export function parseFilter(text: string | null | undefined): Filter | null {
  if (text === null || text === undefined || !text.trim()) return null;
  return new Parser(tokenize(text.trim())).parse();
}

export const degreeFilter = (maxHops: number): Filter => {
  if (maxHops === 1 || maxHops === 2)
    return custom(
      'degree',
      'EQUAL',
      Array.from({ length: maxHops }, (_, i) => String(i + 1)),
    );
  if (maxHops >= 3) return custom('degree', 'EQUAL', ['1', '2', '3+']);
  throw new Error(`Invalid number of hops: ${maxHops}`);
};
export const customFilter = custom;
export const andFilters = and;

/** The search's `types` and `orFilters` for a filter; not-soft-deleted added unless it names a status. */
export function compileFilter(filter: Filter | null): CompiledFilter {
  let f = filter;
  if (!f?.nodes().some((n) => n.kind === 'status'))
    f = f ? and(f, statusFilter('NOT_SOFT_DELETED')) : statusFilter('NOT_SOFT_DELETED');
  const clauses = f.compile();
  let found = false;
  let positive = false;
  const types: string[] = [];
  for (const clause of clauses) {
    for (const r of clause) {
      if (r.field !== '_entityType') continue;
      found = true;
      if (!r.negated) positive = true;
      for (const v of r.values) if (!types.includes(v)) types.push(v);
    }
  }
  return {
    types: found && positive ? types : null,
    orFilters: clauses.map((c) => ({
      and: c.map((r) => ({
        field: r.field,
        condition: r.condition,
        values: r.values,
        ...(r.negated ? { negated: true as const } : {}),
      })),
    })),
  };
}
