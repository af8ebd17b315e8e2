import { anyUrn, arr, asGiven, auditStamp, defineAspect, LABEL, rec, str, type AspectValue } from './define.ts';

/** A term applied to an entity or a column (DataHub's `GlossaryTermAssociation`). */
const termAssociation = rec({ urn: anyUrn, 'context?': str, 'actor?': anyUrn, 'attribution?': 'object' });

const glossaryTerms = defineAspect({
  name: 'glossaryTerms',
  fqn: 'com.linkedin.common.GlossaryTerms',
  // Stored as given: typed for the code, never refused.
  fields: asGiven({ 'terms?': arr(termAssociation), 'auditStamp?': auditStamp }),
  relationships: [{ name: 'TermedWith', path: 'terms[].urn' }],
  searchable: [{ path: 'terms[].urn', field: 'glossaryTerms', kind: 'urn', weight: LABEL }],
  mergeKeys: { terms: ['urn'] },
  emptyValue: (stamp) => ({ terms: [], auditStamp: stamp() }),
});
export default glossaryTerms;

export type GlossaryTerms = AspectValue<typeof glossaryTerms>;
