/**
 * The shared documents folder: where an agent saves what it learned (DataHub's MCP `save_document`,
 * docs/datahub/mcp.md §1). The rules:
 *
 * - the folder is one fixed document, `urn:li:document:__system_shared_documents` ("Shared", sub-type
 *   Folder), made on first use and brought back (status.removed false) when it was soft-deleted;
 * - a saved document is one of a fixed list of types (Insight, Decision …), with a non-blank title and
 *   content, filed directly under the folder;
 * - a new document gets `urn:li:document:shared-<uuid>` and its author as technical owner; an update
 *   names a document URN, which must not be the folder itself and, when the document exists, must lie
 *   inside the folder at any depth (its `parentDocument` chain reaches the folder; a cycle in the chain
 *   ends the walk, outside);
 * - the aspects written are those DataHub's SDK writes for `Document.create_document`: documentInfo
 *   (native, published, stamped by the SDK's actor), documentSettings (shown in the global context),
 *   subTypes (the document type), ownership (new documents only), globalTags (the topics) — in one
 *   transaction, attributed to the acting user.
 *
 * A refusal carries DataHub's own message, word for word: an agent reads it, and the interop tests
 * compare it with DataHub's MCP server.
 */
import { randomUUID } from 'node:crypto';
import type { Proposal } from '../../model/mcp.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { ingestProposals } from '../ingest/ingestProposals.ts';
import { readStatus } from '../read/common.ts';
import { readDocumentInfo } from '../read/document.ts';
import { parentDocuments } from './documents.ts';

const FOLDER_ID = '__system_shared_documents';
export const SHARED_FOLDER_URN = `urn:li:document:${FOLDER_ID}`;
/** The document types an agent may save, as DataHub lists them. */
export const SHARED_DOCUMENT_TYPES: readonly string[] = [
  'Insight',
  'Decision',
  'FAQ',
  'Analysis',
  'Summary',
  'Recommendation',
  'Note',
  'Context',
];
/** The actor DataHub's SDK stamps a new document's info with. */
const SDK_ACTOR = 'urn:li:corpuser:__ingestion';
/** Who the settings name as their modifier when the author is not known. */
const DEFAULT_MODIFIER = 'urn:li:corpuser:datahub';
const FOLDER_TITLE = 'Shared';
const FOLDER_TEXT = 'Contains shared documents authored through AI agents like Ask DataHub.';

export interface SharedDocumentInput {
  documentType: string;
  title: string;
  content: string;
  /** The document to update; null to save a new one. */
  urn: string | null;
  /** Tag names (without `urn:li:tag:`). */
  topics: readonly string[] | null;
  relatedDocuments: readonly string[] | null;
  relatedAssets: readonly string[] | null;
  /** The author's corpuser URN (owner of a new document, modifier of the settings); null when unknown. */
  author: string | null;
}

export type SaveResult = { saved: true; urn: string; created: boolean } | { saved: false; refusal: string };

const refused = (refusal: string): SaveResult => ({ saved: false, refusal });

/** Why the input cannot be saved (DataHub's message); null when it can. */
function inputRefusal(input: SharedDocumentInput): string | null {
  if (!input.title?.trim()) return 'title cannot be empty';
  if (!input.content?.trim()) return 'content cannot be empty';
  if (!SHARED_DOCUMENT_TYPES.includes(input.documentType))
    return `Invalid document_type '${input.documentType}'. Must be one of: ${SHARED_DOCUMENT_TYPES.join(', ')}`;
  if (input.urn !== null && !input.urn.startsWith('urn:li:document:'))
    return `Invalid urn format '${input.urn}'. Must start with 'urn:li:document:'`;
  return null;
}

/** Why an existing document may not be updated (DataHub's message); null when it lies inside the folder or does not exist yet. */
function updateRefusal(ctx: OpContext, urn: string): string | null {
  if (urn === SHARED_FOLDER_URN)
    return 'Cannot update the root shared documents folder. Only documents within this folder can be updated.';
  if (!ctx.store.entityExists(urn)) return null;
  if (!readDocumentInfo(ctx.store, urn))
    return `Document '${urn}' has no document info. Cannot verify it's in the shared folder.`;
  if (parentDocuments(ctx.store, urn).includes(SHARED_FOLDER_URN)) return null;
  return `Document '${urn}' is not in the shared documents folder. Only documents in this folder can be updated.`;
}

const proposal = (urn: string, aspectName: string, value: Record<string, unknown>): Proposal => ({
  entityType: 'document',
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  value,
});

const documentInfo = (
  title: string,
  text: string,
  time: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  title,
  source: { sourceType: 'NATIVE' },
  status: { state: 'PUBLISHED' },
  contents: { text },
  customProperties: {},
  created: { time, actor: SDK_ACTOR },
  lastModified: { time, actor: SDK_ACTOR },
  ...extra,
});

/**
 * What the folder needs to be there and visible: all of it on first use; its status when it is
 * soft-deleted or has none (a folder from before this rule); nothing when its status says it is live.
 */
function folderProposals(ctx: OpContext, time: number): Proposal[] {
  if (!ctx.store.entityExists(SHARED_FOLDER_URN)) {
    return [
      proposal(SHARED_FOLDER_URN, 'documentInfo', documentInfo(FOLDER_TITLE, FOLDER_TEXT, time)),
      proposal(SHARED_FOLDER_URN, 'subTypes', { typeNames: ['Folder'] }),
      proposal(SHARED_FOLDER_URN, 'status', { removed: false }),
    ];
  }
  return readStatus(ctx.store, SHARED_FOLDER_URN)?.removed === false
    ? []
    : [proposal(SHARED_FOLDER_URN, 'status', { removed: false })];
}

/** Saves (creates or updates) an agent's document in the shared folder, or says why not; nothing is written on a refusal. */
export async function saveSharedDocument(ctx: OpContext, input: SharedDocumentInput): Promise<SaveResult> {
  const bad = inputRefusal(input) ?? (input.urn !== null ? updateRefusal(ctx, input.urn) : null);
  if (bad) return refused(bad);
  const created = input.urn === null;
  const urn = input.urn ?? `urn:li:document:shared-${randomUUID()}`;
  const now = nowOf(ctx);
  const proposals = folderProposals(ctx, now);
  proposals.push(
    proposal(
      urn,
      'documentInfo',
      documentInfo(input.title, input.content, now, {
        parentDocument: { document: SHARED_FOLDER_URN },
        ...(input.relatedAssets?.length ? { relatedAssets: input.relatedAssets.map((asset) => ({ asset })) } : {}),
        ...(input.relatedDocuments?.length
          ? { relatedDocuments: input.relatedDocuments.map((document) => ({ document })) }
          : {}),
      }),
    ),
    proposal(urn, 'documentSettings', {
      showInGlobalContext: true,
      lastModified: { time: now, actor: input.author ?? DEFAULT_MODIFIER },
    }),
    proposal(urn, 'subTypes', { typeNames: [input.documentType] }),
  );
  if (created && input.author) {
    proposals.push(
      proposal(urn, 'ownership', {
        owners: [{ owner: input.author, type: 'TECHNICAL_OWNER' }],
        lastModified: { time: 0, actor: 'urn:li:corpuser:unknown' },
      }),
    );
  }
  if (input.topics?.length)
    proposals.push(proposal(urn, 'globalTags', { tags: input.topics.map((t) => ({ tag: `urn:li:tag:${t}` })) }));
  await ingestProposals(ctx, proposals);
  return { saved: true, urn, created };
}
