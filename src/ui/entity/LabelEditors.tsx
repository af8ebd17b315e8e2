/**
 * Editors of an entity's (or a column's) tags and glossary terms, its owners, domain and links:
 * each shows the current values with remove buttons and an Add picker that searches the catalog.
 */
import { useId, useState } from 'preact/hooks';
import {
  addLink,
  addOwner,
  addTag,
  addTerm,
  createTag,
  removeLink,
  removeOwner,
  removeTag,
  removeTerm,
  setDomain,
  unsetDomain,
  type Column,
} from '../api/edits.ts';
import type { EntityView, LabelView, OwnerView, TagView } from '../api/entities.ts';
import { find } from '../api/search.ts';
import type { Option } from '../components/Combobox.tsx';
import { DomainChip, OwnerChip, TagChip, TermChip } from '../components/labels.tsx';
import { safeColor } from '../lib/format.ts';
import { AddPicker, FieldError, useEdit, type EditTarget } from './editing.tsx';

interface LabelProps extends EditTarget {
  urn: string;
  column?: Column;
}

const CREATE_PREFIX = 'create:';

/** Tags: pick an existing one or create a new one by name. */
export function TagsEditor(props: LabelProps & { tags: TagView[] }) {
  const edit = useEdit(props);
  const where = props.column ? ` on ${props.column.fieldPath}` : '';
  async function load(text: string): Promise<Option[]> {
    const found = await find(text, ['TAG'], 10);
    const options: Option[] = found
      .filter((t) => !props.tags.some((have) => have.urn === t.urn))
      .map((t) => {
        const color = safeColor(t.raw.properties?.colorHex ?? undefined);
        return {
          key: t.urn,
          text: t.name,
          label: (
            <>
              <span class="tag-dot" style={color ? { background: color } : undefined} aria-hidden="true" /> {t.name}
            </>
          ),
          ...(t.description ? { hint: t.description.slice(0, 60) } : {}),
        };
      });
    const name = text.trim();
    if (name && !found.some((t) => t.name.toLowerCase() === name.toLowerCase())) {
      options.push({
        key: CREATE_PREFIX + name,
        text: `Create tag ${name}`,
        label: <>Create tag “{name}”</>,
        hint: 'new',
      });
    }
    return options;
  }
  return (
    <div class="label-editor">
      {props.tags.length > 0 && (
        <ul class="chips" aria-label="Tags">
          {props.tags.map((t) => (
            <li key={t.urn}>
              <TagChip
                tag={t}
                busy={edit.busy}
                onRemove={() =>
                  void edit.run(() => removeTag(props.urn, t.urn, props.column), `Tag ${t.name} removed${where}.`)
                }
              />
            </li>
          ))}
        </ul>
      )}
      <AddPicker
        what="tag"
        edit={edit}
        load={load}
        onPick={(o) =>
          edit.run(
            async () => {
              const tagUrn = o.key.startsWith(CREATE_PREFIX)
                ? await createTag(o.key.slice(CREATE_PREFIX.length))
                : o.key;
              return addTag(props.urn, tagUrn, props.column);
            },
            `Tag ${o.key.startsWith(CREATE_PREFIX) ? o.key.slice(CREATE_PREFIX.length) : o.text} added${where}.`,
          )
        }
      />
      <FieldError error={edit.error} />
    </div>
  );
}

export function TermsEditor(props: LabelProps & { terms: LabelView[] }) {
  const edit = useEdit(props);
  const where = props.column ? ` on ${props.column.fieldPath}` : '';
  async function load(text: string): Promise<Option[]> {
    const found = await find(text, ['GLOSSARY_TERM'], 10);
    return found
      .filter((t) => !props.terms.some((have) => have.urn === t.urn))
      .map((t) => ({ key: t.urn, text: t.name, label: t.name }));
  }
  return (
    <div class="label-editor">
      {props.terms.length > 0 && (
        <ul class="chips" aria-label="Glossary terms">
          {props.terms.map((t) => (
            <li key={t.urn}>
              <TermChip
                term={t}
                busy={edit.busy}
                onRemove={() =>
                  void edit.run(() => removeTerm(props.urn, t.urn, props.column), `Term ${t.name} removed${where}.`)
                }
              />
            </li>
          ))}
        </ul>
      )}
      <AddPicker
        what="term"
        edit={edit}
        load={load}
        onPick={(o) => edit.run(() => addTerm(props.urn, o.key, props.column), `Term ${o.text} added${where}.`)}
      />
      <FieldError error={edit.error} />
    </div>
  );
}

const OWNERSHIP_TYPES: Array<[string, string]> = [
  ['TECHNICAL_OWNER', 'Technical owner'],
  ['BUSINESS_OWNER', 'Business owner'],
  ['DATA_STEWARD', 'Data steward'],
  ['NONE', 'None'],
];

