import { changeStamps, defineAspect, NAME, PROSE, str, type AspectValue } from './define.ts';

const editableDatasetProperties = defineAspect({
  name: 'editableDatasetProperties',
  fqn: 'com.linkedin.dataset.EditableDatasetProperties',
  fields: { ...changeStamps, 'description?': str, 'name?': str },
  searchable: [
    { path: 'name', field: 'editedName', kind: 'text', weight: NAME },
    { path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE },
  ],
});
export default editableDatasetProperties;

export type EditableDatasetProperties = AspectValue<typeof editableDatasetProperties>;
