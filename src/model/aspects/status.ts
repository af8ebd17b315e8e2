import { bool, defineAspect } from './define.ts';

export default defineAspect({
  name: 'status',
  fqn: 'com.linkedin.common.Status',
  fields: { 'removed?': bool },
  searchable: [{ path: 'removed', field: 'removed', kind: 'bool' }],
});