export function OwnersEditor(props: EditTarget & { urn: string; owners: OwnerView[]; raw: EntityView['raw'] }) {
  const edit = useEdit(props);
  const [type, setType] = useState('TECHNICAL_OWNER');
  const typeId = useId();
  async function load(text: string): Promise<Option[]> {
    const found = await find(text, ['CORP_USER', 'CORP_GROUP'], 10);
    return found
      .filter((e) => !props.owners.some((o) => o.urn === e.urn))
      .map((e) => ({
        key: e.urn,
        text: e.name,
        label: e.name,
        hint: e.type === 'CORP_GROUP' ? 'group' : (e.raw.username ?? 'user'),
      }));
  }
  const rawType = (urn: string) => props.raw.ownership?.owners?.find((o) => o.owner.urn === urn)?.type ?? undefined;
  return (
    <div class="label-editor">
      {props.owners.length > 0 && (
        <ul class="chips chips-stacked" aria-label="Owners">
          {props.owners.map((o) => (
            <li key={`${o.urn}|${o.ownershipTypeUrn ?? ''}`}>
              <OwnerChip
                owner={o}
                busy={edit.busy}
                onRemove={() =>
                  void edit.run(() => removeOwner(props.urn, o, rawType(o.urn)), `Owner ${o.name} removed.`)
                }
              />
            </li>
          ))}
        </ul>
      )}
      <AddPicker
        what="owner"
        edit={edit}
        load={load}
        onPick={(o) => edit.run(() => addOwner(props.urn, o.key, type), `Owner ${o.text} added.`)}
      >
        <label for={typeId} class="field-label">
          Ownership type
        </label>
        <select
          id={typeId}
          class="input"
          value={type}
          onChange={(e) => setType((e.currentTarget as HTMLSelectElement).value)}
        >
          {OWNERSHIP_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </AddPicker>
      <FieldError error={edit.error} />
    </div>
  );
}

export function DomainEditor(props: EditTarget & { urn: string; domain: LabelView | undefined }) {
  const edit = useEdit(props);
  const current = props.domain;
  async function load(text: string): Promise<Option[]> {
    const found = await find(text, ['DOMAIN'], 10);
    return found.filter((d) => d.urn !== current?.urn).map((d) => ({ key: d.urn, text: d.name, label: d.name }));
  }
  return (
    <div class="label-editor">
      {current && (
        <div class="chips">
          <DomainChip
            domain={current}
            busy={edit.busy}
            onRemove={() => void edit.run(() => unsetDomain(props.urn, current.urn), `Domain ${current.name} removed.`)}
          />
        </div>
      )}
      <AddPicker
        what="domain"
        action={current ? 'Change domain' : undefined}
        edit={edit}
        load={load}
        onPick={(o) => edit.run(() => setDomain(props.urn, o.key, current?.urn), `Domain set to ${o.text}.`)}
      />
      <FieldError error={edit.error} />
    </div>
  );
}

export function LinksEditor(props: EditTarget & { urn: string; links: EntityView['links'] }) {
  const edit = useEdit(props);
  const [adding, setAdding] = useState(false);
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const urlId = useId();
  const labelId = useId();
  async function add(event: Event) {
    event.preventDefault();
    const ok = await edit.run(() => addLink(props.urn, url.trim(), label.trim() || url.trim()), 'Link added.');
    if (ok) {
      setUrl('');
      setLabel('');
      setAdding(false);
    }
  }
  return (
    <div class="label-editor">
      {props.links.length > 0 && (
        <ul class="links" aria-label="Links">
          {props.links.map((l) => {
            const text = l.label || l.description || l.url;
            const safe = /^https?:\/\//i.test(l.url);
            return (
              <li key={`${l.url}|${text}`}>
                {safe ? (
                  <a href={l.url} target="_blank" rel="noopener noreferrer" title={l.url}>
                    {text} <span aria-hidden="true">↗</span>
                  </a>
                ) : (
                  <span title={l.url}>{text}</span>
                )}
                <button
                  type="button"
                  class="chip-remove"
                  aria-label={`Remove link ${text}`}
                  disabled={edit.busy}
                  onClick={() =>
                    void edit.run(() => removeLink(props.urn, l.url, l.label ?? l.description ?? ''), 'Link removed.')
                  }
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {adding ? (
        <form class="link-form" onSubmit={add}>
          <label for={urlId} class="field-label">
            URL
          </label>
          <input
            id={urlId}
            class="input"
            type="url"
            required
            value={url}
            placeholder="https://…"
            onInput={(e) => setUrl((e.currentTarget as HTMLInputElement).value)}
            autoFocus
          />
          <label for={labelId} class="field-label">
            Label
          </label>
          <input
            id={labelId}
            class="input"
            type="text"
            value={label}
            placeholder="Runbook, dashboard…"
            onInput={(e) => setLabel((e.currentTarget as HTMLInputElement).value)}
          />
          <FieldError error={edit.error} />
          <div class="form-actions">
            <button type="submit" class="btn btn-primary btn-small" disabled={edit.busy}>
              Add link
            </button>
            <button type="button" class="btn btn-small" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <button type="button" class="btn-link add-button" onClick={() => setAdding(true)}>
            + Add link
          </button>
          <FieldError error={edit.error} />
        </>
      )}
    </div>
  );
}
