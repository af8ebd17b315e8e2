/**
 * Access tokens: created for a user, shown once, stored only as a SHA-256 hash of their secret, with
 * an optional expiry, revocable with immediate effect. A token reads `ctk_<id>_<secret>`: the id finds
 * the record in O(1), the secret is compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BadRequestError, ForbiddenError } from '../../errors.ts';
import { validateUrn } from '../../model/registry.ts';
import { nowOf, SYSTEM_ACTOR, type OpContext } from '../core/context.ts';
import { pageOf, paging } from '../core/paging.ts';

/** The page size of listAccessTokens when `count` is not given. */
const DEFAULT_TOKENS_COUNT = 20;

export interface TokenRecord {
  id: string;
  name: string;
  description?: string;
  /** The user the token acts as. */
  actorUrn: string;
  /** Who created it. */
  ownerUrn: string;
  createdAt: number;
  expiresAt: number | null;
  hash: string;
  revokedAt?: number;
}

export type TokenMetadata = Omit<TokenRecord, 'hash'>;

const TOKEN_RE = /^ctk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

const DURATION_UNITS: Record<string, number> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};

/** `30m`, `12h`, `7d`, `4w`, `1y` → milliseconds; `never` → null. */
export function parseDuration(text: string): number | null {
  if (text === 'never') return null;
  const m = /^(\d+)([mhdwy])$/.exec(text);
  if (!m || Number(m[1]) === 0)
    throw new BadRequestError(`--expires: "${text}" is not a duration; use e.g. 30m, 12h, 7d, 4w, 1y or never`);
  return Number(m[1]) * DURATION_UNITS[m[2]!]!;
}

/** DataHub's AccessTokenDuration values → milliseconds (NO_EXPIRY → null). */
export const GRAPHQL_DURATIONS: Record<string, number | null> = {
  ONE_HOUR: 3_600_000,
  ONE_DAY: 86_400_000,
  ONE_WEEK: 604_800_000,
  ONE_MONTH: 2_592_000_000,
  THREE_MONTHS: 7_776_000_000,
  SIX_MONTHS: 15_552_000_000,
  ONE_YEAR: 31_536_000_000,
  NO_EXPIRY: null,
};

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function metadataOf(record: TokenRecord): TokenMetadata {
  const { hash: _hash, ...meta } = record;
  return meta;
}

/** Creates a token for `userUrn`; returns the token (shown once) and its metadata. */
export async function createToken(
  ctx: OpContext,
  input: { userUrn: string; name?: string; description?: string | null; expiresInMs: number | null },
): Promise<{ token: string; metadata: TokenMetadata }> {
  const parsed = validateUrn(input.userUrn);
  if (parsed.entityType !== 'corpuser')
    throw new BadRequestError(`A token acts as a user: expected a urn:li:corpuser:<id> urn, got ${input.userUrn}`);
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const now = nowOf(ctx);
  const record: TokenRecord = {
    id,
    name: input.name ?? `token ${id}`,
    ...(input.description != null && { description: input.description }),
    actorUrn: input.userUrn,
    ownerUrn: ctx.actor,
    createdAt: now,
    expiresAt: input.expiresInMs === null ? null : now + input.expiresInMs,
    hash: hashSecret(secret),
  };
  await ctx.store.write((txn) => txn.putToken(id, record));
  return { token: `ctk_${id}_${secret}`, metadata: metadataOf(record) };
}

