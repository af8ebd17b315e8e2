/**
 * Container: a database, schema, folder … holding datasets; its platform comes from
 * dataPlatformInstance. Shaped from src/ops/read/glossary.ts.
 */
import { editableContainerProperties } from '../../../model/aspects/storedAsGiven.ts';
import {
  readChildren,
  readContainerPlatform,
  readContainerProperties,
  readEditableDescription,
} from '../../../ops/read/glossary.ts';
import { searchEntities } from '../../../ops/search/search.ts';
import { searchResults } from '../search.ts';
import { searchRequestFromGraphql, type SearchInputGql } from '../searchInput.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, EntityView, platformView } from './shared.ts';

class ContainerView extends EntityView implements G.Container {
  readonly __typename = 'Container';
  readonly type = 'CONTAINER';
  get platform(): G.DataPlatform {
    return platformView(this.view, readContainerPlatform(this.view, this.urn));
  }
  get properties(): G.Maybe<G.ContainerProperties> {
    const p = readContainerProperties(this.view, this.urn);
    return p && { ...p, customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
  get editableProperties(): G.Maybe<G.ContainerEditableProperties> {
    return readEditableDescription(this.view, this.urn, editableContainerProperties);
  }
  /**
   * A search of the entities directly in the container (their `container` names it), narrowed by the
   * input's query and filters, 20 a page by default, as DataHub's container entities resolver.
   */
  entities({ input }: { input?: SearchInputGql | null }) {
    const children = readChildren(this.view, this.urn);
    const request = searchRequestFromGraphql({ ...input, query: input?.query ?? '*', count: input?.count ?? 20 });
    return searchResults(this.view, searchEntities(this.view, { ...request, within: new Set(children) }));
  }
}

export const container: EntityKind = {
  typename: 'Container',
  enumValue: 'CONTAINER',
  build: (view, urn) => new ContainerView(view, urn),
};
