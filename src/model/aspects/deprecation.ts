import { anyUrn, bool, defineAspect, num, str, type AspectValue } from './define.ts';

const deprecation = defineAspect({
  name: 'deprecation',
  fqn: 'com.linkedin.common.Deprecation',
  fields: { deprecated: bool, 'decommissionTime?': num, note: str, actor: anyUrn, 'replacement?': anyUrn },
  searchable: [{ path: 'deprecated', field: 'deprecated', kind: 'bool' }],
});
export default deprecation;

export type Deprecation = AspectValue<typeof deprecation>;
