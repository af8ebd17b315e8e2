/**
 * Invite tokens (DataHub's InviteTokenService, resolvers/role): one shared token per role (and one
 * with no role) that lets a person join with that role. Stored as DataHub stores them: an
 * `inviteToken` entity whose urn id is the SHA-256 of the token, and whose `inviteToken` aspect holds
 * the token encrypted with the catalog's secret key (src/ops/admin/secrets.ts) — so getInviteToken hands
 * the same token out again, while no read of the catalog shows it.
 *
 * Catalog has no sign-up page (its web UI signs in with an access token), so a token is honoured
 * through `acceptRole`: the signed-in caller gets the token's role.
 */
import { createHash, randomBytes } from 'node:crypto';
import inviteToken, { type InviteToken } from '../../model/aspects/inviteToken.ts';
import { BadRequestError } from '../../errors.ts';
import type { StoreTxn, StoreView } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { ensureRoleStored, roleExists, writeRole } from './roles.ts';
import { checkUrnSyntax, latestAspect } from '../core/resources.ts';
import { decryptValue, encryptValue } from '../admin/secrets.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

const TOKEN_TYPE = 'inviteToken';
const TOKEN_ASPECT = 'inviteToken';

function tokenUrnOf(token: string): string {
  return `urn:li:${TOKEN_TYPE}:${createHash('sha256').update(token, 'utf8').digest('hex')}`;
}

const tokenOf = (view: StoreView, urn: string) => latestAspect(view, urn, inviteToken);

/** The shared tokens for `role` (or for no role); single-use (INDIVIDUAL) tokens are not handed out again. */
function sharedTokens(view: StoreView, role: string | null): string[] {
  const urns: string[] = [];
  for (const urn of view.eachUrnOfType(TOKEN_TYPE)) {
    const t = tokenOf(view, urn);
    if (t && t.tokenType !== 'INDIVIDUAL' && (t.role ?? null) === role) urns.push(urn);
  }
  return urns;
}

function createToken(txn: StoreTxn, stamp: WriteStamp, role: string | null): string {
  const token = randomBytes(24).toString('base64url');
  const value: InviteToken = { token: encryptValue(txn, token) };
  if (role !== null) {
    ensureRoleStored(txn, stamp, role);
    value.role = role;
  }
  writeAspect(txn, stamp, tokenUrnOf(token), TOKEN_ASPECT, value);
  return token;
}

/** The token of a single existing urn, or undefined when this catalog's key cannot open it. */
function readable(view: StoreView, urn: string): string | undefined {
  try {
    return decryptValue(view, tokenOf(view, urn)!.token, 'the invite token');
  } catch {
    return undefined;
  }
}

function checkRole(view: StoreView, role: string | null, verb: string): void {
  if (role === null) return;
  checkUrnSyntax(role);
  if (!roleExists(view, role))
    throw new BadRequestError(`Failed to ${verb} invite token for role ${role}. Role does not exist.`);
}

/**
 * getInviteToken: the role's token, made on first request. As DataHub does, several tokens for one
 * role are all replaced by a fresh one; so is a token this catalog's key cannot decrypt (one that
 * came in a file from another catalog).
 */
export async function getInviteToken(ctx: OpContext, roleUrn: string | null | undefined): Promise<string> {
  const role = roleUrn ?? null;
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    checkRole(txn, role, 'get');
    const existing = sharedTokens(txn, role);
    const token = existing.length === 1 ? readable(txn, existing[0]!) : undefined;
    if (token !== undefined) return token;
    for (const urn of existing) txn.deleteEntity(urn);
    return createToken(txn, stamp, role);
  });
}

/**
 * createInviteToken: a new token for the role, replacing the old one. (DataHub adds the new one
 * beside the old, and its next getInviteToken then replaces both; the old one dies here at once.)
 */
export async function createInviteToken(ctx: OpContext, roleUrn: string | null | undefined): Promise<string> {
  const role = roleUrn ?? null;
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    checkRole(txn, role, 'create');
    for (const urn of sharedTokens(txn, role)) txn.deleteEntity(urn);
    return createToken(txn, stamp, role);
  });
}

/**
 * acceptRole: the caller takes the role of the invite token. A token with no role changes nothing
 * (DataHub would clear the caller's roles: an invitation without a role is not meant to demote).
 */
export async function acceptRole(ctx: OpContext, token: string): Promise<true> {
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    const found = tokenOf(txn, tokenUrnOf(token));
    if (!found) throw new BadRequestError(`Invite token ${token} is invalid`);
    const role = found.role ?? null;
    if (role !== null) writeRole(txn, stamp, ctx.actor, role);
    if (found.tokenType === 'INDIVIDUAL') txn.deleteEntity(tokenUrnOf(token));
  });
  return true;
}
