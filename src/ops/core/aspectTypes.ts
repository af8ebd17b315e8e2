/** Helpers over aspect values the operations edit; the aspects' types live in their modules under src/model/aspects/. */
import type { Stamp } from '../../model/aspects/define.ts';
import type { EditableSchemaFieldInfo, EditableSchemaMetadata } from '../../model/aspects/editableSchemaMetadata.ts';

/**
 * `editableSchemaMetadata` with `fieldPath`'s entry, appended when missing; stamps updated.
 * Returns the aspect and the (mutable) entry.
 */
export function editableFieldEntry(
  current: EditableSchemaMetadata | undefined,
  fieldPath: string,
  stamp: Stamp,
): { aspect: EditableSchemaMetadata; entry: EditableSchemaFieldInfo } {
  const aspect: EditableSchemaMetadata = current
    ? { ...current, editableSchemaFieldInfo: [...current.editableSchemaFieldInfo], lastModified: stamp }
    : { created: stamp, lastModified: stamp, editableSchemaFieldInfo: [] };
  let entry = aspect.editableSchemaFieldInfo.find((e) => e.fieldPath === fieldPath);
  if (!entry) {
    entry = { fieldPath };
    aspect.editableSchemaFieldInfo.push(entry);
  }
  return { aspect, entry };
}
