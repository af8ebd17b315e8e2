/** A dataset: its Schema, Documentation, Lineage, Properties and History tabs (DataHub's names and order, plus History). */
import type { ComponentChildren } from 'preact';
import { DATASET_TABS, datasetTab } from '../routes.ts';
import type { PageProps } from './EntityPage.tsx';
import { DescriptionEditor } from './DescriptionEditor.tsx';
import { EntityLayout } from './EntityLayout.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import { LinksEditor } from './LabelEditors.tsx';
import { LineageTab } from './LineageTab.tsx';
import { PropertiesTab } from './PropertiesTab.tsx';
import { SchemaTab } from './SchemaTab.tsx';

export function DatasetPage({ entity, tab, reload }: PageProps) {
  const current = datasetTab(tab) ?? 'Schema';
  let panel: ComponentChildren;
  switch (current) {
    case 'Documentation':
      panel = (
        <section aria-labelledby="doc-title">
          <h2 id="doc-title" class="panel-title">
            Documentation
          </h2>
          <DescriptionEditor
            urn={entity.urn}
            value={entity.description}
            what={entity.name}
            reload={reload}
            emptyText="No documentation yet. Describe what this dataset holds, where it comes from and how to use it."
          />
          <h3 class="panel-subtitle">Links</h3>
          <LinksEditor urn={entity.urn} links={entity.links} reload={reload} />
        </section>
      );
      break;
    case 'Lineage':
      panel = <LineageTab entity={entity} />;
      break;
    case 'Properties':
      panel = <PropertiesTab entity={entity} />;
      break;
    case 'History':
      panel = <HistoryTab entity={entity} />;
      break;
    default:
      panel = <SchemaTab entity={entity} />;
  }
  return (
    <EntityLayout
      entity={entity}
      reload={reload}
      tabs={DATASET_TABS.map((name) => ({ name }))}
      tab={current}
      noSideDescription={current === 'Documentation'}
    >
      {panel}
    </EntityLayout>
  );
}
