/**
 * dataHubSecretValue (com.linkedin.secret.DataHubSecretValue): a named secret of the `dataHubSecret`
 * entity. `value` is never the plaintext: it is the AES-256-GCM ciphertext src/ops/admin/secrets.ts makes.
 */
import { auditStamp, defineAspect, str, type Stamp } from './define.ts';

export interface DataHubSecretValue {
  name: string;
  /** The encrypted value (base64 of iv, ciphertext and tag). */
  value: string;
  description?: string;
  created?: Stamp;
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'dataHubSecretValue',
  fqn: 'com.linkedin.secret.DataHubSecretValue',
  fields: { name: str, value: str, 'description?': str, 'created?': auditStamp },
});
