/**
 * Container: a database, schema, folder … holding datasets; its platform comes from
 * dataPlatformInstance. Shaped from src/ops/read/glossary.ts.
 */
import { editableContainerProperties } from '../../../model/aspects/storedAsGiven.ts';
import { readContainerPlatform, readContainerProperties, readEditableDescription } from '../../../ops/read/glossary.ts';
import { type EntityKind, type Obj, customPropertiesView, EntityView, platformView } from './shared.ts';

class ContainerView extends EntityView {
  readonly __typename = 'Container';
  readonly type = 'CONTAINER';
  get platform(): Obj {
    return platformView(this.view, readContainerPlatform(this.view, this.urn));
  }
  get properties(): Obj | null {
    const p = readContainerProperties(this.view, this.urn);
    return p && { ...p, customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
  get editableProperties(): Obj | null {
    return readEditableDescription(this.view, this.urn, editableContainerProperties);
  }
}

export const container: EntityKind = {
  typename: 'Container',
  enumValue: 'CONTAINER',
  build: (view, urn) => new ContainerView(view, urn),
};
