/**
 * Field-level differences between two values of one aspect, walked with the same rules as the merge
 * (`rules.ts`): keyed lists compare element by element (by key, whatever their order), set-like lists
 * by value, records and maps field by field; anything else compares as one value. Audit stamps are
 * left out unless asked for, so two values that differ only in who last touched them show no change.
 *
 * Each change has a JSON form (`op`, `path` in the syntax of `path.ts`, `before`, `after`) and a line
 * for people (`text`), e.g. `+ tag urn:li:tag:pii`, `~ column id › description: "a" → "b"`.
 */
import { isJsonObject } from '../model/json.ts';
import { canonicalJson, deepEqual } from './canonical.ts';
import { indexKeyed } from './merge.ts';
import { formatPath, type PathSegment } from './path.ts';
import { compileRules, MERGE_RULES, type CompiledRules, type MergeRules, type RuleNode } from './rules.ts';

export interface Change {
  op: 'added' | 'removed' | 'changed';
  /** Where, in the syntax of `path.ts`; `''` is the whole aspect. */
  path: string;
  /** The value before (absent for `added`) and after (absent for `removed`). */
  before?: unknown;
  after?: unknown;
  /** The change as one line for people. */
  text: string;
}

/** What the two sides of a diff are called in its lines: `a` (the value before) and `b` (after). */
export interface DiffSides {
  before: string;
  after: string;
}

export interface DiffOptions {
  /** Report changed audit stamps too (default: no). */
  stamps?: boolean;
  /** Name the sides in a changed value's line: `~ description: "a" (team) → "b" (here)`. */
  sides?: DiffSides;
}

interface Ctx {
  rules: CompiledRules;
  stamps: boolean;
  sides: DiffSides | undefined;
  out: Change[];
}

/**
 * What changed from `a` to `b` (`undefined` = the aspect is absent). An aspect present on one side
 * only is one change at the empty path; otherwise the changes are field-level, in `a`'s order, then
 * what `b` added in `b`'s order.
 */
export function diffAspect(
  aspectName: string,
  a: unknown,
  b: unknown,
  rules: MergeRules = MERGE_RULES,
  options: DiffOptions = {},
): Change[] {
  const compiled = compileRules(rules);
  const ctx: Ctx = { rules: compiled, stamps: options.stamps ?? false, sides: options.sides, out: [] };
  walk(a === null ? undefined : a, b === null ? undefined : b, compiled.root(aspectName), [], [], ctx);
  return ctx.out;
}

/** A value in a line of `text`: strings and everything else as JSON, on one line. */
function show(v: unknown): string {
  return JSON.stringify(v) ?? 'null';
}

function emit(
  op: Change['op'],
  before: unknown,
  after: unknown,
  path: PathSegment[],
  words: string[],
  element: boolean,
  ctx: Ctx,
): void {
  const sign = op === 'added' ? '+' : op === 'removed' ? '-' : '~';
  const subject = words.join(' › ');
  // The whole aspect and an element of a labelled list are named; a field shows its value.
  let text: string;
  if (path.length === 0)
    text =
      op === 'changed'
        ? `${sign} (aspect replaced${ctx.sides ? `: ${ctx.sides.before} → ${ctx.sides.after}` : ''})`
        : `${sign} (aspect ${op})`;
  else if (element && op !== 'changed') text = `${sign} ${subject}`;
  else if (op === 'added') text = `${sign} ${subject}: ${show(after)}`;
  else if (op === 'removed') text = `${sign} ${subject}: ${show(before)}`;
  else if (ctx.sides)
    text = `${sign} ${subject}: ${show(before)} (${ctx.sides.before}) → ${show(after)} (${ctx.sides.after})`;
  else text = `${sign} ${subject}: ${show(before)} → ${show(after)}`;
  ctx.out.push({
    op,
    path: formatPath(path),
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
    text,
  });
}

const emptyLike = (v: unknown): unknown => (Array.isArray(v) ? [] : isJsonObject(v) ? {} : undefined);

/** How a key value reads: a string as it is, a list as `[a, b]`, anything else as JSON. */
function keyText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return `[${v.map(keyText).join(', ')}]`;
  return JSON.stringify(v) ?? 'null';
}

