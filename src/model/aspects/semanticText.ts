/**
 * semanticText (com.linkedin.common.SemanticText): a curated text that stands in for a document's
 * body when it is embedded for semantic search; GraphQL shows it as `DocumentContent.semanticText`.
 */
import { defineAspect, str, type AspectValue } from './define.ts';

const semanticText = defineAspect({
  name: 'semanticText',
  fqn: 'com.linkedin.common.SemanticText',
  fields: { text: str },
});
export default semanticText;

export type SemanticText = AspectValue<typeof semanticText>;
