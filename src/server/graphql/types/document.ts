/**
 * Document: a knowledge-base document (DataHub's `documents.graphql`), and the `relatedDocuments`
 * field of the assets a document may be related to. The rules (parent chain, visibility, filters)
 * live in src/ops/knowledge/documents.ts; this file shapes them.
 */
import type { Stamp } from '../../../model/aspects/define.ts';
import type { DocumentInfo } from '../../../model/aspects/documentInfo.ts';
import { documentInfoOf, parentDocuments, relatedDocuments, type RelatedDocumentsQuery } from '../../../ops/knowledge/documents.ts';
import type { StoreView } from '../../../store/store.ts';
import type { GraphqlContext } from '../resolvers.ts';
import { type EntityKind, type Obj, aspect, common, customProperties, platformView, ref, str } from './shared.ts';

/** DataHub's platform for documents written in DataHub (no dataPlatformInstance aspect). */
const DATAHUB_PLATFORM = 'urn:li:dataPlatform:datahub';

function resolvedStamp(view: StoreView, s: Partial<Stamp> | undefined): Obj {
  return { time: s?.time ?? 0, actor: s?.actor ? () => ref(view, s.actor!) : null };
}

function infoView(view: StoreView, urn: string, info: DocumentInfo): Obj {
  return {
    title: info.title ?? null,
    source: info.source ? { sourceType: info.source.sourceType, externalUrl: info.source.externalUrl ?? null, externalId: info.source.externalId ?? null } : null,
    status: info.status ? { state: info.status.state } : null,
    contents: {
      text: info.contents?.text ?? '',
      semanticText: () => str(aspect(view, urn, 'semanticText')?.['text']),
    },
    created: resolvedStamp(view, info.created),
    lastModified: resolvedStamp(view, info.lastModified),
    relatedAssets: info.relatedAssets ? info.relatedAssets.map((a) => ({ asset: () => ref(view, a.asset) })) : null,
    relatedDocuments: info.relatedDocuments ? info.relatedDocuments.map((d) => ({ document: () => ref(view, d.document) })) : null,
    parentDocument: info.parentDocument ? { document: () => ref(view, info.parentDocument!.document) } : null,
    customProperties: info.customProperties && Object.keys(info.customProperties).length > 0 ? customProperties(info.customProperties, urn) : null,
  };
}

function documentView(view: StoreView, urn: string): Obj {
  const base = common(view, urn, document);
  const instance = aspect<{ platform?: string; instance?: string }>(view, urn, 'dataPlatformInstance');
  const info = documentInfoOf(view, urn);
  const settings = aspect<{ showInGlobalContext?: boolean }>(view, urn, 'documentSettings');
  return {
    ...base,
    info: info ? infoView(view, urn, info) : null,
    settings: settings ? { showInGlobalContext: settings.showInGlobalContext !== false } : null,
    subType: () => aspect<{ typeNames?: string[] }>(view, urn, 'subTypes')?.typeNames?.[0] ?? null,
    platform: platformView(view, instance?.platform ?? DATAHUB_PLATFORM),
    dataPlatformInstance: instance?.instance ? () => ref(view, instance.instance!) : null,
    exists: () => view.entityExists(urn) && aspect<{ removed?: boolean }>(view, urn, 'status')?.removed !== true,
    parentDocuments: () => {
      const parents = parentDocuments(view, urn);
      return { count: parents.length, documents: parents.map((p) => ref(view, p)) };
    },
  };
}

export const document: EntityKind = {
  typename: 'Document',
  enumValue: 'DOCUMENT',
  build: documentView,
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
