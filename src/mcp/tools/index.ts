/**
 * The tools `catalog mcp` offers: the names, argument schemas (names, types, required, defaults) and
 * answers of mcp-server-datahub 0.8.0's tools, so prompts and evaluations written for DataHub's
 * server work unchanged. The descriptions are ours. Write tools are listed only when writes are
 * allowed; the document tools only once the catalog holds a document (as DataHub's server does).
 */
import type { Schema } from '../args.ts';
import type { ToolContext } from '../context.ts';
import type { Json } from '../shape.ts';
import { grepDocuments, searchDocuments, type GrepArgs, type SearchDocumentsArgs } from './documents.ts';
import { getAspectHistory, type AspectHistoryArgs } from './history.ts';
import { getLineage, getLineagePathsBetween, type LineageArgs, type PathsArgs } from './lineage.ts';
import {
  getDatasetQueries,
  getEntities,
  getMe,
  listSchemaFields,
  search,
  type DatasetQueriesArgs,
  type SchemaFieldsArgs,
  type SearchArgs,
} from './read.ts';
import { saveDocument, type SaveDocumentArgs } from './saveDocument.ts';
import {
  addStructuredProperties,
  modifyOwners,
  modifyTags,
  modifyTerms,
  removeDomains,
  removeStructuredProperties,
  setDomains,
  updateDescription,
  type DescriptionArgs,
  type LabelArgs,
  type OwnerArgs,
} from './write.ts';

export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Schema & { type: 'object' };
  /** Changes the catalog: not listed, and refused, under --read-only. */
  mutation: boolean;
  /** Listed only while the catalog holds a document. */
  documents?: boolean;
  /** List arguments an agent may send as one string. */
  listFromString?: readonly string[];
  /** The answer is a list (sent as `{"result": …}` in structured content). */
  mayBeList?: boolean;
  /**
   * Runs with the arguments checked against inputSchema (defaults filled in): each tool names their shape
   * in its own parameter's type (a method's parameter, so a narrower one is accepted here).
   */
  run(ctx: ToolContext, args: object): Promise<Json>;
}

const str: Schema = { type: 'string' };
const strOrNull = (description?: string): Schema => ({
  anyOf: [{ type: 'string' }, { type: 'null' }],
  default: null,
  ...(description ? { description } : {}),
});
const int = (value: number, description?: string): Schema => ({
  default: value,
  type: 'integer',
  ...(description ? { description } : {}),
});
const strList = (description?: string): Schema => ({
  items: { type: 'string' },
  type: 'array',
  ...(description ? { description } : {}),
});
const strListOrNull = (description?: string): Schema => ({
  anyOf: [{ items: { type: 'string' }, type: 'array' }, { type: 'null' }],
  default: null,
  ...(description ? { description } : {}),
});
const columnPaths = (verb: string): Schema => ({
  anyOf: [{ items: { anyOf: [{ type: 'string' }, { type: 'null' }] }, type: 'array' }, { type: 'null' }],
  default: null,
  description: `Optional, one per entity URN (same length): the column to ${verb}, or null / "" for the entity itself. Column names are the fieldPath values get_entities shows.`,
});
const object = (properties: Record<string, Schema>, required: string[] = []): Schema & { type: 'object' } => ({
  additionalProperties: false,
  properties,
  ...(required.length > 0 ? { required } : {}),
  type: 'object',
});

const FILTER_HELP = `Filters are SQL-like conditions joined by AND, OR, NOT and parentheses:
  field = value, field != value, field IN (a, b), field > n (also >=, <, <=), field IS NULL, field IS NOT NULL.
Fields: entity_type (dataset, dashboard, chart, corp_user, corp_group, glossary_term, domain, container, data_product …),
entity_subtype (Table, View …), platform (snowflake, hive …), env (PROD, DEV …), domain, container, tag, glossary_term,
owner (these five take full URNs, e.g. tag = urn:li:tag:PII), status (NOT_SOFT_DELETED, ALL, ONLY_SOFT_DELETED),
deprecated (true/false), hasActiveIncidents, hasFailingAssertions, columnCount, and structuredProperties.<qualified name>.
Quote values holding spaces or punctuation: tag = "urn:li:tag:my tag".`;

