/**
 * The effective values a person sees (docs/design.md §2.2): what an edit in DataHub's UI or API changes is
 * stored apart from what ingestion wrote, and reads combine them — an edited description wins over the
 * ingested one; a column's tags and terms are the ingested ones and the edited ones together.
 * (Deprecation that always reads is effectiveDeprecation in deprecation.ts.)
 */
import type { GlobalTags } from '../../model/aspects/globalTags.ts';

/**
 * The edited text when there is one, else the ingested one. An emptied edit (`""`, what
 * `updateDescription` with an empty text and mcp-server-datahub's `update_description remove` store)
 * is no edit: DataHub's UI shows `editableProperties.description || properties.description`, and the
 * same for a column, so the ingested text shows again.
 */
export function effectiveDescription(
  edited: string | null | undefined,
  ingested: string | null | undefined,
): string | null {
  return edited ? edited : (ingested ?? edited ?? null);
}

export type TermsValue = { terms?: Array<{ urn: string }> };

export function mergeTags(a: GlobalTags | undefined, b: GlobalTags | undefined): GlobalTags | undefined {
  if (!a && !b) return undefined;
  const tags = [...(a?.tags ?? [])];
  for (const t of b?.tags ?? []) if (!tags.some((x) => x.tag === t.tag)) tags.push(t);
  return { tags };
}

/** A column's effective terms: ingested ones, then edited ones not already there (as for tags). */
export function mergeTerms(ingested: TermsValue | undefined, edited: TermsValue | undefined): TermsValue | undefined {
  if (!ingested && !edited) return undefined;
  const terms = [...(ingested?.terms ?? [])];
  for (const t of edited?.terms ?? []) if (!terms.some((x) => x.urn === t.urn)) terms.push(t);
  return { ...(edited ?? ingested), terms };
}
