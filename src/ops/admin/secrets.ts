/**
 * Secrets: DataHub's `dataHubSecret` entity (`urn:li:dataHubSecret:<name>`, aspect dataHubSecretValue),
 * the named values ingestion recipes refer to as `${NAME}`. Created, updated, deleted and listed by
 * name; only `getSecretValues` ever returns a value, decrypted. Messages are DataHub's (its
 * CreateSecretResolver, UpdateSecretResolver …).
 *
 * Encryption at rest. Every value is stored as AES-256-GCM ciphertext (node:crypto): base64 of a
 * random 12-byte iv, the 16-byte tag and the ciphertext. The key is SHA-256 of the environment
 * variable CATALOG_SECRET_KEY when it is set; otherwise a random key created with the first secret and
 * kept in the data file's own settings (the store's `meta` table), which no read path serves. So the
 * plaintext never appears in any read of the catalog — GraphQL entity reads, REST GET /aspects and
 * /entities, OpenAPI, the timeline, the search index, `catalog get`, `catalog export`, the UI — only
 * `getSecretValues` (and a connection's `details.json.blob`) decrypts. It does NOT protect against
 * someone who holds the data file (or a backup) and, without CATALOG_SECRET_KEY, the key stored in
 * it. With CATALOG_SECRET_KEY set the file holds no key, and an export ingested into another file
 * stays readable only where the same CATALOG_SECRET_KEY is set.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import dataHubSecretValue, { type DataHubSecretValue } from '../../model/aspects/dataHubSecretValue.ts';
import { BadRequestError, CatalogError } from '../../errors.ts';
import type { StoreTxn, StoreView } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { pageOf, paging } from '../core/paging.ts';
import { checkUrnSyntax, latestAspect, urnTypeOf } from '../core/resources.ts';
import { writeAspect } from '../core/writeAspect.ts';

export const SECRET_TYPE = 'dataHubSecret';
const VALUE_ASPECT = 'dataHubSecretValue';
/** The data file setting holding the generated key (base64), when CATALOG_SECRET_KEY is not set. */
const KEY_SETTING = 'secretKey';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** ListSecretsResolver's page size when `count` is not given. */
export const DEFAULT_SECRETS_COUNT = 20;

// ---- the key and the cipher ----

function envKey(): Buffer | undefined {
  const text = process.env['CATALOG_SECRET_KEY'];
  return text ? createHash('sha256').update(text, 'utf8').digest() : undefined;
}

function storedKey(view: StoreView): Buffer | undefined {
  const stored = view.getSetting(KEY_SETTING);
  return typeof stored === 'string' ? Buffer.from(stored, 'base64') : undefined;
}

/** The key to encrypt with; the file's own key is created here, once, inside the write that first needs it. */
function keyForWrite(txn: StoreTxn): Buffer {
  const key = envKey() ?? storedKey(txn);
  if (key) return key;
  const created = randomBytes(32);
  txn.putSetting(KEY_SETTING, created.toString('base64'));
  return created;
}

/** Encrypts `plaintext` for storage (inside a write transaction). */
export function encryptValue(txn: StoreTxn, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyForWrite(txn), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Decrypts a stored value; `what` names it in the error when the key does not open it. */
export function decryptValue(view: StoreView, stored: string, what: string): string {
  const key = envKey() ?? storedKey(view);
  const raw = Buffer.from(stored, 'base64');
  try {
    if (!key) throw new Error('no key');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('too short');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new CatalogError(
      'SERVER_ERROR',
      `Failed to decrypt ${what}: it was not encrypted with this catalog's key (was CATALOG_SECRET_KEY set, changed or unset since it was written?)`,
    );
  }
}

// ---- operations ----

export interface CreateSecretInput {
  name: string;
  value: string;
  description?: string | null;
}

export interface UpdateSecretInput extends CreateSecretInput {
  urn: string;
}

/** DataHub derives the secret's urn from its name: the name is the key's id. */
export function secretUrnOf(name: string): string {
  return `urn:li:${SECRET_TYPE}:${name}`;
}

const secretValueOf = (view: StoreView, urn: string) => latestAspect(view, urn, dataHubSecretValue);

/** createSecret: a new secret named `name`; a name taken is refused. Returns its urn. */
export async function createSecret(ctx: OpContext, input: CreateSecretInput): Promise<string> {
  const urn = secretUrnOf(input.name);
  checkUrnSyntax(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    if (txn.entityExists(urn)) throw new BadRequestError('This Secret already exists!');
    const value: DataHubSecretValue = { name: input.name, value: encryptValue(txn, input.value), created: stamp };
    if (input.description != null) value.description = input.description;
    writeAspect(txn, stamp, urn, VALUE_ASPECT, value);
    return urn;
  });
}

