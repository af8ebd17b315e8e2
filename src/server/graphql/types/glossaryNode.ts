/**
 * GlossaryNode: a folder of the business glossary, nested under parent nodes (docs/datahub/discovery.md
 * §4.1), shaped from src/ops/read/glossary.ts.
 */
import { glossaryNodeInfo, type glossaryTermInfo } from '../../../model/aspects/storedAsGiven.ts';
import { readGlossaryChildrenCount, readGlossaryNodeProperties, readParentNodes } from '../../../ops/read/glossary.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, keyCreatedOnView, EntityView, refAs } from './shared.ts';

/** `parentNodes` of a term or node (`info` its own info aspect): the nodes above it, nearest first. */
export function parentNodes(
  view: StoreView,
  urn: string,
  info: typeof glossaryTermInfo | typeof glossaryNodeInfo,
): G.ParentNodesResult {
  const list = readParentNodes(view, urn, info);
  return { count: list.length, nodes: list.map((n) => refAs<G.GlossaryNode>(view, n)) };
}

class GlossaryNodeView extends EntityView implements G.GlossaryNode {
  readonly __typename = 'GlossaryNode';
  readonly type = 'GLOSSARY_NODE';
  get properties(): G.Maybe<G.GlossaryNodeProperties> {
    const p = readGlossaryNodeProperties(this.view, this.urn);
    return (
      p && {
        ...p,
        customProperties: customPropertiesView(p.customProperties, this.urn),
        createdOn: keyCreatedOnView(this.view, this.urn),
      }
    );
  }
  get parentNodes(): G.ParentNodesResult {
    return parentNodes(this.view, this.urn, glossaryNodeInfo);
  }
  get childrenCount(): G.GlossaryNodeChildrenCount {
    return readGlossaryChildrenCount(this.view, this.urn);
  }
}

export const glossaryNode: EntityKind = {
  typename: 'GlossaryNode',
  enumValue: 'GLOSSARY_NODE',
  build: (view, urn) => new GlossaryNodeView(view, urn),
};
