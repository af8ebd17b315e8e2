/** GlossaryTerm: a business term with its definition, source and place in the glossary (datahub-discovery.md §4.1). */
import { parseUrn } from '../../../model/urn.ts';
import { parentNodes } from './glossaryNode.ts';
import { type EntityKind, aspect, common, customProperties, props, str } from './shared.ts';

export const glossaryTerm: EntityKind = {
  typename: 'GlossaryTerm',
  enumValue: 'GLOSSARY_TERM',
  build: (view, urn) => {
      const id = parseUrn(urn).rawKey;
      const info = aspect(view, urn, 'glossaryTermInfo');
      return Object.assign(common(view, urn, glossaryTerm), {
        name: id,
        hierarchicalName: id,
        properties: info
          ? {
              name: str(info['name']) ?? id,
              description: str(info['definition']),
              definition: str(info['definition']) ?? '',
              termSource: str(info['termSource']) ?? 'INTERNAL',
              sourceRef: str(info['sourceRef']),
              sourceUrl: str(info['sourceUrl']),
              customProperties: customProperties(props(info['customProperties']), urn),
              rawSchema: str(info['rawSchema']),
            }
          : null,
        parentNodes: () => parentNodes(view, urn, 'glossaryTermInfo'),
      });
    },
};
