/**
 * Lays out a lineage graph in columns: upstream entities left of the centre by their distance in
 * hops, downstream ones right, and an edge for every step of every path the server returned
 * (searchAcrossLineage's `paths`, each from the centre outwards). Pure: tested on its own.
 */

export const NODE_W = 200;
export const NODE_H = 56;
export const COL_GAP = 56;
export const ROW_GAP = 14;
/** Most nodes drawn in one column; the rest are counted in `hidden`. */
export const MAX_PER_COLUMN = 40;

export interface LineageHit {
  urn: string;
  degree: number;
  /** Paths from the centre to this entity, both ends included. */
  paths: string[][];
}

export interface PlacedNode {
  urn: string;
  /** Negative: upstream by that many hops; 0: the centre; positive: downstream. */
  column: number;
  x: number;
  y: number;
}

export interface Edge {
  from: string;
  to: string;
  d: string;
}

export interface Layout {
  nodes: PlacedNode[];
  edges: Edge[];
  width: number;
  height: number;
  /** Nodes not drawn per column (over MAX_PER_COLUMN). */
  hidden: Map<number, number>;
}

export function layoutLineage(
  center: string,
  upstream: LineageHit[],
  downstream: LineageHit[],
  maxHops: number,
): Layout {
  const columns = new Map<number, string[]>([[0, [center]]]);
  const columnOf = new Map<string, number>([[center, 0]]);
  const hidden = new Map<number, number>();
  const place = (hits: LineageHit[], sign: 1 | -1) => {
    for (const h of [...hits].sort((a, b) => a.degree - b.degree || (a.urn < b.urn ? -1 : 1))) {
      if (h.degree > maxHops || columnOf.has(h.urn)) continue;
      const col = sign * h.degree;
      const list = columns.get(col) ?? [];
      if (list.length >= MAX_PER_COLUMN) {
        hidden.set(col, (hidden.get(col) ?? 0) + 1);
        continue;
      }
      list.push(h.urn);
      columns.set(col, list);
      columnOf.set(h.urn, col);
    }
  };
  place(upstream, -1);
  place(downstream, 1);

  const cols = [...columns.keys()].sort((a, b) => a - b);
  const minCol = cols[0]!;
  const tallest = Math.max(...[...columns.values()].map((l) => l.length));
  const height = tallest * NODE_H + (tallest - 1) * ROW_GAP;
  const nodes: PlacedNode[] = [];
  const pos = new Map<string, PlacedNode>();
  for (const col of cols) {
    const list = columns.get(col)!;
    const own = list.length * NODE_H + (list.length - 1) * ROW_GAP;
    const top = (height - own) / 2;
    list.forEach((urn, i) => {
      const node = { urn, column: col, x: (col - minCol) * (NODE_W + COL_GAP), y: top + i * (NODE_H + ROW_GAP) };
      nodes.push(node);
      pos.set(urn, node);
    });
  }

  const edges: Edge[] = [];
  const seen = new Set<string>();
  const addEdge = (from: string, to: string) => {
    const a = pos.get(from);
    const b = pos.get(to);
    const key = `${from}\u0000${to}`;
    if (!a || !b || seen.has(key) || a === b) return;
    seen.add(key);
    const x1 = a.x + NODE_W;
    const y1 = a.y + NODE_H / 2;
    const x2 = b.x;
    const y2 = b.y + NODE_H / 2;
    const bend = Math.max(24, (x2 - x1) / 2);
    edges.push({ from, to, d: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}` });
  };
  for (const h of upstream) for (const p of h.paths) for (let i = 0; i + 1 < p.length; i++) addEdge(p[i + 1]!, p[i]!);
  for (const h of downstream) for (const p of h.paths) for (let i = 0; i + 1 < p.length; i++) addEdge(p[i]!, p[i + 1]!);

  const width = cols.length * NODE_W + (cols.length - 1) * COL_GAP;
  return { nodes, edges, width, height, hidden };
}
