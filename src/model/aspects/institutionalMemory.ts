import { arr, auditStamp, defineAspect, rec, str, type Stamp } from './define.ts';

export interface InstitutionalMemoryElement {
  url: string;
  description: string;
  createStamp: Stamp;
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'institutionalMemory',
  fqn: 'com.linkedin.common.InstitutionalMemory',
  fields: {
    elements: arr(rec({ url: str, description: str, createStamp: auditStamp, 'updateStamp?': auditStamp, 'settings?': 'object' })),
  },
});
