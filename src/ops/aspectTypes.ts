/** TypeScript shapes of the aspects the operations read and write (datahub-rest-cli.md §7.2). */
export interface Stamp {
  time: number;
  actor: string;
}
export interface TagAssociation {
  tag: string;
  context?: string;
  [extra: string]: unknown;
}
export interface GlobalTags {
  tags: TagAssociation[];
}
export interface EditableSchemaFieldInfo {
  fieldPath: string;
  description?: string;
  globalTags?: GlobalTags;
  [extra: string]: unknown;
}
export interface EditableSchemaMetadata {
  created?: Stamp;
  lastModified?: Stamp;
  editableSchemaFieldInfo: EditableSchemaFieldInfo[];
  [extra: string]: unknown;
}
export interface Owner {
  owner: string;
  type?: string;
  typeUrn?: string;
  source?: { type: string; url?: string };
  [extra: string]: unknown;
}
export interface Ownership {
  owners: Owner[];
  lastModified?: Stamp;
  [extra: string]: unknown;
}
export interface InstitutionalMemoryElement {
  url: string;
  description: string;
  createStamp: Stamp;
  [extra: string]: unknown;
}
export interface SchemaFieldValue {
  fieldPath: string;
  description?: string;
  nullable?: boolean;
  type?: { type?: Record<string, unknown> };
  nativeDataType?: string;
  globalTags?: GlobalTags;
  [extra: string]: unknown;
}

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