export function listTokens(ctx: OpContext): TokenMetadata[] {
  return ctx.store
    .listTokens()
    .map(({ value }) => metadataOf(value as TokenRecord))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** Marks a token revoked (its record stays, so a later use says "revoked"). */
export async function revokeToken(ctx: OpContext, id: string): Promise<TokenMetadata> {
  const now = nowOf(ctx);
  return ctx.store.write((txn) => {
    const record = txn.getToken(id) as TokenRecord | undefined;
    if (!record) throw new BadRequestError(`No access token with id ${id}; see \`catalog token list\``);
    const next = { ...record, revokedAt: record.revokedAt ?? now };
    txn.putToken(id, next);
    return metadataOf(next);
  });
}

export type TokenCheck = { ok: true; actorUrn: string; tokenId: string } | { ok: false; reason: string };

/** Checks an `Authorization` header value; says why it is refused. */
export function verifyAuthorization(ctx: Pick<OpContext, 'store' | 'now'>, header: string | undefined): TokenCheck {
  if (!header) return { ok: false, reason: 'No access token: send the header "Authorization: Bearer <token>".' };
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) return { ok: false, reason: 'The Authorization header must be "Bearer <token>".' };
  const t = TOKEN_RE.exec(m[1]!);
  if (!t) return { ok: false, reason: 'The access token is not a Catalog token (expected ctk_<id>_<secret>).' };
  const record = ctx.store.getToken(t[1]!) as TokenRecord | undefined;
  const given = Buffer.from(hashSecret(t[2]!), 'hex');
  if (!record || !timingSafeEqual(given, Buffer.from(record.hash, 'hex')))
    return { ok: false, reason: 'The access token is unknown.' };
  if (record.revokedAt !== undefined) return { ok: false, reason: `The access token ${record.id} was revoked.` };
  const now = ctx.now ? ctx.now() : Date.now();
  if (record.expiresAt !== null && record.expiresAt <= now) {
    return {
      ok: false,
      reason: `The access token ${record.id} expired at ${new Date(record.expiresAt).toISOString()}.`,
    };
  }
  return { ok: true, actorUrn: record.actorUrn, tokenId: record.id };
}

/**
 * Who may manage whose tokens, as DataHub's privileges work out without policies: everyone their
 * own (GENERATE_PERSONAL_ACCESS_TOKENS), the root user `datahub` everyone's (MANAGE_ACCESS_TOKENS).
 */
function mayManage(caller: string, token: { actorUrn: string; ownerUrn?: string }): boolean {
  return caller === SYSTEM_ACTOR || caller === token.actorUrn || caller === token.ownerUrn;
}

/** GraphQL createAccessToken: a personal token for `actorUrn`, who must be the caller (or root). */
export async function createAccessToken(
  ctx: OpContext,
  input: { actorUrn: string; name: string; description?: string | null; duration: string },
): Promise<{ token: string; metadata: TokenMetadata }> {
  if (!mayManage(ctx.actor, { actorUrn: input.actorUrn })) throw new ForbiddenError();
  if (!(input.duration in GRAPHQL_DURATIONS)) throw new BadRequestError(`Unknown token duration ${input.duration}`);
  return createToken(ctx, {
    userUrn: input.actorUrn,
    name: input.name,
    description: input.description,
    expiresInMs: GRAPHQL_DURATIONS[input.duration]!,
  });
}

export interface AccessTokensQuery {
  start?: number | null;
  count?: number | null;
  /** Fields of the token metadata (actorUrn, ownerUrn …) and the values each may have. */
  filters: ReadonlyArray<{ field: string; values: string[] }>;
}

/** GraphQL listAccessTokens: a page of the caller's tokens (root: all), filtered by actorUrn/ownerUrn. */
export function listAccessTokens(
  ctx: OpContext,
  q: AccessTokensQuery,
): { start: number; count: number; total: number; tokens: TokenMetadata[] } {
  const p = paging(q, DEFAULT_TOKENS_COUNT);
  const all = listTokens(ctx).filter(
    (t) =>
      mayManage(ctx.actor, t) &&
      q.filters.every((f) => f.values.includes(String((t as unknown as Record<string, unknown>)[f.field] ?? ''))),
  );
  const page = pageOf(all, p);
  return { start: page.start, count: page.count, total: page.total, tokens: page.items };
}

/** GraphQL revokeAccessToken: the caller's own tokens (root: any). */
export async function revokeAccessToken(ctx: OpContext, id: string): Promise<true> {
  const record = ctx.store.getToken(id) as TokenRecord | undefined;
  if (record && !mayManage(ctx.actor, record)) throw new ForbiddenError();
  await revokeToken(ctx, id);
  return true;
}
