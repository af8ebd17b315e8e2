/**
 * Validation rules that bound what one GraphQL document may ask: selection depth and field count
 * (fragments expanded, as DataHub's MaxQueryDepth/MaxQueryComplexity instrumentations count them),
 * and the size of list and string literals. Each message keeps graphql-java's wording where DataHub
 * has one and names the `catalog serve` flag that sets the limit.
 */
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';
import type { ServerLimits } from '../context.ts';

interface Measure {
  depth: number;
  fields: number;
}

function measure(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>, level: number): Measure {
  let depth = level;
  let fields = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      fields++;
      if (sel.selectionSet) {
        const inner = measure(sel.selectionSet, fragments, seen, level + 1);
        depth = Math.max(depth, inner.depth);
        fields += inner.fields;
      } else {
        depth = Math.max(depth, level + 1);
      }
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const inner = measure(sel.selectionSet, fragments, seen, level);
      depth = Math.max(depth, inner.depth);
      fields += inner.fields;
    } else {
      const name = sel.name.value;
      const fragment = fragments.get(name);
      // A cycle is reported by graphql-js' own NoFragmentCyclesRule; do not follow it.
      if (!fragment || seen.has(name)) continue;
      seen.add(name);
      const inner = measure(fragment.selectionSet, fragments, seen, level);
      seen.delete(name);
      depth = Math.max(depth, inner.depth);
      fields += inner.fields;
    }
  }
  return { depth, fields };
}

export function limitRules(limits: ServerLimits): ValidationRule[] {
  const rule = (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    return {
      OperationDefinition(node) {
        const m = measure(node.selectionSet, fragments, new Set(), 0);
        if (m.depth > limits.maxQueryDepth) {
          context.reportError(new GraphQLError(`maximum query depth exceeded ${m.depth} > ${limits.maxQueryDepth} (--max-query-depth)`, { nodes: [node] }));
        }
        if (m.fields > limits.maxQueryComplexity) {
          context.reportError(new GraphQLError(`maximum query complexity exceeded ${m.fields} > ${limits.maxQueryComplexity} (--max-query-complexity)`, { nodes: [node] }));
        }
      },
      ListValue(node) {
        if (node.values.length > limits.maxBatchItems) {
          context.reportError(new GraphQLError(`a list of ${node.values.length} items is over the limit of ${limits.maxBatchItems} per request (--max-batch-items)`, { nodes: [node] }));
        }
      },
      StringValue(node) {
        if (node.value.length > limits.maxStringLength) {
          context.reportError(new GraphQLError(`a string of ${node.value.length} characters is over the limit of ${limits.maxStringLength} (--max-string-length)`, { nodes: [node] }));
        }
      },
    };
  };
  return [rule];
}
