/**
 * documentInfo (com.linkedin.knowledge.DocumentInfo): a knowledge-base document's title, text,
 * source, publication state and links — to its parent document, to related documents and to the
 * assets it is about. The SDK's `Document.create_document` writes it whole on every save.
 */
import { arr, auditStamp, defineAspect, NAME, PROSE, rec, str, urnOf, type AspectValue } from './define.ts';

export const DOCUMENT_STATES = ['PUBLISHED', 'UNPUBLISHED'] as const;
export const DOCUMENT_SOURCE_TYPES = ['NATIVE', 'EXTERNAL'] as const;

/** The entity types a document may relate to (DataHub's `RelatedAsset` relationship annotation). */
export const RELATED_ASSET_TYPES = [
  'container',
  'dataset',
  'dataJob',
  'dataFlow',
  'dashboard',
  'chart',
  'application',
  'mlModel',
  'mlModelGroup',
  'mlPrimaryKey',
  'mlFeature',
  'mlFeatureTable',
  'dataProduct',
  'domain',
  'glossaryTerm',
  'glossaryNode',
  'tag',
  'structuredProperty',
] as const;

const documentRef = rec({ document: urnOf('document') });

const documentInfo = defineAspect({
  name: 'documentInfo',
  fqn: 'com.linkedin.knowledge.DocumentInfo',
  fields: {
    'customProperties?': { map: str },
    'title?': str,
    'source?': rec({ sourceType: { enum: DOCUMENT_SOURCE_TYPES }, 'externalUrl?': str, 'externalId?': str }),
    status: rec({ state: { enum: DOCUMENT_STATES } }),
    contents: rec({ text: str }),
    created: auditStamp,
    lastModified: auditStamp,
    'relatedAssets?': arr(rec({ asset: urnOf(...RELATED_ASSET_TYPES) })),
    'relatedDocuments?': arr(documentRef),
    'parentDocument?': documentRef,
  },
  relationships: [
    { name: 'RelatedAsset', path: 'relatedAssets[].asset' },
    { name: 'RelatedDocument', path: 'relatedDocuments[].document' },
    { name: 'IsChildOf', path: 'parentDocument.document' },
  ],
  searchable: [
    { path: 'title', field: 'name', kind: 'text', weight: NAME },
    { path: 'contents.text', field: 'text', kind: 'text', weight: PROSE },
    { path: 'parentDocument.document', field: 'parentDocument', kind: 'urn' },
  ],
});
export default documentInfo;

export type DocumentInfo = AspectValue<typeof documentInfo>;
