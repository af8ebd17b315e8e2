/** What a hit carries besides its urn, type and score. */
import type { SearchDocument } from '../model/search/document.ts';
import { baseField, valuesOf } from './filters.ts';

/** DataHub's extraProperties: each asked field the document holds, its value as JSON. */
export function extraPropertiesOf(
  doc: SearchDocument,
  fields: readonly string[],
): Array<{ name: string; value: string }> {
  return fields.flatMap((name) => {
    const values = valuesOf(doc, baseField(name));
    if (values.length === 0) return [];
    return [{ name, value: JSON.stringify(values.length === 1 ? values[0] : values) }];
  });
}
