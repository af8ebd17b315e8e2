import { anyUrn, bool, defineAspect, num, str } from './define.ts';

export default defineAspect({
  name: 'deprecation',
  fqn: 'com.linkedin.common.Deprecation',
  fields: { deprecated: bool, 'decommissionTime?': num, note: str, actor: anyUrn, 'replacement?': anyUrn },
  searchable: [
    { path: 'deprecated', field: 'deprecated', kind: 'bool' },
  ],
});