export const TOOLS: ToolSpec[] = [
  {
    name: 'search',
    description: `Find entities in the catalog (datasets, dashboards, users, glossary terms, domains …) by text and filters; best matches first.

Query: "*" matches everything; start a query with /q for the structured syntax — terms are ANDed (/q user+events), OR, NOT,
parentheses, trailing wildcards (/q revenue*), "exact phrases", and field searches (/q tag:PII).
Pages: num_results (at most 50) and offset. num_results = 0 answers only the facets: what platforms, tags, terms, domains,
owners and types the matching entities have, with counts — a cheap way to learn what exists before filtering.
sort_by orders by a field (lastOperationTime: last change in the source system) instead of relevance; sort_order asc or desc.

${FILTER_HELP}

Follow up with get_entities on the URNs you want to read in full.`,
    inputSchema: object({
      query: { default: '*', type: 'string' },
      filter: strOrNull(),
      num_results: int(10),
      sort_by: strOrNull(),
      sort_order: { anyOf: [{ enum: ['asc', 'desc'], type: 'string' }, { type: 'null' }], default: 'desc' },
      offset: int(0),
    }),
    mutation: false,
    run: (ctx, a: SearchArgs) => search(ctx, a),
  },
  {
    name: 'get_lineage',
    description: `What an entity (or one column of a dataset) depends on (upstream = true) or feeds (upstream = false).

max_hops: 1 or 2 hops, or 3 for everything further. query and filter narrow the related entities as in search
(${'`'}filter${'`'} uses the same syntax). With column, each result dataset lists the lineageColumns related to that column.
Results are paged with offset and max_results and cut to fit the answer's size budget (hasMore says whether more follow).`,
    inputSchema: object(
      {
        urn: str,
        column: strOrNull(),
        query: strOrNull(),
        filter: strOrNull(),
        upstream: { default: true, type: 'boolean' },
        max_hops: int(1),
        max_results: int(30),
        offset: int(0),
      },
      ['urn'],
    ),
    mutation: false,
    run: (ctx, a: LineageArgs) => getLineage(ctx, a),
  },
  {
    name: 'get_dataset_queries',
    description: `SQL queries that read or write a dataset (or one of its columns), with their statements, from the catalog's query entities.
source MANUAL keeps the queries people saved, SYSTEM the ones ingested from query logs; start and count page.`,
    inputSchema: object(
      {
        urn: str,
        column: strOrNull(),
        source: { anyOf: [{ enum: ['MANUAL', 'SYSTEM'], type: 'string' }, { type: 'null' }], default: null },
        start: int(0),
        count: int(10),
      },
      ['urn'],
    ),
    mutation: false,
    run: (ctx, a: DatasetQueriesArgs) => getDatasetQueries(ctx, a),
  },
  {
    name: 'get_entities',
    description: `Everything the catalog knows about entities, by URN: name, description, owners, tags, glossary terms, domain,
structured properties, deprecation, and for a dataset its columns (most useful first, cut to a size budget —
list_schema_fields pages through the rest). Pass several URNs at once (for example the top search results) rather than
calling once per URN; an unknown URN answers an error entry in its place.`,
    inputSchema: object({ urns: { items: { type: 'string' }, type: 'array' } }, ['urns']),
    mutation: false,
    mayBeList: true,
    run: (ctx, a: { urns: string[] | string }) => getEntities(ctx, a),
  },
  {
    name: 'get_aspect_history',
    description: `Earlier versions of an entity's governance metadata (aspects datasetProperties, deprecation, domains, editableDatasetProperties,
editableSchemaMetadata, globalTags, glossaryTerms, ownership, schemaMetadata, status, structuredProperties, upstreamLineage):
who changed what and when, newest first. Up to 10 URNs × 8 aspects; limit versions per pair (1–20); from_version pages back.`,
    inputSchema: object(
      {
        urns: { items: { type: 'string' }, type: 'array' },
        aspect_names: { items: { type: 'string' }, type: 'array' },
        from_version: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null },
        limit: int(10),
        include_current: { default: true, type: 'boolean' },
      },
      ['urns', 'aspect_names'],
    ),
    mutation: false,
    run: (ctx, a: AspectHistoryArgs) => getAspectHistory(ctx, a),
  },
  {
    name: 'list_schema_fields',
    description: `A dataset's columns, paged, optionally ranked by keywords. Use it when get_entities cut the schema short
(schemaFieldsTruncated) or to find the columns about something. Each column comes with its type, description, tags,
glossary terms and structured properties.`,
    inputSchema: object(
      {
        urn: { type: 'string', description: 'The dataset URN' },
        keywords: strListOrNull(
          'Optional words to look for (any of them matches), case-insensitively, in column names, descriptions, labels, tag and term names and structured property values. One entry is one phrase: it is not split at spaces. Matching columns come first, most matches first; without keywords every column comes in the order get_entities uses.',
        ),
        limit: int(100, 'Most columns to answer (default 100)'),
        offset: int(0, 'Columns to skip, for the next page (default 0)'),
      },
      ['urn'],
    ),
    mutation: false,
    listFromString: ['keywords'],
    run: (ctx, a: SchemaFieldsArgs) => listSchemaFields(ctx, a),
  },
  {
    name: 'get_lineage_paths_between',
    description: `The lineage paths from one dataset (or column) to another: every chain of entities, and the queries that transform
them, linking the two. Without direction both are tried, downstream first.`,
    inputSchema: object(
      {
        source_urn: { type: 'string', description: 'The dataset the paths start from' },
        target_urn: { type: 'string', description: 'The dataset the paths end at' },
        source_column: strOrNull('Optional column of the source dataset'),
        target_column: strOrNull('Optional column of the target dataset (give both columns or neither)'),
        direction: {
          anyOf: [{ enum: ['upstream', 'downstream'], type: 'string' }, { type: 'null' }],
          default: null,
          description:
            'downstream when the target is fed by the source, upstream when the source is fed by the target; null tries downstream, then upstream',
        },
      },
      ['source_urn', 'target_urn'],
    ),
    mutation: false,
    run: (ctx, a: PathsArgs) => getLineagePathsBetween(ctx, a),
  },
  {
    name: 'search_documents',
    description: `Search the catalog's documents (articles, runbooks, FAQs, decisions, saved insights) by keyword, with filters as in
search. Answers titles and snippets; get_entities reads a document in full and grep_documents searches inside it.`,
    inputSchema: object({
      query: { default: '*', type: 'string' },
      semantic_query: strOrNull(),
      filter: strOrNull(),
      num_results: int(10),
      offset: int(0),
    }),
    mutation: false,
    documents: true,
    run: (ctx, a: SearchDocumentsArgs) => searchDocuments(ctx, a),
  },
  {
    name: 'grep_documents',
    description: `Search inside documents' text with a regular expression: each match with context_chars characters around it, at
most max_matches_per_doc per document. start_offset continues reading a long document where get_entities stopped.`,
    inputSchema: object(
      {
        urns: { items: { type: 'string' }, type: 'array' },
        pattern: str,
        context_chars: int(200),
        max_matches_per_doc: int(5),
        start_offset: int(0),
      },
      ['urns', 'pattern'],
    ),
    mutation: false,
    documents: true,
    listFromString: ['urns'],
    run: (ctx, a: GrepArgs) => grepDocuments(ctx, a),
  },
  labelTool('add_tags', 'tag', 'Add tags to entities, or to columns of datasets, in one change.', 'add', 'tag'),
  labelTool(
    'remove_tags',
    'tag',
    'Remove tags from entities, or from columns of datasets, in one change.',
    'remove',
    'tag',
  ),
  labelTool(
    'add_terms',
    'term',
    'Attach glossary terms to entities, or to columns of datasets, in one change.',
    'add',
    'term',
  ),
  labelTool(
    'remove_terms',
    'term',
    'Detach glossary terms from entities, or from columns of datasets, in one change.',
    'remove',
    'term',
  ),
  ownerTool('add_owners', 'add'),
  ownerTool('remove_owners', 'remove'),
  {
    name: 'set_domains',
    description:
      'Put entities in a domain (replacing the domain they had). The domain must exist: find it with search (entity_type = domain).',
    inputSchema: object(
      {
        domain_urn: { type: 'string', description: 'The domain, e.g. "urn:li:domain:marketing"' },
        entity_urns: strList('The entities to put in it'),
      },
      ['domain_urn', 'entity_urns'],
    ),
    mutation: true,
    listFromString: ['entity_urns'],
    run: (ctx, a: { domain_urn: string; entity_urns: string[] }) => setDomains(ctx, a),
  },
  {
    name: 'remove_domains',
    description: 'Take entities out of their domain.',
    inputSchema: object({ entity_urns: strList('The entities to take out of their domain') }, ['entity_urns']),
    mutation: true,
    listFromString: ['entity_urns'],
    run: (ctx, a: { entity_urns: string[] }) => removeDomains(ctx, a),
  },
  {
    name: 'update_description',
    description: `Set, extend or clear the description of an entity (dataset, container, chart, dashboard, tag, glossary term, domain …)
or of one column of a dataset. Markdown is kept as written.`,
    inputSchema: object(
      {
        entity_urn: { type: 'string', description: 'The entity whose description changes' },
        operation: {
          default: 'replace',
          enum: ['replace', 'append', 'remove'],
          type: 'string',
          description:
            'replace (the default) sets the text, append adds it after the current description, remove clears the description',
        },
        description: strOrNull('The text to set or append (markdown); not needed for remove'),
        column_path: strOrNull(
          'Optional column of a dataset (its fieldPath) whose description changes; null for the entity itself',
        ),
      },
      ['entity_urn'],
    ),
    mutation: true,
    run: (ctx, a: DescriptionArgs) => updateDescription(ctx, a),
  },
  {
    name: 'add_structured_properties',
    description: `Set structured property values on entities. Each property must exist and allow the entity's type; values are strings
(numbers as "90"), checked against the property's value type.`,
    inputSchema: object(
      {
        property_values: {
          additionalProperties: { items: { type: 'string' }, type: 'array' },
          type: 'object',
          description:
            'Property URN → its values, e.g. {"urn:li:structuredProperty:io.acryl.privacy.retentionTime": ["90"]}. Give numbers as strings.',
        },
        entity_urns: strList('The entities to set them on'),
      },
      ['property_values', 'entity_urns'],
    ),
    mutation: true,
    listFromString: ['entity_urns'],
    run: (ctx, a: { property_values: Record<string, string[]>; entity_urns: string[] }) =>
      addStructuredProperties(ctx, a),
  },
  {
    name: 'remove_structured_properties',
    description: 'Remove structured properties (all their values) from entities.',
    inputSchema: object(
      {
        property_urns: strList(
          'The structured properties to remove, e.g. ["urn:li:structuredProperty:io.acryl.privacy.retentionTime"]',
        ),
        entity_urns: strList('The entities to remove them from'),
      },
      ['property_urns', 'entity_urns'],
    ),
    mutation: true,
    listFromString: ['property_urns', 'entity_urns'],
    run: (ctx, a: { property_urns: string[]; entity_urns: string[] }) => removeStructuredProperties(ctx, a),
  },
  {
    name: 'save_document',
    description: `Save what you learned as a document in the catalog's shared documents folder, for people and later agents: an
Insight, Decision, FAQ, Analysis, Summary, Recommendation, Note or Context, with a title and markdown content, optionally
about some datasets (related_assets) or linked to other documents. Give urn to update a document saved earlier.`,
    inputSchema: object(
      {
        document_type: {
          enum: ['Insight', 'Decision', 'FAQ', 'Analysis', 'Summary', 'Recommendation', 'Note', 'Context'],
          type: 'string',
        },
        title: str,
        content: str,
        urn: strOrNull(),
        topics: strListOrNull(),
        related_documents: strListOrNull(),
        related_assets: strListOrNull(),
      },
      ['document_type', 'title', 'content'],
    ),
    mutation: true,
    listFromString: ['topics', 'related_documents', 'related_assets'],
    run: (ctx, a: SaveDocumentArgs) => saveDocument(ctx, a),
  },
  {
    name: 'get_me',
    description: 'Who the tools act as: the user’s profile, and the groups they belong to.',
    inputSchema: object({}),
    mutation: false,
    run: (ctx) => getMe(ctx),
  },
];

