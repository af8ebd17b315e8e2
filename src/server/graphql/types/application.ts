/** Application: a named group of assets (applicationProperties), with the aspects DataHub shows on it. Shaped from src/ops/read/product.ts. */
import { readApplicationProperties } from '../../../ops/read/product.ts';
import { type EntityKind, type Obj, customPropertiesView, EntityView } from './shared.ts';

class ApplicationView extends EntityView {
  readonly __typename = 'Application';
  readonly type = 'APPLICATION';
  get properties(): Obj | null {
    const p = readApplicationProperties(this.view, this.urn);
    return p && { ...p, customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
}

export const application: EntityKind = {
  typename: 'Application',
  enumValue: 'APPLICATION',
  build: (view, urn) => new ApplicationView(view, urn),
};
