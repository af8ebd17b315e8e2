import { auditStamp, bool, defineAspect, unchecked, anyUrn, type AspectValue } from './define.ts';

const status = defineAspect({
  name: 'status',
  fqn: 'com.linkedin.common.Status',
  fields: { 'removed?': bool, 'lifecycleStage?': unchecked(anyUrn), 'lifecycleLastUpdated?': auditStamp },
  searchable: [{ path: 'removed', field: 'removed', kind: 'bool' }],
});
export default status;

export type Status = AspectValue<typeof status>;
