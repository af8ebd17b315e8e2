/**
 * Schema fields as a tree. DataHub's field paths nest with dots (`shipment_info.date`), and its v2
 * paths add `[version=2.0]`, `[type=…]` and `[key=…]` segments that are not names; the tree is built
 * on the path without them, as DataHub's UI shows it. Pure functions, no DOM: tested on their own.
 */

export interface TreeField {
  fieldPath: string;
}

export interface TreeRow<F extends TreeField> {
  field: F;
  /** The path without v2 segments: what a person reads. */
  path: string;
  /** The last part of `path`. */
  name: string;
  depth: number;
  /** Field path of the parent row, if any. */
  parent?: string;
  childCount: number;
}

/** `[version=2.0].[type=struct].address.[type=string].city` → `address.city`. */
export function simplifyFieldPath(fieldPath: string): string {
  if (!fieldPath.startsWith('[')) return fieldPath;
  // A bracketed segment may itself hold dots (`[version=2.0]`).
  return (fieldPath.match(/\[[^\]]*\]|[^.]+/g) ?? []).filter((part) => !part.startsWith('[')).join('.');
}

/**
 * All fields in tree order (each parent followed by its children, siblings in the order given). A
 * field whose parent path is not itself a field hangs from the nearest ancestor that is, or is a root.
 */
export function buildTree<F extends TreeField>(fields: readonly F[]): TreeRow<F>[] {
  const byPath = new Map<string, F>();
  for (const f of fields) {
    const p = simplifyFieldPath(f.fieldPath);
    if (!byPath.has(p)) byPath.set(p, f);
  }
  const children = new Map<string, F[]>();
  const roots: F[] = [];
  const parentOf = new Map<F, string>();
  for (const f of fields) {
    const parts = simplifyFieldPath(f.fieldPath).split('.');
    let parent: F | undefined;
    for (let i = parts.length - 1; i > 0 && !parent; i--) {
      const candidate = byPath.get(parts.slice(0, i).join('.'));
      if (candidate && candidate !== f) parent = candidate;
    }
    if (parent) {
      parentOf.set(f, parent.fieldPath);
      const list = children.get(parent.fieldPath) ?? [];
      list.push(f);
      children.set(parent.fieldPath, list);
    } else roots.push(f);
  }
  const out: TreeRow<F>[] = [];
  const seen = new Set<F>();
  const walk = (f: F, depth: number) => {
    if (seen.has(f)) return;
    seen.add(f);
    const path = simplifyFieldPath(f.fieldPath);
    const kids = children.get(f.fieldPath) ?? [];
    const parent = parentOf.get(f);
    out.push({
      field: f,
      path,
      name: path.split('.').pop() || path,
      depth,
      childCount: kids.length,
      ...(parent ? { parent } : {}),
    });
    for (const k of kids) walk(k, depth + 1);
  };
  for (const r of roots) walk(r, 0);
  return out;
}

/**
 * The rows to show: those matching `matches` (all when it is undefined) plus their ancestors, minus
 * the descendants of collapsed rows. An ancestor of a match is shown even when collapsed.
 */
export function visibleRows<F extends TreeField>(
  rows: readonly TreeRow<F>[],
  collapsed: ReadonlySet<string>,
  matches?: (row: TreeRow<F>) => boolean,
): TreeRow<F>[] {
  const byPath = new Map(rows.map((r) => [r.field.fieldPath, r]));
  let keep: Set<string> | undefined;
  if (matches) {
    keep = new Set();
    for (const r of rows) {
      if (!matches(r)) continue;
      let cur: TreeRow<F> | undefined = r;
      while (cur && !keep.has(cur.field.fieldPath)) {
        keep.add(cur.field.fieldPath);
        cur = cur.parent ? byPath.get(cur.parent) : undefined;
      }
    }
  }
  return rows.filter((r) => {
    if (keep && !keep.has(r.field.fieldPath)) return false;
    if (keep) return true;
    for (let p = r.parent; p; p = byPath.get(p)?.parent) if (collapsed.has(p)) return false;
    return true;
  });
}
