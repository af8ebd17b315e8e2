/** Domain: a business area, nested under parent domains (docs/datahub/discovery.md §4.1), and the entities in it. */
import { parseUrn } from '../../../model/urn.ts';
import { searchEntities } from '../../../ops/search/search.ts';
import type { Criterion } from '../../../ops/search/types.ts';
import type { StoreView } from '../../../store/store.ts';
import { searchResults } from '../search.ts';
import { searchRequestFromGraphql, type SearchInputGql } from '../searchInput.ts';
import { readDomainProperties, readParentDomains } from '../../../ops/read/glossary.ts';
import type * as G from '../schema.generated.ts';
import { customPropertiesView, type EntityKind, EntityView, isUrnOf, keyCreatedOnView, refAs } from './shared.ts';

/** DataHub's defaults for `Domain.entities`: everything, the first 20. */
const DEFAULT_COUNT = 20;

/**
 * `Domain.entities(input)`: a search over the searchable entity types for entities whose `domains`
 * aspect names this domain, narrowed by the input's query and filters.
 */
function domainEntities(view: StoreView, urn: string, input: SearchInputGql | null | undefined): G.SearchResults {
  const request = searchRequestFromGraphql({
    ...input,
    query: input?.query ?? '*',
    count: input?.count ?? DEFAULT_COUNT,
    orFilters: null,
  });
  const inDomain: Criterion = { field: 'domains', values: [urn], condition: 'EQUAL', negated: false };
  const groups = request.filters && request.filters.length > 0 ? request.filters : [[]];
  return searchResults(view, searchEntities(view, { ...request, filters: groups.map((g) => [inDomain, ...g]) }));
}

/** The `Domain` GraphQL object, shaped from src/ops/read/glossary.ts. */
class DomainView extends EntityView implements G.Domain {
  readonly __typename = 'Domain';
  readonly type = 'DOMAIN';
  readonly id: string;
  constructor(view: StoreView, urn: string) {
    super(view, urn);
    this.id = parseUrn(urn).rawKey;
  }
  get properties(): G.Maybe<G.DomainProperties> {
    const p = readDomainProperties(this.view, this.urn);
    const created = p?.created;
    return (
      p && {
        name: p.name,
        description: p.description,
        customProperties: customPropertiesView(p.customProperties, this.urn),
        // The stored created stamp, else the key aspect's (DataHub's fallback).
        createdOn: created
          ? {
              time: created.time,
              actor: isUrnOf(created.actor, 'corpuser') ? refAs<G.CorpUser>(this.view, created.actor!) : null,
            }
          : keyCreatedOnView(this.view, this.urn),
      }
    );
  }
  get parentDomains(): G.ParentDomainsResult {
    const list = readParentDomains(this.view, this.urn);
    return { count: list.length, domains: list.map((d) => refAs<G.Domain>(this.view, d)) };
  }
  entities({ input }: { input?: SearchInputGql | null }): G.SearchResults {
    return domainEntities(this.view, this.urn, input);
  }
}

export const domain: EntityKind = {
  typename: 'Domain',
  enumValue: 'DOMAIN',
  build: (view, urn) => new DomainView(view, urn),
};
