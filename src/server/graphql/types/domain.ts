/** Domain: a business area, nested under parent domains (datahub-discovery.md §4.1). */
import { parseUrn } from '../../../model/urn.ts';
import { type EntityKind, ancestors, aspect, common, ref, str } from './shared.ts';

export const domain: EntityKind = {
  typename: 'Domain',
  enumValue: 'DOMAIN',
  build: (view, urn) => {
      const id = parseUrn(urn).rawKey;
      const p = aspect(view, urn, 'domainProperties');
      return {
        ...common(view, urn, domain),
        id,
        properties: p ? { name: str(p['name']) ?? id, description: str(p['description']) } : null,
        parentDomains: () => {
          const list = ancestors(view, urn, (u) => str(aspect(view, u, 'domainProperties')?.['parentDomain']) ?? undefined);
          return { count: list.length, domains: list.map((d) => ref(view, d)) };
        },
      };
    },
};
