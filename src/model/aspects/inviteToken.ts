/**
 * inviteToken (com.linkedin.identity.InviteToken): a token that lets someone join with a role. The
 * entity's urn is `urn:li:inviteToken:<SHA-256 of the token>`; `token` is never the plaintext but its
 * AES-256-GCM ciphertext (src/ops/admin/secrets.ts), so getInviteToken can hand the same token out again.
 */
import { defineAspect, str, urnOf, type AspectValue } from './define.ts';

const inviteToken = defineAspect({
  name: 'inviteToken',
  fqn: 'com.linkedin.identity.InviteToken',
  // tokenType: newer DataHub's INDIVIDUAL tokens are single-use; Catalog makes the shared kind only.
  fields: { token: str, 'role?': urnOf('dataHubRole'), 'tokenType?': str },
});
export default inviteToken;

export type InviteToken = AspectValue<typeof inviteToken>;
