/**
 * Connections: DataHub's `dataHubConnection` entity (`urn:li:dataHubConnection:<id>`) — how to reach
 * an external platform, e.g. the JSON config DataHubGraph.set_connection_json stores. Aspects
 * dataHubConnectionDetails (the JSON blob encrypted with the secrets key, src/ops/admin/secrets.ts) and
 * dataPlatformInstance (the platform), written together as DataHub's ConnectionService does. A read
 * decrypts the blob; a connection lacking either aspect reads as absent, as DataHub's ConnectionMapper
 * has it.
 */
import { randomUUID } from 'node:crypto';
import dataHubConnectionDetails, {
  type DataHubConnectionDetails,
} from '../../model/aspects/dataHubConnectionDetails.ts';
import { dataPlatformInstance } from '../../model/aspects/storedAsGiven.ts';
import { BadRequestError } from '../../errors.ts';
import type { StoreView } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkUrnSyntax, latestAspect, urnTypeOf } from '../core/resources.ts';
import { decryptValue, encryptValue } from './secrets.ts';
import { writeAspect } from '../core/writeAspect.ts';

export const CONNECTION_TYPE = 'dataHubConnection';
const DETAILS_ASPECT = 'dataHubConnectionDetails';
const PLATFORM_ASPECT = 'dataPlatformInstance';

export interface UpsertConnectionInput {
  /** The urn's id; a random UUID when absent. */
  id?: string | null;
  type: 'JSON';
  platformUrn: string;
  json?: { blob: string } | null;
  name?: string | null;
}

/** A connection as read: the blob decrypted. */
export interface Connection {
  urn: string;
  type: 'JSON';
  name: string | null;
  /** The decrypted JSON blob; null when the details carry none. */
  blob: string | null;
  platformUrn: string;
}

/** upsertConnection: creates the connection or replaces its details and platform whole. Returns its urn. */
export async function upsertConnection(ctx: OpContext, input: UpsertConnectionInput): Promise<string> {
  const urn = `urn:li:${CONNECTION_TYPE}:${input.id ?? randomUUID()}`;
  checkUrnSyntax(urn);
  checkPlatformUrn(input.platformUrn);
  if (input.type === 'JSON' && !input.json)
    throw new BadRequestError("Connections with type JSON must provide the field 'json'.");
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    const details: DataHubConnectionDetails = { type: input.type };
    if (input.name != null) details.name = input.name;
    if (input.json) details.json = { encryptedBlob: encryptValue(txn, input.json.blob) };
    writeAspect(txn, stamp, urn, DETAILS_ASPECT, details);
    writeAspect(txn, stamp, urn, PLATFORM_ASPECT, { platform: input.platformUrn });
    return urn;
  });
}

export interface UpdateConnectionInput {
  urn: string;
  type?: 'JSON' | null;
  platformUrn?: string | null;
  json?: { blob: string } | null;
  name?: string | null;
}

function checkPlatformUrn(platformUrn: string): void {
  checkUrnSyntax(platformUrn);
  if (urnTypeOf(platformUrn) !== 'dataPlatform')
    throw new BadRequestError(`${platformUrn} is not a data platform urn (expected urn:li:dataPlatform:…)`);
}

/** updateConnection: patches an existing connection — only the fields given change. Returns its urn. */
export async function updateConnection(ctx: OpContext, input: UpdateConnectionInput): Promise<string> {
  checkUrnSyntax(input.urn);
  if (input.platformUrn != null) checkPlatformUrn(input.platformUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    const current =
      urnTypeOf(input.urn) === CONNECTION_TYPE ? latestAspect(txn, input.urn, dataHubConnectionDetails) : undefined;
    if (!current) throw new BadRequestError(`Failed to update Connection ${input.urn}. Connection does not exist.`);
    const details: DataHubConnectionDetails = { ...current, type: input.type ?? current.type };
    if (input.name != null) details.name = input.name;
    if (input.json) details.json = { encryptedBlob: encryptValue(txn, input.json.blob) };
    if (details.type === 'JSON' && !details.json)
      throw new BadRequestError("Connections with type JSON must provide the field 'json'.");
    writeAspect(txn, stamp, input.urn, DETAILS_ASPECT, details);
    if (input.platformUrn != null) writeAspect(txn, stamp, input.urn, PLATFORM_ASPECT, { platform: input.platformUrn });
    return input.urn;
  });
}

/** deleteConnection: hard delete. */
export async function deleteConnection(ctx: OpContext, urn: string): Promise<true> {
  checkUrnSyntax(urn);
  await ctx.store.write((txn) => {
    if (urnTypeOf(urn) !== CONNECTION_TYPE || !txn.entityExists(urn))
      throw new BadRequestError(`Failed to delete Connection ${urn}. Connection does not exist.`);
    txn.deleteEntity(urn);
  });
  return true;
}

/** The connection `urn` names, decrypted; null when it is not stored (or lacks its details or platform). */
export function getConnection(view: StoreView, urn: string): Connection | null {
  if (urnTypeOf(urn) !== CONNECTION_TYPE) return null;
  const details = latestAspect(view, urn, dataHubConnectionDetails);
  const platform = latestAspect(view, urn, dataPlatformInstance)?.platform;
  if (!details || typeof platform !== 'string') return null;
  return {
    urn,
    type: details.type,
    name: details.name ?? null,
    blob: details.json ? decryptValue(view, details.json.encryptedBlob, `connection ${urn}`) : null,
    platformUrn: platform,
  };
}
