/**
 * What one GraphQL request may ask: the executed operation's selection depth and field count
 * (fragments expanded, as DataHub's MaxQueryDepth/MaxQueryComplexity instrumentations count them),
 * and the size of list and string literals. Each message keeps graphql-java's wording where DataHub
 * has one and names the `catalog serve` flag that sets the limit.
 */
import { GraphQLError, Kind, type ASTVisitor, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';
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

/**
 * Depth and complexity of the one operation a request executes (by `operationName`, or the only
 * one), fragments expanded: a document may hold many operations, as DataHub's client files do, and
 * only the one that runs is scored. Returns the errors, empty when within the limits; an unknown
 * operation name is left to graphql-js to report.
 */
export function operationLimitErrors(document: DocumentNode, operationName: string | undefined, limits: ServerLimits): GraphQLError[] {
  // Documents come from the parse cache, so the same (document, operation) is measured once.
  let perOperation = measured.get(document);
  if (!perOperation) measured.set(document, (perOperation = new Map()));
  const key = operationName ?? '';
  let errors = perOperation.get(key);
  if (!errors) perOperation.set(key, (errors = measureOperation(document, operationName, limits)));
  return errors;
}

const measured = new WeakMap<DocumentNode, Map<string, GraphQLError[]>>();

function measureOperation(document: DocumentNode, operationName: string | undefined, limits: ServerLimits): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else if (def.kind === Kind.OPERATION_DEFINITION) operations.push(def);
  }
  const op = operationName === undefined ? (operations.length === 1 ? operations[0] : undefined) : operations.find((o) => o.name?.value === operationName);
  if (!op) return [];
  const m = measure(op.selectionSet, fragments, new Set(), 0);
  const errors: GraphQLError[] = [];
  if (m.depth > limits.maxQueryDepth) {
    errors.push(new GraphQLError(`maximum query depth exceeded ${m.depth} > ${limits.maxQueryDepth} (--max-query-depth)`, { nodes: [op] }));
  }
  if (m.fields > limits.maxQueryComplexity) {
    errors.push(new GraphQLError(`maximum query complexity exceeded ${m.fields} > ${limits.maxQueryComplexity} (--max-query-complexity)`, { nodes: [op] }));
  }
  return errors;
}

/** Validation rules bounding the size of list and string literals anywhere in a document. */
export function limitRules(limits: ServerLimits): ValidationRule[] {
  const rule = (context: ValidationContext): ASTVisitor => ({
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
  });
  return [rule];
}
