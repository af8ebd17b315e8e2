/** Notebook: a notebook of a notebook tool, with its info and change stamps. */
import type { Stamp } from '../../../model/aspects/define.ts';
import { type EntityKind, auditStamp, common, customProperties, described, keyOf, platformView, props, str } from './shared.ts';

export const notebook: EntityKind = {
  typename: 'Notebook',
  enumValue: 'NOTEBOOK',
  build: (view, urn) => {
      const key = keyOf(urn);
      const { info, editable } = described(view, urn, 'notebookInfo', 'editableNotebookProperties');
      const stamps = info?.['changeAuditStamps'] as { created?: Stamp; lastModified?: Stamp; deleted?: Stamp } | undefined;
      return Object.assign(common(view, urn, notebook), {
        tool: key['notebookTool'] ?? '',
        notebookId: key['notebookId'] ?? '',
        platform: platformView(view, `urn:li:dataPlatform:${key['notebookTool'] ?? ''}`),
        info: info
          ? {
              title: str(info['title']),
              description: str(info['description']),
              externalUrl: str(info['externalUrl']),
              customProperties: customProperties(props(info['customProperties']), urn),
              changeAuditStamps: stamps ? { created: auditStamp(stamps.created), lastModified: auditStamp(stamps.lastModified), deleted: stamps.deleted ? auditStamp(stamps.deleted) : null } : null,
            }
          : null,
        editableProperties: editable,
      });
    },
};
