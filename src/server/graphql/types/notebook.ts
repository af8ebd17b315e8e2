/** Notebook: a notebook of a notebook tool, with its info and change stamps. Shaped from src/ops/read/notebook.ts. */
import { readNotebookEditable, readNotebookIdentity, readNotebookInfo } from '../../../ops/read/notebook.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, EntityView, platformView, stampView } from './shared.ts';

class NotebookView extends EntityView implements G.Notebook {
  readonly __typename = 'Notebook';
  readonly type = 'NOTEBOOK';
  readonly tool: string;
  readonly notebookId: string;
  constructor(view: StoreView, urn: string) {
    super(view, urn);
    ({ tool: this.tool, notebookId: this.notebookId } = readNotebookIdentity(urn));
  }
  get platform(): G.DataPlatform {
    return platformView(this.view, readNotebookIdentity(this.urn).platformUrn);
  }
  get info(): G.Maybe<G.NotebookInfo> {
    const info = readNotebookInfo(this.view, this.urn);
    if (!info) return null;
    const stamps = info.changeAuditStamps;
    return {
      ...info,
      customProperties: customPropertiesView(info.customProperties, this.urn),
      changeAuditStamps: stamps && {
        created: stampView(stamps.created),
        lastModified: stampView(stamps.lastModified),
        deleted: stamps.deleted && stampView(stamps.deleted),
      },
    };
  }
  get editableProperties(): G.Maybe<G.NotebookEditableProperties> {
    return readNotebookEditable(this.view, this.urn);
  }
}

export const notebook: EntityKind = {
  typename: 'Notebook',
  enumValue: 'NOTEBOOK',
  build: (view, urn) => new NotebookView(view, urn),
};
