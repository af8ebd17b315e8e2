/**
 * save_document: an agent's note saved as a document in the shared documents folder
 * (`urn:li:document:__system_shared_documents`, made on first use), owned by the acting user, as
 * DataHub's MCP server saves it — the aspects DataHub's SDK writes for `Document.create_document`
 * (documentInfo, documentSettings, subTypes, ownership, globalTags for the topics). Ours are
 * written in one transaction, attributed to the actor; an update may only touch a document inside
 * the shared folder.
 */
import { randomUUID } from 'node:crypto';
import type { Proposal } from '../../model/mcp.ts';
import { ingestProposals } from '../../ops/ingest/ingestProposals.ts';
import { exists, gql, type ToolContext } from '../context.ts';
import type { Json, JsonObject } from '../shape.ts';

const ROOT_ID = '__system_shared_documents';
const ROOT_URN = `urn:li:document:${ROOT_ID}`;
const TYPES = ['Insight', 'Decision', 'FAQ', 'Analysis', 'Summary', 'Recommendation', 'Note', 'Context'];
/** The actor DataHub's SDK stamps a new document's info with. */
const SDK_ACTOR = 'urn:li:corpuser:__ingestion';

export interface SaveDocumentArgs {
  document_type: string;
  title: string;
  content: string;
  urn: string | null;
  topics: string[] | null;
  related_documents: string[] | null;
  related_assets: string[] | null;
}

const ME = `query getMe {
  me {
    corpUser {
      urn
      username
      info {
        displayName
        fullName
        firstName
        lastName
      }
      editableProperties {
        displayName
      }
    }
  }
}`;

function displayName(user: any): string {
  if (!user) return 'Unknown User';
  const info = user.info ?? {};
  return (
    user.editableProperties?.displayName || info.displayName || info.fullName || `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim() || user.username || 'Unknown User'
  );
}

const refusal = (message: string): JsonObject => ({ success: false, urn: null, message, author: null });

/** Whether a document lies (at any depth) inside the shared folder; the refusal otherwise. */
function inSharedFolder(ctx: ToolContext, urn: string): string | null {
  if (urn === ROOT_URN) return 'Cannot update the root shared documents folder. Only documents within this folder can be updated.';
  if (!exists(ctx, urn)) return null;
  const info = ctx.store.getAspect(urn, 'documentInfo')?.value as any;
  if (!info) return `Document '${urn}' has no document info. Cannot verify it's in the shared folder.`;
  const seen = new Set<string>();
  let parent: string | undefined = info.parentDocument?.document;
  while (parent && !seen.has(parent)) {
    seen.add(parent);
    if (parent === ROOT_URN) return null;
    parent = (ctx.store.getAspect(parent, 'documentInfo')?.value as any)?.parentDocument?.document;
  }
  return `Document '${urn}' is not in the shared documents folder. Only documents in this folder can be updated.`;
}

const documentInfo = (title: string, text: string, time: number, extra: JsonObject = {}): JsonObject => ({
  title,
  source: { sourceType: 'NATIVE' },
  status: { state: 'PUBLISHED' },
  contents: { text },
  customProperties: {},
  created: { time, actor: SDK_ACTOR },
  lastModified: { time, actor: SDK_ACTOR },
  ...extra,
});

const proposal = (urn: string, aspectName: string, value: JsonObject): Proposal => ({ entityType: 'document', entityUrn: urn, changeType: 'UPSERT', aspectName, value });

export async function saveDocument(ctx: ToolContext, a: SaveDocumentArgs): Promise<Json> {
  if (!a.title || !a.title.trim()) return refusal('title cannot be empty');
  if (!a.content || !a.content.trim()) return refusal('content cannot be empty');
  if (!TYPES.includes(a.document_type)) return refusal(`Invalid document_type '${a.document_type}'. Must be one of: ${TYPES.join(', ')}`);
  let urn: string;
  const isUpdate = a.urn !== null;
  if (a.urn !== null) {
    if (!a.urn.startsWith('urn:li:document:')) return refusal(`Invalid urn format '${a.urn}'. Must start with 'urn:li:document:'`);
    const refused = inSharedFolder(ctx, a.urn);
    if (refused) return refusal(refused);
    urn = a.urn;
  } else {
    urn = `urn:li:document:shared-${randomUUID()}`;
  }
  try {
    let user: any = null;
    try {
      user = ((await gql(ctx, ME, {}, 'getMe'))['me'] as any)?.corpUser ?? null;
    } catch {
      user = null;
    }
    const author = user ? displayName(user) : null;
    const userUrn: string | null = user?.urn ?? null;
    const now = Date.now();
    const proposals: Proposal[] = [];
    // The shared folder, made on first use (and brought back if it was soft-deleted).
    if (!exists(ctx, ROOT_URN)) {
      proposals.push(
        proposal(ROOT_URN, 'documentInfo', documentInfo('Shared', 'Contains shared documents authored through AI agents like Ask DataHub.', now)),
        proposal(ROOT_URN, 'subTypes', { typeNames: ['Folder'] }),
        proposal(ROOT_URN, 'status', { removed: false }),
      );
    } else if ((ctx.store.getAspect(ROOT_URN, 'status')?.value as any)?.removed !== false) {
      proposals.push(proposal(ROOT_URN, 'status', { removed: false }));
    }
    proposals.push(
      proposal(
        urn,
        'documentInfo',
        documentInfo(a.title, a.content, now, {
          parentDocument: { document: ROOT_URN },
          ...(a.related_assets?.length ? { relatedAssets: a.related_assets.map((asset) => ({ asset })) } : {}),
          ...(a.related_documents?.length ? { relatedDocuments: a.related_documents.map((document) => ({ document })) } : {}),
        }),
      ),
      proposal(urn, 'documentSettings', { showInGlobalContext: true, lastModified: { time: now, actor: userUrn ?? 'urn:li:corpuser:datahub' } }),
      proposal(urn, 'subTypes', { typeNames: [a.document_type] }),
    );
    if (!isUpdate && userUrn) {
      proposals.push(proposal(urn, 'ownership', { owners: [{ owner: userUrn, type: 'TECHNICAL_OWNER' }], lastModified: { time: 0, actor: 'urn:li:corpuser:unknown' } }));
    }
    if (a.topics?.length) proposals.push(proposal(urn, 'globalTags', { tags: a.topics.map((t) => ({ tag: `urn:li:tag:${t}` })) }));
    await ingestProposals({ store: ctx.store, actor: ctx.actor }, proposals);
    return { success: true, urn, message: `Successfully ${isUpdate ? 'updated' : 'created'} document: ${a.title}`, author };
  } catch (e) {
    throw new Error(`Error saving document: ${(e as Error).message}`);
  }
}
