/** dataHubRoleInfo (com.linkedin.policy.DataHubRoleInfo): a DataHub role (Admin, Editor, Reader). */
import { bool, defineAspect, str } from './define.ts';

export interface DataHubRoleInfo {
  name: string;
  description: string;
  /** Pegasus default false: the built-in roles cannot be edited. */
  editable?: boolean;
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'dataHubRoleInfo',
  fqn: 'com.linkedin.policy.DataHubRoleInfo',
  fields: { name: str, description: str, 'editable?': bool },
});
