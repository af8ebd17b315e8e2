/** Domain: a business area, nested under parent domains (datahub-discovery.md §4.1), and the entities in it. */
import { parseUrn } from '../../../model/urn.ts';
import { searchEntities } from '../../../ops/search/search.ts';
import type { Criterion } from '../../../ops/search/types.ts';
import type { StoreView } from '../../../store/store.ts';
import { searchResults } from '../search.ts';
import { searchRequestFromGraphql, type SearchInputGql } from '../searchInput.ts';
import { type EntityKind, ancestors, aspect, common, ref, str } from './shared.ts';

/** DataHub's defaults for `Domain.entities`: everything, the first 20. */
const DEFAULT_COUNT = 20;

/**
 * `Domain.entities(input)`: a search over the searchable entity types for entities whose `domains`
 * aspect names this domain, narrowed by the input's query and filters.
 */
function domainEntities(view: StoreView, urn: string, input: SearchInputGql | null | undefined) {
  const request = searchRequestFromGraphql({ ...input, query: input?.query ?? '*', count: input?.count ?? DEFAULT_COUNT, orFilters: null });
  const inDomain: Criterion = { field: 'domains', values: [urn], condition: 'EQUAL', negated: false };
  const groups = request.filters && request.filters.length > 0 ? request.filters : [[]];
  return searchResults(view, searchEntities(view, { ...request, filters: groups.map((g) => [inDomain, ...g]) }));
}

export const domain: EntityKind = {
  typename: 'Domain',
  enumValue: 'DOMAIN',
  build: (view, urn) => {
      const id = parseUrn(urn).rawKey;
      const p = aspect(view, urn, 'domainProperties');
      return Object.assign(common(view, urn, domain), {
        id,
        properties: p ? { name: str(p['name']) ?? id, description: str(p['description']) } : null,
        parentDomains: () => {
          const list = ancestors(view, urn, (u) => str(aspect(view, u, 'domainProperties')?.['parentDomain']) ?? undefined);
          return { count: list.length, domains: list.map((d) => ref(view, d)) };
        },
        entities: ({ input }: { input?: SearchInputGql | null }) => domainEntities(view, urn, input),
      });
    },
};
