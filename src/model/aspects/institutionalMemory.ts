import { arr, auditStamp, defineAspect, rec, str, type AspectValue, type Infer } from './define.ts';

const element = rec({
  url: str,
  description: str,
  createStamp: auditStamp,
  'updateStamp?': auditStamp,
  'settings?': 'object',
});

const institutionalMemory = defineAspect({
  name: 'institutionalMemory',
  fqn: 'com.linkedin.common.InstitutionalMemory',
  fields: {
    elements: arr(element),
  },
  mergeKeys: { elements: ['url'] },
  emptyValue: () => ({ elements: [] }),
});
export default institutionalMemory;

export type InstitutionalMemoryElement = Infer<typeof element>;
export type InstitutionalMemory = AspectValue<typeof institutionalMemory>;
