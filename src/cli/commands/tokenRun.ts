/** `catalog token create|list|revoke`: thin wrappers over src/ops/identity/tokens.ts. */
import { SYSTEM_ACTOR } from '../../ops/core/context.ts';
import { createToken, listTokens, parseDuration, revokeToken, type TokenMetadata } from '../../ops/identity/tokens.ts';
import { userUrn } from '../../ops/identity/upsertUser.ts';
import type { Store } from '../../store/store.ts';

const iso = (ms: number | null | undefined) =>
  ms == null ? '-' : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function status(t: TokenMetadata, now: number): string {
  if (t.revokedAt !== undefined) return 'revoked';
  if (t.expiresAt !== null && t.expiresAt <= now) return 'expired';
  return 'active';
}

export async function runTokenCreate(
  store: Store,
  user: string,
  name: string | undefined,
  expires: string,
): Promise<void> {
  const { token, metadata } = await createToken(
    { store, actor: SYSTEM_ACTOR },
    { userUrn: userUrn(user), name, expiresInMs: parseDuration(expires) },
  );
  process.stdout.write(
    `${token}\n` +
      `Token ${metadata.id} acts as ${metadata.actorUrn}; expires: ${metadata.expiresAt === null ? 'never' : iso(metadata.expiresAt)}.\n` +
      'It is shown only now. Send it as "Authorization: Bearer <token>" (DATAHUB_GMS_TOKEN for the datahub CLI).\n',
  );
}

export async function runTokenList(store: Store): Promise<void> {
  const now = Date.now();
  const rows = listTokens({ store, actor: SYSTEM_ACTOR }).map((t) => [
    t.id,
    status(t, now),
    t.actorUrn,
    iso(t.createdAt),
    iso(t.expiresAt),
    t.name,
  ]);
  const header = ['ID', 'STATUS', 'USER', 'CREATED', 'EXPIRES', 'NAME'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const r of [header, ...rows])
    process.stdout.write(`${r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')}\n`);
}

export async function runTokenRevoke(store: Store, id: string): Promise<void> {
  const t = await revokeToken({ store, actor: SYSTEM_ACTOR }, id);
  process.stdout.write(`Revoked token ${t.id} (${t.actorUrn}).\n`);
}
