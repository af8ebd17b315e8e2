/** dataHubRoleInfo (com.linkedin.policy.DataHubRoleInfo): a DataHub role (Admin, Editor, Reader). */
import { bool, defineAspect, str, type AspectValue } from './define.ts';

const dataHubRoleInfo = defineAspect({
  name: 'dataHubRoleInfo',
  fqn: 'com.linkedin.policy.DataHubRoleInfo',
  // editable: Pegasus default false; the built-in roles cannot be edited.
  fields: { name: str, description: str, 'editable?': bool },
});
export default dataHubRoleInfo;

export type DataHubRoleInfo = AspectValue<typeof dataHubRoleInfo>;
