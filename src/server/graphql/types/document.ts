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
import { type EntityKind, type Obj, customPropertiesView, EntityView, platformView, ref } from './shared.ts';

/** An audit stamp whose actor is read when selected. */
function resolvedStamp(view: StoreView, s: StampRead): Obj {
  return { time: s.time, actor: s.actor ? () => ref(view, s.actor!) : null };
}

function infoView(view: StoreView, urn: string, info: DocumentInfoRead): Obj {
  return {
    title: info.title,
    source: info.source,
    status: info.status,
    contents: { text: info.text, semanticText: () => readSemanticText(view, urn) },
    created: resolvedStamp(view, info.created),
    lastModified: resolvedStamp(view, info.lastModified),
    relatedAssets: info.relatedAssets ? info.relatedAssets.map((a) => ({ asset: () => ref(view, a) })) : null,
    relatedDocuments: info.relatedDocuments ? info.relatedDocuments.map((d) => ({ document: () => ref(view, d) })) : null,
    parentDocument: info.parentDocument ? { document: () => ref(view, info.parentDocument!) } : null,
    customProperties: info.customProperties ? customPropertiesView(info.customProperties, urn) : null,
  };
}

class DocumentView extends EntityView {
  readonly __typename = 'Document';
  readonly type = 'DOCUMENT';
  get info(): Obj | null {
    const info = readDocumentInfo(this.view, this.urn);
    return info && infoView(this.view, this.urn, info);
  }
  get settings(): Obj | null {
    return readDocumentSettings(this.view, this.urn);
  }
  get subType(): string | null {
    return readDocumentSubType(this.view, this.urn);
  }
  get platform(): Obj {
    return platformView(this.view, readDocumentPlatform(this.view, this.urn).platform);
  }
  override get dataPlatformInstance(): Obj | null {
    const instance = readDocumentPlatform(this.view, this.urn).instance;
    return instance ? ref(this.view, instance) : null;
  }
  override get exists(): boolean {
    return readDocumentExists(this.view, this.urn);
  }
  get parentDocuments(): Obj {
    const parents = parentDocuments(this.view, this.urn);
    return { count: parents.length, documents: parents.map((p) => ref(this.view, p)) };
  }
}

export const document: EntityKind = {
  typename: 'Document',
  enumValue: 'DOCUMENT',
  build: (view, urn) => new DocumentView(view, urn),
};

/** Urn entity types whose GraphQL type has `relatedDocuments` (documents.graphql extends each). */
export const RELATED_DOCUMENT_HOLDERS: ReadonlySet<string> = new Set([
  'dataset', 'dashboard', 'chart', 'dataJob', 'dataFlow', 'container', 'mlModel', 'mlModelGroup', 'mlPrimaryKey',
  'mlFeature', 'mlFeatureTable', 'dataProduct', 'domain', 'glossaryTerm', 'glossaryNode', 'application',
]);

/**
 * The same entity kind, its read model carrying `relatedDocuments(input)`: the documents related to
 * the entity that the caller may see (so the field needs the request's actor).
 */
export function withRelatedDocuments(kind: EntityKind): EntityKind {
  return {
    ...kind,
    build: (view, urn) => {
      const o = kind.build(view, urn);
      o['relatedDocuments'] = ({ input }: { input: RelatedDocumentsQuery }, ctx: GraphqlContext) => {
        const page = relatedDocuments(view, urn, input, ctx.actor);
        return { start: page.start, count: page.count, total: page.total, documents: page.urns.map((u) => ref(view, u)) };
      };
      return o;
    },
  };
}
