/**
 * dataHubSecretValue (com.linkedin.secret.DataHubSecretValue): a named secret of the `dataHubSecret`
 * entity. `value` is never the plaintext: it is the AES-256-GCM ciphertext src/ops/admin/secrets.ts makes.
 */
import { auditStamp, defineAspect, str, type AspectValue } from './define.ts';

const dataHubSecretValue = defineAspect({
  name: 'dataHubSecretValue',
  fqn: 'com.linkedin.secret.DataHubSecretValue',
  // value: the encrypted value (base64 of iv, ciphertext and tag).
  fields: { name: str, value: str, 'description?': str, 'created?': auditStamp },
});
export default dataHubSecretValue;

export type DataHubSecretValue = AspectValue<typeof dataHubSecretValue>;
