/**
 * Read models of notebooks (of a notebook tool such as Querybook or Jupyter): the tool and id from
 * the urn, `notebookInfo` with its change stamps (a stamp reads time 0 and no actor where the stored
 * one lacks them; `deleted` only when one is stored), and the edited description.
 */
import { editableNotebookProperties } from '../../model/aspects/readAsGiven.ts';
import { notebookInfo } from '../../model/aspects/storedAsGiven.ts';
import { keyFieldsOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, stampOf, type CustomPropertyRead, type StampRead } from './common.ts';
import { readEditableDescription } from './glossary.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

export interface NotebookIdentityRead {
  /** The notebook tool (`querybook`, …), from the urn. */
  tool: string;
  /** The tool's id of the notebook, from the urn. */
  notebookId: string;
  /** `urn:li:dataPlatform:<tool>`. */
  platformUrn: string;
}

/** What the urn of a notebook tells. */
export function readNotebookIdentity(urn: string): NotebookIdentityRead {
  const key = keyFieldsOf(urn);
  const tool = key['notebookTool'] ?? '';
  return { tool, notebookId: key['notebookId'] ?? '', platformUrn: `urn:li:dataPlatform:${tool}` };
}

/** When the notebook was created, last changed and (if it was) deleted. */
export interface ChangeAuditStampsRead {
  created: StampRead;
  lastModified: StampRead;
  deleted: StampRead | null;
}

export interface NotebookInfoRead {
  title: string | null;
  description: string | null;
  externalUrl: string | null;
  customProperties: CustomPropertyRead[];
  /** Null when `changeAuditStamps` is not stored. */
  changeAuditStamps: ChangeAuditStampsRead | null;
}

/** A notebook's info; null when `notebookInfo` is not stored. */
export function readNotebookInfo(view: StoreView, urn: string): NotebookInfoRead | null {
  const info = aspectOf(view, urn, notebookInfo);
  if (!info) return null;
  const stamps = info.changeAuditStamps;
  return {
    title: str(info['title']),
    description: str(info['description']),
    externalUrl: str(info['externalUrl']),
    customProperties: customPropertiesOf(props(info['customProperties'])),
    changeAuditStamps: stamps
      ? {
          created: stampOf(stamps.created),
          lastModified: stampOf(stamps.lastModified),
          deleted: stamps.deleted ? stampOf(stamps.deleted) : null,
        }
      : null,
  };
}

/** The edited description of a notebook; null when nothing was edited. */
export function readNotebookEditable(view: StoreView, urn: string): { description: string | null } | null {
  return readEditableDescription(view, urn, editableNotebookProperties);
}
