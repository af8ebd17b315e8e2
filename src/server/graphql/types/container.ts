/**
 * Container: a database, schema, folder … holding datasets; its platform comes from
 * dataPlatformInstance. Shaped from src/ops/read/glossary.ts.
 */
import { editableContainerProperties } from '../../../model/aspects/storedAsGiven.ts';
import { readContainerPlatform, readContainerProperties, readEditableDescription } from '../../../ops/read/glossary.ts';
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
}

export const container: EntityKind = {
  typename: 'Container',
  enumValue: 'CONTAINER',
  build: (view, urn) => new ContainerView(view, urn),
};
