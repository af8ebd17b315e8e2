/**
 * inviteToken (com.linkedin.identity.InviteToken): a token that lets someone join with a role. The
 * entity's urn is `urn:li:inviteToken:<SHA-256 of the token>`; `token` is never the plaintext but its
 * AES-256-GCM ciphertext (src/ops/admin/secrets.ts), so getInviteToken can hand the same token out again.
 */
import { defineAspect, str, urnOf } from './define.ts';

export interface InviteToken {
  token: string;
  role?: string;
  /** Newer DataHub: INDIVIDUAL tokens are single-use. Catalog makes the shared kind only. */
  tokenType?: string;
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'inviteToken',
  fqn: 'com.linkedin.identity.InviteToken',
  fields: { token: str, 'role?': urnOf('dataHubRole'), 'tokenType?': str },
});
