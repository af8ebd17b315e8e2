/**
 * Document: a knowledge-base document (DataHub's `documents.graphql`), and the `relatedDocuments`
 * field of the assets a document may be related to. The rules live in src/ops/read/document.ts (the
 * document's own fields) and src/ops/knowledge/documents.ts (parent chain, visibility, filters);
 * this file shapes them.
 */
import { parentDocuments, relatedDocuments, type RelatedDocumentsQuery } from '../../../ops/knowledge/documents.ts';
import {
  readDocumentExists,
  readDocumentInfo,
  readDocumentPlatform,
  readDocumentSettings,
  readDocumentSubType,
  readSemanticText,
  type DocumentInfoRead,
} from '../../../ops/read/document.ts';
import type { StampRead } from '../../../ops/read/common.ts';
import type { StoreView } from '../../../store/store.ts';
import type { GraphqlContext } from '../resolvers.ts';
import type * as G from '../schema.generated.ts';
import {
  type EntityKind,
  asEnum,
  customPropertiesView,
  EntityView,
  platformView,
  refAs,
  withFields,
} from './shared.ts';

/** An audit stamp whose actor is read when selected. */
function resolvedStamp(view: StoreView, s: StampRead): G.ResolvedAuditStamp {
  return { time: s.time, actor: s.actor ? () => refAs<G.CorpUser>(view, s.actor!) : null };
}

function infoView(view: StoreView, urn: string, info: DocumentInfoRead): G.DocumentInfo {
  return {
    title: info.title,
    source: info.source && { ...info.source, sourceType: asEnum<G.DocumentSourceType>(info.source.sourceType) },
    status: info.status && { state: asEnum<G.DocumentState>(info.status.state) },
    contents: { text: info.text, semanticText: () => readSemanticText(view, urn) },
    created: resolvedStamp(view, info.created),
    lastModified: resolvedStamp(view, info.lastModified),
    relatedAssets: info.relatedAssets?.map((a) => ({ asset: () => refAs<G.Entity>(view, a) })) ?? null,
    relatedDocuments: info.relatedDocuments?.map((d) => ({ document: () => refAs<G.Document>(view, d) })) ?? null,
    parentDocument: info.parentDocument ? { document: () => refAs<G.Document>(view, info.parentDocument!) } : null,
    customProperties: info.customProperties ? customPropertiesView(info.customProperties, urn) : null,
  };
}

class DocumentView extends EntityView implements G.Document {
  readonly __typename = 'Document';
  readonly type = 'DOCUMENT';
  get info(): G.Maybe<G.DocumentInfo> {
    const info = readDocumentInfo(this.view, this.urn);
    return info && infoView(this.view, this.urn, info);
  }
  get settings(): G.Maybe<G.DocumentSettings> {
    return readDocumentSettings(this.view, this.urn);
  }
  get subType(): string | null {
    return readDocumentSubType(this.view, this.urn);
  }
  get platform(): G.DataPlatform {
    return platformView(this.view, readDocumentPlatform(this.view, this.urn).platform);
  }
  override get dataPlatformInstance(): G.Maybe<G.DataPlatformInstance> {
    const instance = readDocumentPlatform(this.view, this.urn).instance;
    return instance ? refAs<G.DataPlatformInstance>(this.view, instance) : null;
  }
  override get exists(): boolean {
    return readDocumentExists(this.view, this.urn);
  }
  get parentDocuments(): G.ParentDocumentsResult {
    const parents = parentDocuments(this.view, this.urn);
    return { count: parents.length, documents: parents.map((p) => refAs<G.Document>(this.view, p)) };
  }
}

export const document: EntityKind = {
  typename: 'Document',
  enumValue: 'DOCUMENT',
  build: (view, urn) => new DocumentView(view, urn),
};

/** Urn entity types whose GraphQL type has `relatedDocuments` (documents.graphql extends each). */
export const RELATED_DOCUMENT_HOLDERS: ReadonlySet<string> = new Set([
  'dataset',
  'dashboard',
  'chart',
  'dataJob',
  'dataFlow',
  'container',
  'mlModel',
  'mlModelGroup',
  'mlPrimaryKey',
  'mlFeature',
  'mlFeatureTable',
  'dataProduct',
  'domain',
  'glossaryTerm',
  'glossaryNode',
  'application',
]);

/**
 * The same entity kind, its read model carrying `relatedDocuments(input)`: the documents related to
 * the entity that the caller may see (so the field needs the request's actor).
 */
export function withRelatedDocuments(kind: EntityKind): EntityKind {
  return withFields(kind, (view, urn) => ({
    relatedDocuments: ({ input }: { input: RelatedDocumentsQuery }, ctx: GraphqlContext) => {
      const page = relatedDocuments(view, urn, input, ctx.actor);
      const documents = page.urns.map((u) => refAs<G.Document>(view, u));
      const { start, count, total } = page;
      const result: G.RelatedDocumentsResult = { start, count, total, documents };
      return result;
    },
  }));
}
