/**
 * What one GraphQL request may ask: the executed operation's selection depth and field count
 * (fragments expanded, as DataHub's MaxQueryDepth/MaxQueryComplexity instrumentations count them;
 * see Measurer for abstract types), and the size of list and string literals. Each message keeps graphql-java's wording where DataHub
 * has one and names the `catalog serve` flag that sets the limit.
 */
import {
  getNamedType,
  GraphQLError,
  isAbstractType,
  isInterfaceType,
  isObjectType,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { ServerLimits } from '../context.ts';

interface Measure {
  /** Levels of fields below this selection set (a leaf field is 1). */
  depth: number;
  fields: number;
}

/**
 * Counts what an operation can execute. Fields count once each with everything below them,
 * fragments expanded; where a selection's type is abstract (an interface or union), fragments on
 * different concrete types cannot all apply to one object, so the selection costs what its most
 * expensive concrete type would execute, not the sum over every type it names. A document that asks
 * for many entity types (DataHub's client documents do) is then scored by what one entity costs,
 * while aliases, lists of fields and nesting still add up.
 */
class Measurer {
  private readonly memo = new Map<SelectionSetNode, Map<string, Measure>>();
  private readonly active = new Set<SelectionSetNode>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
  ) {}

  /** The selection set as executed on a value of `type` (any type: abstract ones take the worst case). */
  measure(set: SelectionSetNode, type: GraphQLNamedType | undefined): Measure {
    if (type && isAbstractType(type)) {
      let worst: Measure = { depth: 0, fields: 0 };
      for (const concrete of this.schema.getPossibleTypes(type)) {
        const m = this.measureOn(set, concrete);
        worst = { depth: Math.max(worst.depth, m.depth), fields: Math.max(worst.fields, m.fields) };
      }
      return worst;
    }
    return this.measureOn(set, type);
  }

  private measureOn(set: SelectionSetNode, type: GraphQLNamedType | undefined): Measure {
    const key = type?.name ?? '';
    const cached = this.memo.get(set)?.get(key);
    if (cached) return cached;
    // A cycle is reported by graphql-js' NoFragmentCyclesRule before this runs; never follow one.
    if (this.active.has(set)) return { depth: 0, fields: 0 };
    this.active.add(set);
    let depth = 0;
    let fields = 0;
    const add = (m: Measure) => {
      depth = Math.max(depth, m.depth);
      fields += m.fields;
    };
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const fieldDef =
          type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[sel.name.value] : undefined;
        const inner = sel.selectionSet
          ? this.measure(sel.selectionSet, fieldDef ? getNamedType(fieldDef.type) : undefined)
          : { depth: 0, fields: 0 };
        add({ depth: inner.depth + 1, fields: inner.fields + 1 });
      } else {
        const fragment = sel.kind === Kind.INLINE_FRAGMENT ? sel : this.fragments.get(sel.name.value);
        if (!fragment) continue;
        const condition = fragment.typeCondition ? this.schema.getType(fragment.typeCondition.name.value) : type;
        if (!this.applies(condition, type)) continue;
        add(this.measureOn(fragment.selectionSet, type));
      }
    }
    this.active.delete(set);
    const result = { depth, fields };
    let byType = this.memo.get(set);
    if (!byType) this.memo.set(set, (byType = new Map()));
    byType.set(key, result);
    return result;
  }

  /** Whether a fragment on `condition` applies to a value of `type`. Unknown types: assume it does. */
  private applies(condition: GraphQLNamedType | undefined, type: GraphQLNamedType | undefined): boolean {
    if (!condition || !type || condition === type) return true;
    if (isAbstractType(condition) && isObjectType(type)) return this.schema.isSubType(condition, type);
    return isAbstractType(type) && isObjectType(condition) ? this.schema.isSubType(type, condition) : false;
  }
}

/**
 * Depth and complexity of the one operation a request executes (by `operationName`, or the only
 * one), fragments expanded: a document may hold many operations, as DataHub's client files do, and
 * only the one that runs is scored. Returns the errors, empty when within the limits; an unknown
 * operation name is left to graphql-js to report.
 */
export function operationLimitErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  limits: ServerLimits,
): GraphQLError[] {
  // Documents come from the parse cache, so the same (document, operation) is measured once per limits.
  let byDocument = measured.get(limits);
  if (!byDocument) measured.set(limits, (byDocument = new WeakMap()));
  let perOperation = byDocument.get(document);
  if (!perOperation) byDocument.set(document, (perOperation = new Map()));
  const key = operationName ?? '';
  let errors = perOperation.get(key);
  if (!errors) perOperation.set(key, (errors = measureOperation(schema, document, operationName, limits)));
  return errors;
}

const measured = new WeakMap<ServerLimits, WeakMap<DocumentNode, Map<string, GraphQLError[]>>>();

/** Depth and field count of one operation, as `Measurer` scores it. */
export function measureOperationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  op: OperationDefinitionNode,
): Measure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const root =
    op.operation === 'mutation'
      ? schema.getMutationType()
      : op.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  return new Measurer(schema, fragments).measure(op.selectionSet, root ?? undefined);
}

function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  limits: ServerLimits,
): GraphQLError[] {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const op =
    operationName === undefined
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((o) => o.name?.value === operationName);
  if (!op) return [];
  const m = measureOperationCost(schema, document, op);
  const errors: GraphQLError[] = [];
  if (m.depth > limits.maxQueryDepth) {
    errors.push(
      new GraphQLError(`maximum query depth exceeded ${m.depth} > ${limits.maxQueryDepth} (--max-query-depth)`, {
        nodes: [op],
      }),
    );
  }
  if (m.fields > limits.maxQueryComplexity) {
    errors.push(
      new GraphQLError(
        `maximum query complexity exceeded ${m.fields} > ${limits.maxQueryComplexity} (--max-query-complexity)`,
        { nodes: [op] },
      ),
    );
  }
  return errors;
}

/** Validation rules bounding the size of list and string literals anywhere in a document. */
export function limitRules(limits: ServerLimits): ValidationRule[] {
  const rule = (context: ValidationContext): ASTVisitor => ({
    ListValue(node) {
      if (node.values.length > limits.maxBatchItems) {
        context.reportError(
          new GraphQLError(
            `a list of ${node.values.length} items is over the limit of ${limits.maxBatchItems} per request (--max-batch-items)`,
            { nodes: [node] },
          ),
        );
      }
    },
    StringValue(node) {
      if (node.value.length > limits.maxStringLength) {
        context.reportError(
          new GraphQLError(
            `a string of ${node.value.length} characters is over the limit of ${limits.maxStringLength} (--max-string-length)`,
            { nodes: [node] },
          ),
        );
      }
    },
  });
  return [rule];
}
