import { defineAspect, LABEL } from './define.ts';

export default defineAspect({
  name: 'glossaryTerms',
  fqn: 'com.linkedin.common.GlossaryTerms',
  relationships: [{ name: 'TermedWith', path: 'terms[].urn' }],
  searchable: [
    { path: 'terms[].urn', field: 'glossaryTerms', kind: 'urn', weight: LABEL },
  ],
  mergeKeys: { terms: ['urn'] },
  emptyValue: (stamp) => ({ terms: [], auditStamp: stamp() }),
});
