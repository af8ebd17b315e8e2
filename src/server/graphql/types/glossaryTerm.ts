/**
 * GlossaryTerm: a business term with its definition, source and place in the glossary
 * (docs/datahub/discovery.md §4.1), shaped from src/ops/read/glossary.ts.
 */
import { glossaryTermInfo } from '../../../model/aspects/storedAsGiven.ts';
import { parseUrn } from '../../../model/urn.ts';
import { readGlossaryTermProperties } from '../../../ops/read/glossary.ts';
import type { StoreView } from '../../../store/store.ts';
import { parentNodes } from './glossaryNode.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, keyCreatedOnView, EntityView } from './shared.ts';

class GlossaryTermView extends EntityView implements G.GlossaryTerm {
  readonly __typename = 'GlossaryTerm';
  readonly type = 'GLOSSARY_TERM';
  readonly name: string;
  readonly hierarchicalName: string;
  constructor(view: StoreView, urn: string) {
    super(view, urn);
    this.name = this.hierarchicalName = parseUrn(urn).rawKey;
  }
  get properties(): G.Maybe<G.GlossaryTermProperties> {
    const p = readGlossaryTermProperties(this.view, this.urn);
    return (
      p && {
        ...p,
        customProperties: customPropertiesView(p.customProperties, this.urn),
        createdOn: keyCreatedOnView(this.view, this.urn),
      }
    );
  }
  get parentNodes(): G.ParentNodesResult {
    return parentNodes(this.view, this.urn, glossaryTermInfo);
  }
}

export const glossaryTerm: EntityKind = {
  typename: 'GlossaryTerm',
  enumValue: 'GLOSSARY_TERM',
  build: (view, urn) => new GlossaryTermView(view, urn),
};
