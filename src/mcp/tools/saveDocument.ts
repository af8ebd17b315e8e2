/**
 * save_document: an agent's note saved as a document in the shared documents folder, as DataHub's
 * MCP server saves it. The rules (the folder, which documents may be updated, the types, the aspects
 * written) are the operation's (src/ops/knowledge/sharedDocuments.ts); the tool asks GraphQL who the
 * user is, as DataHub's server does, and answers in DataHub's shape: `{success, urn, message, author}`.
 */
import { saveSharedDocument, type SaveResult } from '../../ops/knowledge/sharedDocuments.ts';
import { gql, type ToolContext } from '../context.ts';
import { objectAt, stringAt, type Json, type JsonObject } from '../shape.ts';
import { damageOf } from '../../ops/core/openCatalog.ts';

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

function displayName(user: JsonObject): string {
  const info = (key: string) => stringAt(user, 'info', key);
  return (
    stringAt(user, 'editableProperties', 'displayName') ||
    info('displayName') ||
    info('fullName') ||
    `${info('firstName') ?? ''} ${info('lastName') ?? ''}`.trim() ||
    stringAt(user, 'username') ||
    'Unknown User'
  );
}

const refusal = (message: string): JsonObject => ({ success: false, urn: null, message, author: null });

export async function saveDocument(ctx: ToolContext, a: SaveDocumentArgs): Promise<Json> {
  let user: JsonObject | undefined;
  try {
    user = objectAt(await gql(ctx, ME, {}, 'getMe'), 'me', 'corpUser');
  } catch (e) {
    if (damageOf(e)) throw e;
    user = undefined;
  }
  const input = {
    documentType: a.document_type,
    title: a.title,
    content: a.content,
    urn: a.urn,
    topics: a.topics,
    relatedDocuments: a.related_documents,
    relatedAssets: a.related_assets,
    author: stringAt(user, 'urn') ?? null,
  };
  let result: SaveResult;
  try {
    result = await saveSharedDocument({ store: ctx.store, actor: ctx.actor }, input);
  } catch (e) {
    throw new Error(`Error saving document: ${(e as Error).message}`);
  }
  if (!result.saved) return refusal(result.refusal);
  return {
    success: true,
    urn: result.urn,
    message: `Successfully ${result.created ? 'created' : 'updated'} document: ${a.title}`,
    author: user ? displayName(user) : null,
  };
}
