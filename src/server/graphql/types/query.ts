/** QueryEntity: a SQL query with its statement and the datasets and columns it touches. Shaped from src/ops/read/query.ts. */
import {
  readQueryPlatform,
  readQueryProperties,
  readQuerySubjects,
  type QueryPropertiesRead,
} from '../../../ops/read/query.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import {
  type EntityKind,
  asEnum,
  customPropertiesView,
  EntityView,
  platformView,
  ref,
  refAs,
  stampView,
} from './shared.ts';

function propertiesView(view: StoreView, urn: string, p: QueryPropertiesRead): G.QueryProperties {
  const created = p.created;
  return {
    statement: { value: p.statement.value, language: asEnum<G.QueryLanguage>(p.statement.language) },
    source: asEnum<G.QuerySource>(p.source),
    name: p.name,
    description: p.description,
    created: stampView(created),
    createdOn: { time: created.time, actor: created.actor ? () => refAs<G.CorpUser>(view, created.actor!) : null },
    lastModified: stampView(p.lastModified),
    origin: p.origin ? () => ref(view, p.origin!) : null,
    customProperties: customPropertiesView(p.customProperties, urn),
  };
}

class QueryView extends EntityView implements G.QueryEntity {
  readonly __typename = 'QueryEntity';
  readonly type = 'QUERY';
  get properties(): G.Maybe<G.QueryProperties> {
    const p = readQueryProperties(this.view, this.urn);
    return p && propertiesView(this.view, this.urn, p);
  }
  get subjects(): G.Maybe<G.QuerySubject[]> {
    const view = this.view;
    return (
      readQuerySubjects(view, this.urn)?.map((s) => ({
        dataset: () => refAs<G.Dataset>(view, s.dataset),
        schemaField: s.schemaField ? () => refAs<G.SchemaFieldEntity>(view, s.schemaField!) : null,
      })) ?? null
    );
  }
  get platform(): G.Maybe<G.DataPlatform> {
    const platform = readQueryPlatform(this.view, this.urn);
    return platform ? platformView(this.view, platform) : null;
  }
}

export const query: EntityKind = {
  typename: 'QueryEntity',
  enumValue: 'QUERY',
  build: (view, urn) => new QueryView(view, urn),
};
