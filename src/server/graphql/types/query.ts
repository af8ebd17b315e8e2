/** QueryEntity: a SQL query with its statement and the datasets and columns it touches. Shaped from src/ops/read/query.ts. */
import { readQueryPlatform, readQueryProperties, readQuerySubjects, type QueryPropertiesRead } from '../../../ops/read/query.ts';
import type { StoreView } from '../../../store/store.ts';
import { type EntityKind, type Obj, customPropertiesView, EntityView, platformView, ref, stampView } from './shared.ts';

function propertiesView(view: StoreView, urn: string, p: QueryPropertiesRead): Obj {
  const created = p.created;
  return {
    statement: p.statement,
    source: p.source,
    name: p.name,
    description: p.description,
    created: stampView(created),
    createdOn: { time: created.time, actor: created.actor ? () => ref(view, created.actor!) : null },
    lastModified: stampView(p.lastModified),
    origin: p.origin ? () => ref(view, p.origin!) : null,
    customProperties: customPropertiesView(p.customProperties, urn),
  };
}

class QueryView extends EntityView {
  readonly __typename = 'QueryEntity';
  readonly type = 'QUERY';
  get properties(): Obj | null {
    const p = readQueryProperties(this.view, this.urn);
    return p && propertiesView(this.view, this.urn, p);
  }
  get subjects(): Obj[] | null {
    const view = this.view;
    return readQuerySubjects(view, this.urn)?.map((s) => ({ dataset: () => ref(view, s.dataset), schemaField: s.schemaField ? () => ref(view, s.schemaField!) : null })) ?? null;
  }
  get platform(): Obj | null {
    const platform = readQueryPlatform(this.view, this.urn);
    return platform ? platformView(this.view, platform) : null;
  }
}

export const query: EntityKind = {
  typename: 'QueryEntity',
  enumValue: 'QUERY',
  build: (view, urn) => new QueryView(view, urn),
};
