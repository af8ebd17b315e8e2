/** documentSettings (com.linkedin.knowledge.DocumentSettings): where a document shows up. */
import { auditStamp, bool, defineAspect } from './define.ts';

export interface DocumentSettings {
  /** Pegasus default true: a document without settings shows in the global knowledge base. */
  showInGlobalContext?: boolean;
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'documentSettings',
  fqn: 'com.linkedin.knowledge.DocumentSettings',
  fields: { 'showInGlobalContext?': bool, 'lastModified?': auditStamp },
});