function labelTool(
  name: string,
  kind: 'tag' | 'term',
  description: string,
  op: 'add' | 'remove',
  noun: 'tag' | 'term',
): ToolSpec {
  const list = kind === 'tag' ? 'tag_urns' : 'term_urns';
  const example = kind === 'tag' ? '["urn:li:tag:PII"]' : '["urn:li:glossaryTerm:CustomerData"]';
  return {
    name,
    description: `${description} The ${noun === 'tag' ? 'tags' : 'glossary terms'} must exist (find them with search). Every listed entity changes, or none does.`,
    inputSchema: object(
      {
        [list]: strList(`The ${kind === 'tag' ? 'tags' : 'glossary terms'} to ${op}, e.g. ${example}`),
        entity_urns: strList(`The entities to ${op} them ${op === 'add' ? 'to' : 'from'} (datasets, dashboards …)`),
        column_paths: columnPaths(op === 'add' ? 'label' : 'unlabel'),
      },
      [list, 'entity_urns'],
    ),
    mutation: true,
    listFromString: [list, 'entity_urns', 'column_paths'],
    run: (ctx, a: Omit<LabelArgs, 'urns'> & Partial<Record<typeof list, string[]>>) =>
      (kind === 'tag' ? modifyTags : modifyTerms)(
        ctx,
        { urns: a[list]!, entity_urns: a['entity_urns'], column_paths: a['column_paths'] },
        op,
      ),
  };
}