/** How an element of a labelled list reads: `owner urn:li:corpuser:ana (DATAOWNER)`. */
function elementWords(label: string, values: unknown[]): string {
  const shown = values.filter((v) => v !== null && v !== undefined).map(keyText);
  const [first, ...rest] = shown;
  return `${label} ${first ?? '(no key)'}${rest.length > 0 ? ` (${rest.join(', ')})` : ''}`;
}

/** The words of an element step: the label and key, or (without a label) the path segment itself. */
function stepWords(words: string[], segment: PathSegment, label: string | undefined, keyValues: unknown[]): string[] {
  if (label !== undefined) return [...words, elementWords(label, keyValues)];
  const seg = formatPath([{ field: 'x' }, segment]).slice(1);
  if (words.length === 0) return [seg];
  return [...words.slice(0, -1), `${words[words.length - 1]}${seg}`];
}

/**
 * `words` is the subject of a change as people read it: one word per labelled element (`column id`),
 * field names joined by dots after it (`source.type`). `element`: the value is a list element.
 */
function walk(
  a: unknown,
  b: unknown,
  node: RuleNode,
  path: PathSegment[],
  words: string[],
  ctx: Ctx,
  element = false,
  lastWordIsField = false,
): void {
  if (deepEqual(a, b)) return;
  if (node.kind === 'stamp' && !ctx.stamps) return;
  if (a === undefined) return emit('added', undefined, b, path, words, element, ctx);
  if (b === undefined) return emit('removed', a, undefined, path, words, element, ctx);
  if (node.kind === 'record' && isJsonObject(a) && isJsonObject(b)) {
    const names = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
    for (const name of names) {
      const child = ctx.rules.field(node, name);
      const declared = node.fields.has(name);
      // A declared labelled list or a quiet wrapper is named by its elements, not by its field name.
      const hidden =
        declared &&
        ((child.kind === 'record' && child.quiet) ||
          ((child.kind === 'keyed' || child.kind === 'set') && child.label !== undefined));
      const seg: PathSegment = { field: name };
      const childWords = hidden
        ? words
        : lastWordIsField
          ? [...words.slice(0, -1), `${words[words.length - 1]}${formatPath([{ field: 'x' }, seg]).slice(1)}`]
          : [...words, formatPath([seg])];
      let [av, bv] = [a[name], b[name]];
      if (hidden) {
        // A list or wrapper read through its elements: one side's absence reads as empty, so that
        // each element shows as added or removed.
        if (av === undefined) av = emptyLike(bv);
        if (bv === undefined) bv = emptyLike(av);
      }
      walk(av, bv, child, [...path, seg], childWords, ctx, false, hidden ? lastWordIsField : true);
    }
    return;
  }
  if (node.kind === 'keyed' && Array.isArray(a) && Array.isArray(b)) {
    const ai = indexKeyed(a, node.key);
    const bi = indexKeyed(b, node.key);
    if (ai && bi) {
      for (const id of new Set([...ai.keys(), ...bi.keys()])) {
        const ae = ai.get(id);
        const be = bi.get(id);
        const segment = (ae ?? be)!.segment;
        const keyValues = 'key' in segment ? node.key.map((k) => segment.key[k]) : [];
        walk(
          ae?.element,
          be?.element,
          node.element,
          [...path, segment],
          stepWords(words, segment, node.label, keyValues),
          ctx,
          true,
          node.label === undefined,
        );
      }
      return;
    }
  }
  if (node.kind === 'set' && Array.isArray(a) && Array.isArray(b)) {
    const ai = new Map(a.map((v) => [canonicalJson(v), v] as const));
    const bi = new Map(b.map((v) => [canonicalJson(v), v] as const));
    for (const [id, v] of ai) if (!bi.has(id)) emitSet('removed', v, node.label, path, words, ctx);
    for (const [id, v] of bi) if (!ai.has(id)) emitSet('added', v, node.label, path, words, ctx);
    return;
  }
  emit('changed', a, b, path, words, element, ctx);
}

function emitSet(
  op: 'added' | 'removed',
  v: unknown,
  label: string | undefined,
  path: PathSegment[],
  words: string[],
  ctx: Ctx,
): void {
  const segment: PathSegment = { value: v };
  emit(
    op,
    op === 'removed' ? v : undefined,
    op === 'added' ? v : undefined,
    [...path, segment],
    stepWords(words, segment, label, [v]),
    true,
    ctx,
  );
}

/** The human form of a list of changes: one line each. */
export function formatChanges(changes: readonly Change[]): string[] {
  return changes.map((c) => c.text);
}
