/**
 * The pages of people, groups, tags, glossary terms and groups, domains and containers: the common
 * frame (EntityLayout) with what each is about, who belongs, and what it owns, marks or holds.
 */
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { setTagColor } from '../api/edits.ts';
import { safeColor } from '../lib/format.ts';
import { FieldError, useEdit } from './editing.tsx';
import { EntityLayout } from './EntityLayout.tsx';
import type { PageProps } from './EntityPage.tsx';
import { RelatedList, SearchedList } from './Related.tsx';

function Facts({ rows }: { rows: Array<[string, ComponentChildren | null | undefined]> }) {
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (shown.length === 0) return null;
  return (
    <section class="side-section" aria-labelledby="facts-title">
      <h2 id="facts-title" class="side-title">
        Profile
      </h2>
      <dl class="facts">
        {shown.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const list = (v: unknown): string | undefined => (Array.isArray(v) && v.length > 0 ? v.join(', ') : undefined);
const mail = (v: string | undefined) => (v ? <a href={`mailto:${v}`}>{v}</a> : undefined);

export function UserPage({ entity, reload }: PageProps) {
  const p = entity.raw.properties ?? {};
  const ep = entity.raw.editableProperties ?? {};
  const side = (
    <Facts
      rows={[
        ['Title', text(ep['title']) ?? text(p.title)],
        ['Email', mail(text(ep['email']) ?? text(p.email))],
        ['Department', text(p['departmentName'])],
        ['Slack', text(ep['slack'])],
        ['Phone', text(ep['phone'])],
        ['Teams', list(ep['teams'])],
        ['Skills', list(ep['skills'])],
        ['About', text(ep['aboutMe'])],
        ['Username', entity.raw.username ? <code>{entity.raw.username}</code> : undefined],
        ['Status', p['active'] === false ? 'Inactive' : undefined],
      ]}
    />
  );
  return (
    <EntityLayout entity={entity} reload={reload} side={side}>
      <SearchedList
        title="Owns"
        anyOf={[[{ field: 'owners', values: [entity.urn] }]]}
        empty={`${entity.name} owns nothing yet.`}
      />
      <RelatedList
        urn={entity.urn}
        title="Groups"
        types={['IsMemberOfGroup', 'IsMemberOfNativeGroup']}
        direction="OUTGOING"
        empty="Not a member of any group."
      />
    </EntityLayout>
  );
}

export function GroupPage({ entity, reload }: PageProps) {
  const p = entity.raw.properties ?? {};
  const ep = entity.raw.editableProperties ?? {};
  const side = (
    <Facts
      rows={[
        ['Email', mail(text(ep['email']) ?? text(p.email))],
        ['Slack', text(ep['slack']) ?? text(p['slack'])],
      ]}
    />
  );
  return (
    <EntityLayout entity={entity} reload={reload} side={side}>
      <RelatedList
        urn={entity.urn}
        title="Members"
        types={['IsMemberOfGroup', 'IsMemberOfNativeGroup']}
        direction="INCOMING"
        empty="This group has no members."
      />
      <SearchedList
        title="Owns"
        anyOf={[[{ field: 'owners', values: [entity.urn] }]]}
        empty={`${entity.name} owns nothing yet.`}
      />
    </EntityLayout>
  );
}

function TagColor({ urn, color, reload }: { urn: string; color: string | undefined; reload: () => Promise<void> }) {
  const edit = useEdit({ reload });
  const [value, setValue] = useState(color ?? '#1f77b4');
  const id = useId();
  return (
    <section class="side-section" aria-labelledby="color-title">
      <h2 id="color-title" class="side-title">
        Colour
      </h2>
      <form
        class="color-form"
        onSubmit={(e) => {
          e.preventDefault();
          void edit.run(() => setTagColor(urn, value, color), 'Tag colour saved.');
        }}
      >
        <label for={id} class="visually-hidden">
          Tag colour
        </label>
        <input
          id={id}
          type="color"
          value={value}
          onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
        />
        <code>{value}</code>
        <button type="submit" class="btn btn-small" disabled={edit.busy || value === color}>
          Save colour
        </button>
      </form>
      <FieldError error={edit.error} />
    </section>
  );
}

export function TagPage({ entity, reload }: PageProps) {
  const color = safeColor(entity.raw.properties?.colorHex ?? undefined);
  return (
    <EntityLayout entity={entity} reload={reload} side={<TagColor urn={entity.urn} color={color} reload={reload} />}>
      <SearchedList
        title="Tagged"
        anyOf={[
          [{ field: 'tags', values: [entity.urn] }],
          [{ field: 'fieldTags', values: [entity.urn] }],
          [{ field: 'editedFieldTags', values: [entity.urn] }],
        ]}
        empty="Nothing carries this tag yet."
      />
    </EntityLayout>
  );
}

export function GlossaryTermPage({ entity, reload }: PageProps) {
  const p = entity.raw.properties ?? {};
  const side = (
    <Facts
      rows={[
        ['Source', text(p['termSource'])],
        [
          'Source link',
          text(p['sourceUrl']) ? (
            <a href={String(p['sourceUrl'])} target="_blank" rel="noopener noreferrer">
              {String(p['sourceUrl'])}
            </a>
          ) : undefined,
        ],
        ['Full name', entity.raw.hierarchicalName ? <code>{entity.raw.hierarchicalName}</code> : undefined],
      ]}
    />
  );
  return (
    <EntityLayout entity={entity} reload={reload} side={side}>
      <SearchedList
        title="Related entities"
        anyOf={[
          [{ field: 'glossaryTerms', values: [entity.urn] }],
          [{ field: 'fieldGlossaryTerms', values: [entity.urn] }],
          [{ field: 'editedFieldGlossaryTerms', values: [entity.urn] }],
        ]}
        empty="Nothing carries this term yet."
      />
    </EntityLayout>
  );
}

export function GlossaryNodePage({ entity, reload }: PageProps) {
  return (
    <EntityLayout entity={entity} reload={reload}>
      <RelatedList
        urn={entity.urn}
        title="Contents"
        types={['IsPartOf']}
        direction="INCOMING"
        empty="This term group is empty."
      />
    </EntityLayout>
  );
}

export function DomainPage({ entity, reload }: PageProps) {
  return (
    <EntityLayout entity={entity} reload={reload}>
      <SearchedList
        title="Entities"
        anyOf={[[{ field: 'domains', values: [entity.urn] }]]}
        empty="No entity belongs to this domain yet."
      />
      <RelatedList
        urn={entity.urn}
        title="Sub-domains"
        types={['IsPartOf']}
        direction="INCOMING"
        empty="No sub-domains."
      />
    </EntityLayout>
  );
}

export function ContainerPage({ entity, reload }: PageProps) {
  return (
    <EntityLayout entity={entity} reload={reload}>
      <SearchedList
        title="Contents"
        anyOf={[[{ field: 'container', values: [entity.urn] }]]}
        empty="This container is empty."
      />
    </EntityLayout>
  );
}
