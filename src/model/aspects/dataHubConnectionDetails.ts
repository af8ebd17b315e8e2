/**
 * dataHubConnectionDetails (com.linkedin.connection.DataHubConnectionDetails): how DataHub reaches an
 * external platform. For type JSON, `json.encryptedBlob` holds the connection's JSON encrypted with
 * the same key as secrets (src/ops/admin/secrets.ts); the plaintext is never stored.
 */
import { defineAspect, rec, str, type AspectValue } from './define.ts';

export const CONNECTION_DETAILS_TYPES = ['JSON'] as const;

const dataHubConnectionDetails = defineAspect({
  name: 'dataHubConnectionDetails',
  fqn: 'com.linkedin.connection.DataHubConnectionDetails',
  fields: { type: { enum: CONNECTION_DETAILS_TYPES }, 'name?': str, 'json?': rec({ encryptedBlob: str }) },
});
export default dataHubConnectionDetails;

export type DataHubConnectionDetails = AspectValue<typeof dataHubConnectionDetails>;