/** updateSecret: a new name and value (and description, when given) for an existing secret; its urn stays. */
export async function updateSecret(ctx: OpContext, input: UpdateSecretInput): Promise<string> {
  checkUrnSyntax(input.urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    const current = urnTypeOf(input.urn) === SECRET_TYPE ? secretValueOf(txn, input.urn) : undefined;
    if (!current) throw new BadRequestError(`Secret for urn ${input.urn} doesn't exists!`);
    // As DataHub's mapper: the stored record is kept (created stamp), a null description leaves it as is.
    const next: DataHubSecretValue = { ...current, name: input.name, value: encryptValue(txn, input.value) };
    if (input.description != null) next.description = input.description;
    writeAspect(txn, stamp, input.urn, VALUE_ASPECT, next);
    return input.urn;
  });
}

/** deleteSecret: hard delete. Returns the urn. */
export async function deleteSecret(ctx: OpContext, urn: string): Promise<string> {
  checkUrnSyntax(urn);
  await ctx.store.write((txn) => {
    // DataHub deletes whatever the urn names; here only a secret, and a missing one is said so.
    if (urnTypeOf(urn) !== SECRET_TYPE || !txn.entityExists(urn)) {
      throw new BadRequestError(`Failed to perform delete against secret with urn ${urn}. Secret does not exist.`);
    }
    txn.deleteEntity(urn);
  });
  return urn;
}

export interface SecretSummary {
  urn: string;
  name: string;
  description: string | null;
}

export interface ListSecretsInput {
  start?: number | null;
  count?: number | null;
  /** Words that must all appear in the name (case-insensitive); empty or `*` = every secret. */
  query?: string | null;
}

/** listSecrets: names and descriptions, never values; newest first, as DataHub sorts by created time. */
export function listSecrets(
  view: StoreView,
  input: ListSecretsInput,
): { start: number; count: number; total: number; secrets: SecretSummary[] } {
  const p = paging(input, DEFAULT_SECRETS_COUNT);
  const words = (input.query ?? '')
    .toLowerCase()
    .split(/[\s*]+/)
    .filter(Boolean);
  const rows: Array<SecretSummary & { created: number }> = [];
  for (const urn of view.eachUrnOfType(SECRET_TYPE)) {
    const v = secretValueOf(view, urn);
    if (!v) continue;
    const name = v.name.toLowerCase();
    if (!words.every((w) => name.includes(w))) continue;
    rows.push({ urn, name: v.name, description: v.description ?? null, created: v.created?.time ?? 0 });
  }
  rows.sort((a, b) => b.created - a.created || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  const page = pageOf(rows, p);
  return {
    start: page.start,
    count: page.count,
    total: page.total,
    secrets: page.items.map(({ urn, name, description }) => ({ urn, name, description })),
  };
}

/** getSecretValues: the decrypted values of the secrets named; names with no secret are left out. */
export function getSecretValues(view: StoreView, names: readonly string[]): Array<{ name: string; value: string }> {
  const out: Array<{ name: string; value: string }> = [];
  for (const name of new Set(names)) {
    const urn = secretUrnOf(name);
    if (!urnTypeOf(urn)) continue; // a name no urn can be made of names no secret
    const v = secretValueOf(view, urn);
    if (v) out.push({ name: v.name, value: decryptValue(view, v.value, `secret ${v.name}`) });
  }
  return out;
}
