/**
 * Read model of knowledge-base documents (`urn:li:document:<id>`; aspects documentInfo,
 * documentSettings, semanticText, subTypes, dataPlatformInstance), as DataHub's DocumentMapper reads
 * them: the contents' text empty when not stored, the stamps with time 0 when missing, custom
 * properties only when there are some, a document shown in the global context unless its settings say
 * not, and `datahub` as the platform of a document written in DataHub. The parent chain and the
 * documents related to an asset (with who may see them) are in ../knowledge/documents.ts.
 */
import documentInfo, { type DocumentInfo } from '../../model/aspects/documentInfo.ts';
import documentSettings from '../../model/aspects/documentSettings.ts';
import semanticText from '../../model/aspects/semanticText.ts';
import status from '../../model/aspects/status.ts';
import { dataPlatformInstance, subTypes } from '../../model/aspects/storedAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, stampOf, type CustomPropertyRead, type StampRead } from './common.ts';

/** DataHub's platform for documents written in DataHub (those without a dataPlatformInstance). */
export const DATAHUB_PLATFORM = 'urn:li:dataPlatform:datahub';

export interface DocumentInfoRead {
  title: string | null;
  /** Where the document comes from (NATIVE: written in DataHub; EXTERNAL: a wiki, a drive …). */
  source: { sourceType: string; externalUrl: string | null; externalId: string | null } | null;
  /** PUBLISHED (seen by everyone) or UNPUBLISHED (by its owners only). */
  status: { state: string } | null;
  /** The text; empty when none is stored. */
  text: string;
  created: StampRead;
  lastModified: StampRead;
  /** The assets the document is about; null when the list is not stored. */
  relatedAssets: string[] | null;
  relatedDocuments: string[] | null;
  parentDocument: string | null;
  /** null when none are stored, or the stored map is empty. */
  customProperties: CustomPropertyRead[] | null;
}

export function documentInfoReadOf(info: DocumentInfo): DocumentInfoRead {
  return {
    title: info.title ?? null,
    source: info.source
      ? {
          sourceType: info.source.sourceType,
          externalUrl: info.source.externalUrl ?? null,
          externalId: info.source.externalId ?? null,
        }
      : null,
    status: info.status ? { state: info.status.state } : null,
    text: info.contents?.text ?? '',
    created: stampOf(info.created),
    lastModified: stampOf(info.lastModified),
    relatedAssets: info.relatedAssets ? info.relatedAssets.map((a) => a.asset) : null,
    relatedDocuments: info.relatedDocuments ? info.relatedDocuments.map((d) => d.document) : null,
    parentDocument: info.parentDocument ? info.parentDocument.document : null,
    customProperties:
      info.customProperties && Object.keys(info.customProperties).length > 0
        ? customPropertiesOf(info.customProperties)
        : null,
  };
}

/** A document's info; null when documentInfo is not stored. */
export function readDocumentInfo(view: StoreView, urn: string): DocumentInfoRead | null {
  const info = aspectOf(view, urn, documentInfo);
  return info ? documentInfoReadOf(info) : null;
}

/** The text search reads for the document (semanticText); null when none is stored. */
export function readSemanticText(view: StoreView, urn: string): string | null {
  const text = aspectOf(view, urn, semanticText)?.text;
  return typeof text === 'string' ? text : null;
}

/** Whether the document is shown in the global context: true unless its settings say false; null when it has no settings. */
export function readDocumentSettings(view: StoreView, urn: string): { showInGlobalContext: boolean } | null {
  const settings = aspectOf(view, urn, documentSettings);
  return settings ? { showInGlobalContext: settings.showInGlobalContext !== false } : null;
}

/** The document's first sub-type (DataHub shows one); null when none is stored. */
export function readDocumentSubType(view: StoreView, urn: string): string | null {
  return aspectOf(view, urn, subTypes)?.typeNames?.[0] ?? null;
}

export interface DocumentPlatformRead {
  /** The stored platform, else DataHub's own (a document written in DataHub). */
  platform: string;
  /** The platform instance; null when none is stored. */
  instance: string | null;
}

export function readDocumentPlatform(view: StoreView, urn: string): DocumentPlatformRead {
  const instance = aspectOf(view, urn, dataPlatformInstance);
  return { platform: instance?.platform ?? DATAHUB_PLATFORM, instance: instance?.instance ? instance.instance : null };
}

/** Whether the document exists as DataHub answers `exists`: stored and not soft-deleted. */
export function readDocumentExists(view: StoreView, urn: string): boolean {
  return view.entityExists(urn) && aspectOf(view, urn, status)?.removed !== true;
}
