import { changeStamps, defineAspect, NAME, PROSE, str } from './define.ts';

export default defineAspect({
  name: 'editableDatasetProperties',
  fqn: 'com.linkedin.dataset.EditableDatasetProperties',
  fields: { ...changeStamps, 'description?': str, 'name?': str },
  searchable: [
    { path: 'name', field: 'editedName', kind: 'text', weight: NAME },
    { path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE },
  ],
});
