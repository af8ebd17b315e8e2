import { defineAspect } from './define.ts';

export default defineAspect({
  name: 'glossaryTerms',
  fqn: 'com.linkedin.common.GlossaryTerms',
  relationships: [{ name: 'TermedWith', path: 'terms[].urn' }],
});