function ownerTool(name: string, op: 'add' | 'remove'): ToolSpec {
  const typeHelp =
    'TECHNICAL_OWNER (builds and runs it), BUSINESS_OWNER (answers for it), DATA_STEWARD (governs it), or the name of a custom ownership type (matched case-insensitively; it must exist)';
  return {
    name,
    description:
      op === 'add'
        ? 'Make users or groups owners of entities, with an ownership type. The owners must exist (find them with search).'
        : 'Remove users or groups as owners of entities; with ownership_type, only that kind of ownership.',
    inputSchema: object(
      {
        owner_urns: strList(
          `The users or groups, e.g. ["urn:li:corpuser:john.doe", "urn:li:corpGroup:data-engineering"]`,
        ),
        entity_urns: strList(`The entities to ${op === 'add' ? 'give owners' : 'remove them from'}`),
        ownership_type:
          op === 'add'
            ? { type: 'string', description: `The kind of ownership: ${typeHelp}` }
            : strOrNull(`Optional kind of ownership to remove: ${typeHelp}`),
      },
      op === 'add' ? ['owner_urns', 'entity_urns', 'ownership_type'] : ['owner_urns', 'entity_urns'],
    ),
    mutation: true,
    listFromString: ['owner_urns', 'entity_urns'],
    run: (ctx, a: OwnerArgs) => modifyOwners(ctx, a, op),
  };
}
