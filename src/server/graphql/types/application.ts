/** Application: a named group of assets (applicationProperties), with the aspects DataHub shows on it. Shaped from src/ops/read/product.ts. */
import { readApplicationProperties } from '../../../ops/read/product.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, EntityView } from './shared.ts';

class ApplicationView extends EntityView implements G.Application {
  readonly __typename = 'Application';
  readonly type = 'APPLICATION';
  get properties(): G.Maybe<G.ApplicationProperties> {
    const p = readApplicationProperties(this.view, this.urn);
    return p && { ...p, customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
}

export const application: EntityKind = {
  typename: 'Application',
  enumValue: 'APPLICATION',
  build: (view, urn) => new ApplicationView(view, urn),
};
