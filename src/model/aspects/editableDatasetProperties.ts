import { changeStamps, defineAspect, str } from './define.ts';

export default defineAspect({
  name: 'editableDatasetProperties',
  fqn: 'com.linkedin.dataset.EditableDatasetProperties',
  fields: { ...changeStamps, 'description?': str, 'name?': str },
});
