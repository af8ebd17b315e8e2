/**
 * A dataset's columns: type, effective description, tags and glossary terms of each, nested paths
 * as a tree that folds, a filter box, and pages of PAGE_ROWS rows so thousands of columns stay fast.
 * Descriptions, tags and terms of a column are edited in its row.
 */
import { useId, useMemo, useState } from 'preact/hooks';
import { gql } from '../api/client.ts';
import { tagOf, type EntityView, type RawTagAssociation, type RawTermAssociation } from '../api/entities.ts';
import { SCHEMA_QUERY } from '../api/queries.ts';
import { useQuery } from '../api/useQuery.ts';
import { Empty, ErrorBox, Loading } from '../components/basics.tsx';
import { plural } from '../lib/format.ts';
import { buildTree, visibleRows, type TreeRow } from '../lib/schemaTree.ts';
import { DescriptionEditor } from './DescriptionEditor.tsx';
import { TagsEditor, TermsEditor } from './LabelEditors.tsx';

export const PAGE_ROWS = 100;

export interface SchemaFieldRow {
  fieldPath: string;
  type: string;
  nativeDataType?: string | null;
  description?: string | null;
  nullable: boolean;
  isPartOfKey?: boolean | null;
  label?: string | null;
  tags?: { tags?: RawTagAssociation[] | null } | null;
  glossaryTerms?: { terms?: RawTermAssociation[] | null } | null;
}

interface SchemaAnswer {
  dataset: {
    urn: string;
    schemaMetadata: { name: string; version: number; primaryKeys?: string[] | null; fields: SchemaFieldRow[] } | null;
  } | null;
}

function searchText(row: TreeRow<SchemaFieldRow>): string {
  const f = row.field;
  return [
    row.path,
    f.fieldPath,
    f.description ?? '',
    f.nativeDataType ?? '',
    f.type,
    ...(f.tags?.tags ?? []).map((t) => t.tag.properties?.name ?? t.tag.name),
    ...(f.glossaryTerms?.terms ?? []).map((t) => t.term.properties?.name ?? t.term.name),
  ]
    .join('\n')
    .toLowerCase();
}

