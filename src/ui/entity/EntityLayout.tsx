/**
 * The frame of every entity page: breadcrumb, name and kind, the deprecation and active-incidents
 * banners (with "Raise incident…" among the actions, on the asset types that have incidents), tabs, and the
 * "About" side column with the description, links, owners, tags, terms and domain, each editable
 * where the entity type has it.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { capabilities, type EntityView } from '../api/entities.ts';
import { INCIDENT_TYPENAMES } from '../api/incidents.ts';
import { PlatformBadge } from '../components/labels.tsx';
import { entityPath, searchPath } from '../routes.ts';
import { DeprecateControl, DeprecationBanner } from './Deprecation.tsx';
import { DescriptionEditor } from './DescriptionEditor.tsx';
import { IncidentsBanner, RaiseIncidentControl } from './Incidents.tsx';
import type { EditTarget } from './editing.tsx';
import { DomainEditor, LinksEditor, OwnersEditor, TagsEditor, TermsEditor } from './LabelEditors.tsx';

export interface Tab {
  name: string;
  label?: string;
  count?: number;
}

interface Props extends EditTarget {
  entity: EntityView;
  tabs?: Tab[];
  tab?: string;
  /** Extra content of the side column, above the standard sections. */
  side?: ComponentChildren;
  /** Hide the description in the side column (a page that shows it in its main column). */
  noSideDescription?: boolean;
  children: ComponentChildren;
}

function Breadcrumb({ entity }: { entity: EntityView }) {
  const items: Array<{ name: string; href?: string }> = [
    { name: entity.kind, href: searchPath({ query: '', filters: [{ field: '_entityType', values: [entity.type] }] }) },
  ];
  if (entity.platform)
    items.push({
      name: entity.platform.name,
      href: searchPath({ query: '', filters: [{ field: 'platform', values: [entity.platform.urn] }] }),
    });
  for (const b of entity.breadcrumb) items.push({ name: b.name, href: entityPath(b.urn) });
  return (
    <nav aria-label="Breadcrumb" class="breadcrumb">
      <ol>
        {items.map((i, n) => (
          <li key={n}>{i.href ? <a href={i.href}>{i.name}</a> : i.name}</li>
        ))}
      </ol>
    </nav>
  );
}

function SideSection({ title, children }: { title: string; children: ComponentChildren }) {
  const id = `side-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section class="side-section" aria-labelledby={id}>
      <h2 id={id} class="side-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function EntityLayout(props: Props) {
  const e = props.entity;
  const can = capabilities(e.typename);
  const target = { reload: props.reload };
  const incidents = INCIDENT_TYPENAMES.has(e.typename);
  // Raising an incident reloads the banner (its own query) as well as the page.
  const [incidentsVersion, setIncidentsVersion] = useState(0);
  const afterRaise = {
    reload: async () => {
      setIncidentsVersion((v) => v + 1);
      await props.reload();
    },
  };
  return (
    <article class="entity-page">
      <header class="entity-header">
        <Breadcrumb entity={e} />
        <div class="entity-title-row">
          <h1 class="entity-title">{e.name}</h1>
          <div class="entity-actions">
            {incidents && <RaiseIncidentControl urn={e.urn} {...afterRaise} />}
            {can.deprecation && <DeprecateControl urn={e.urn} deprecation={e.deprecation} {...target} />}
          </div>
        </div>
        <p class="entity-subtitle">
          <span class="kind">{e.kind}</span>
          {e.platform && <PlatformBadge platform={e.platform} />}
          <code class="urn" title="URN">
            {e.urn}
          </code>
        </p>
      </header>
      {can.deprecation && <DeprecationBanner urn={e.urn} deprecation={e.deprecation} {...target} />}
      {incidents && <IncidentsBanner urn={e.urn} version={incidentsVersion} {...target} />}
      <div class="entity-layout">
        <div class="entity-main">
          {props.tabs && props.tabs.length > 0 && (
            <nav class="tabs" aria-label="Sections">
              <ul>
                {props.tabs.map((t) => (
                  <li key={t.name}>
                    <a href={entityPath(e.urn, t.name)} aria-current={t.name === props.tab ? 'page' : undefined}>
                      {t.label ?? t.name}
                      {t.count !== undefined && <span class="tab-count">{t.count}</span>}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div class="tab-panel">{props.children}</div>
        </div>
        <aside class="entity-side" aria-label="About">
          {props.side}
          {can.description && !props.noSideDescription && (
            <SideSection title="About">
              <DescriptionEditor urn={e.urn} value={e.description} what={e.name} {...target} />
            </SideSection>
          )}
          {can.links && (
            <SideSection title="Links">
              <LinksEditor urn={e.urn} links={e.links} {...target} />
            </SideSection>
          )}
          {can.owners && (
            <SideSection title="Owners">
              <OwnersEditor urn={e.urn} owners={e.owners} raw={e.raw} {...target} />
            </SideSection>
          )}
          {can.tags && (
            <SideSection title="Tags">
              <TagsEditor urn={e.urn} tags={e.tags} {...target} />
            </SideSection>
          )}
          {can.terms && (
            <SideSection title="Glossary terms">
              <TermsEditor urn={e.urn} terms={e.terms} {...target} />
            </SideSection>
          )}
          {can.domain && (
            <SideSection title="Domain">
              <DomainEditor urn={e.urn} domain={e.domain} {...target} />
            </SideSection>
          )}
        </aside>
      </div>
    </article>
  );
}

/** Key/value rows: custom properties and the like. */
export function PropertyTable({ rows, caption }: { rows: Array<[string, ComponentChildren]>; caption: string }) {
  if (rows.length === 0) return <p class="empty">No {caption.toLowerCase()}.</p>;
  return (
    <div class="table-wrap">
      <table class="table props-table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
