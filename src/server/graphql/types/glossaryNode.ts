/** GlossaryNode: a folder of the business glossary, nested under parent nodes (datahub-discovery.md §4.1). */
import { parseUrn } from '../../../model/urn.ts';
import type { StoreView } from '../../../store/store.ts';
import { type EntityKind, type Obj, ancestors, aspect, common, customProperties, props, ref, str } from './shared.ts';

export function parentNodes(view: StoreView, urn: string, infoName: string): Obj {
  const parentOf = (u: string) => str(aspect(view, u, u === urn ? infoName : 'glossaryNodeInfo')?.['parentNode']) ?? undefined;
  const list = ancestors(view, urn, parentOf);
  return { count: list.length, nodes: list.map((n) => ref(view, n)) };
}

export const glossaryNode: EntityKind = {
  typename: 'GlossaryNode',
  enumValue: 'GLOSSARY_NODE',
  build: (view, urn) => {
      const id = parseUrn(urn).rawKey;
      const info = aspect(view, urn, 'glossaryNodeInfo');
      return Object.assign(common(view, urn, glossaryNode), {
        properties: info ? { name: str(info['name']) ?? id, description: str(info['definition']), customProperties: customProperties(props(info['customProperties']), urn) } : null,
        parentNodes: () => parentNodes(view, urn, 'glossaryNodeInfo'),
      });
    },
};
