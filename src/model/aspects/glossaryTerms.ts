import {
  anyUrn,
  arr,
  attribution,
  auditStamp,
  defineAspect,
  LABEL,
  rec,
  str,
  unchecked,
  type AspectValue,
} from './define.ts';

/**
 * A term applied to an entity or a column (DataHub's `GlossaryTermAssociation`): the term and an
 * attribution's time and actor are checked, its context and actor are stored as given.
 */
const termAssociation = rec({
  urn: anyUrn,
  'context?': unchecked(str),
  'actor?': unchecked(anyUrn),
  'attribution?': attribution,
});
/** DataHub's `GlossaryTerms`, on an entity or a column: the terms and the audit stamp are required. */
export const glossaryTermsSpec = rec({ terms: arr(termAssociation), auditStamp });

const glossaryTerms = defineAspect({
  name: 'glossaryTerms',
  fqn: 'com.linkedin.common.GlossaryTerms',
  fields: glossaryTermsSpec.record,
  relationships: [{ name: 'TermedWith', path: 'terms[].urn' }],
  searchable: [{ path: 'terms[].urn', field: 'glossaryTerms', kind: 'urn', weight: LABEL }],
  mergeKeys: { terms: ['urn'] },
  emptyValue: (stamp) => ({ terms: [], auditStamp: stamp() }),
});
export default glossaryTerms;

export type GlossaryTerms = AspectValue<typeof glossaryTerms>;
