/**
 * The search use case's request and answer, as the adapters see them: the engine's types
 * (src/search/types.ts), independent of GraphQL/REST/CLI.
 */
export { isCondition, SEARCHABLE_TYPES, searchTypeOf } from '../../search/types.ts';
export type {
  Condition,
  Criterion,
  Facet,
  FilterGroup,
  MatchedField,
  SearchHit,
  SearchPage,
  SearchRequest,
  SortCriterion,
} from '../../search/types.ts';