function ColumnRow({
  row,
  urn,
  collapsed,
  onToggle,
  reload,
}: {
  row: TreeRow<SchemaFieldRow>;
  urn: string;
  collapsed: boolean;
  onToggle: () => void;
  reload: () => Promise<void>;
}) {
  const f = row.field;
  const column = { fieldPath: f.fieldPath };
  const tags = (f.tags?.tags ?? []).map((t) => tagOf(t.tag));
  const terms = (f.glossaryTerms?.terms ?? []).map((t) => ({
    urn: t.term.urn,
    name: t.term.properties?.name || t.term.name,
  }));
  return (
    <tr data-field-path={f.fieldPath}>
      <th scope="row" class="col-name">
        <div class="tree-cell" style={{ paddingLeft: `${row.depth * 1.25}rem` }}>
          {row.childCount > 0 ? (
            <button
              type="button"
              class="tree-toggle"
              aria-expanded={!collapsed}
              aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${row.path}`}
              onClick={onToggle}
            >
              {collapsed ? '▸' : '▾'}
            </button>
          ) : (
            <span class="tree-spacer" aria-hidden="true" />
          )}
          <span class="field-name" title={f.fieldPath}>
            {row.name}
          </span>
          {f.isPartOfKey && <span class="badge">key</span>}
        </div>
      </th>
      <td class="col-type">
        <span class="type-name">{f.nativeDataType || f.type.toLowerCase()}</span>
        <span class="type-kind">{f.type}</span>
        {f.nullable && <span class="type-null">nullable</span>}
      </td>
      <td class="col-description">
        <DescriptionEditor
          urn={urn}
          value={f.description ?? ''}
          column={column}
          what={`column ${row.path}`}
          emptyText="—"
          compact
          reload={reload}
        />
      </td>
      <td class="col-tags">
        <TagsEditor urn={urn} tags={tags} column={column} reload={reload} />
      </td>
      <td class="col-terms">
        <TermsEditor urn={urn} terms={terms} column={column} reload={reload} />
      </td>
    </tr>
  );
}

export function SchemaTab({ entity }: { entity: EntityView }) {
  const schema = useQuery(`schema:${entity.urn}`, () => gql<SchemaAnswer>(SCHEMA_QUERY, { urn: entity.urn }));
  const [filter, setFilter] = useState('');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [page, setPage] = useState(0);
  const filterId = useId();
  const fields = schema.data?.dataset?.schemaMetadata?.fields;
  const tree = useMemo(() => (fields ? buildTree(fields) : []), [fields]);
  const texts = useMemo(() => new Map(tree.map((r) => [r.field.fieldPath, searchText(r)])), [tree]);
  const needle = filter.trim().toLowerCase();
  const rows = useMemo(
    () => visibleRows(tree, collapsed, needle ? (r) => texts.get(r.field.fieldPath)!.includes(needle) : undefined),
    [tree, collapsed, needle, texts],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
  const shownPage = Math.min(page, pages - 1);
  const shown = rows.slice(shownPage * PAGE_ROWS, (shownPage + 1) * PAGE_ROWS);

  if (schema.error) return <ErrorBox error={schema.error} title="The schema could not be loaded" />;
  if (!schema.data) return <Loading what="Loading the schema" />;
  if (!fields || fields.length === 0) return <Empty>This dataset has no schema.</Empty>;

  const toggle = (path: string) => {
    const next = new Set(collapsed);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    setCollapsed(next);
  };
  const parents = tree.filter((r) => r.childCount > 0).map((r) => r.field.fieldPath);
  const pager =
    pages > 1 ? (
      <nav class="pager" aria-label="Column pages">
        <button type="button" class="btn btn-small" disabled={shownPage === 0} onClick={() => setPage(shownPage - 1)}>
          ‹ Previous
        </button>
        <span>
          Columns {shownPage * PAGE_ROWS + 1}–{Math.min(rows.length, (shownPage + 1) * PAGE_ROWS)} of {rows.length}
        </span>
        <button
          type="button"
          class="btn btn-small"
          disabled={shownPage >= pages - 1}
          onClick={() => setPage(shownPage + 1)}
        >
          Next ›
        </button>
      </nav>
    ) : null;

  return (
    <section aria-labelledby="schema-title" class="schema">
      <div class="schema-toolbar">
        <h2 id="schema-title" class="panel-title">
          {plural(fields.length, 'column')}
        </h2>
        <div class="schema-filter">
          <label for={filterId} class="visually-hidden">
            Filter columns
          </label>
          <input
            id={filterId}
            class="input"
            type="search"
            placeholder="Filter columns by name, type, description, tag…"
            value={filter}
            onInput={(e) => {
              setFilter((e.currentTarget as HTMLInputElement).value);
              setPage(0);
            }}
          />
        </div>
        {parents.length > 0 && (
          <div class="schema-fold">
            <button type="button" class="btn btn-small" onClick={() => setCollapsed(new Set())}>
              Expand all
            </button>
            <button type="button" class="btn btn-small" onClick={() => setCollapsed(new Set(parents))}>
              Collapse all
            </button>
          </div>
        )}
      </div>
      <p class="visually-hidden" aria-live="polite">
        {needle ? `${plural(rows.length, 'column')} match “${filter}”.` : ''}
      </p>
      {pager}
      {rows.length === 0 ? (
        <Empty>No column matches “{filter}”.</Empty>
      ) : (
        <div class="table-wrap">
          <table class="table schema-table">
            <caption class="visually-hidden">Columns of {entity.name}</caption>
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
                <th scope="col">Tags</th>
                <th scope="col">Glossary terms</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <ColumnRow
                  key={r.field.fieldPath}
                  row={r}
                  urn={entity.urn}
                  collapsed={collapsed.has(r.field.fieldPath)}
                  onToggle={() => toggle(r.field.fieldPath)}
                  reload={schema.reload}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pager}
    </section>
  );
}
