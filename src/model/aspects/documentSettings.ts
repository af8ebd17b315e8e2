/** documentSettings (com.linkedin.knowledge.DocumentSettings): where a document shows up. */
import { auditStamp, bool, defineAspect, type AspectValue } from './define.ts';

const documentSettings = defineAspect({
  name: 'documentSettings',
  fqn: 'com.linkedin.knowledge.DocumentSettings',
  // showInGlobalContext: Pegasus default true; a document without settings shows in the global knowledge base.
  fields: { 'showInGlobalContext?': bool, 'lastModified?': auditStamp },
});
export default documentSettings;

export type DocumentSettings = AspectValue<typeof documentSettings>;
