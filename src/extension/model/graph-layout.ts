// Layout of the call graph webview (issue 8 item 5). No graphology layout package is installed
// (only graphology, -shortest-path, -traversal), and a call graph reads best top-down anyway: a
// layered (Sugiyama-style) layout with the layer = depth from a root (004 IV-F), the order inside a
// layer improved by a few barycenter sweeps. Pure: StaticAnalysis + report in, positioned nodes out.
import type { StaticAnalysis } from '../../core/static/static-types.js';
import type { RankedPosition } from './report-model.js';

export interface LayoutNode {
  id: string;
  name: string;
  file: string;
  line: number;
  x: number;
  y: number;
  depth: number | null;
  /** Failure flag, when a position or its invariants give one. */
  flags?: { EN: number; EX: number };
  /** Best rank of a shown position that is this function. */
  rank?: number;
  confirmed?: boolean;
}

export interface LayoutEdge {
  from: string;
  to: string;
}

export interface GraphLayout {
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  width: number;
  height: number;
}

export const NODE_WIDTH = 180;
export const NODE_HEIGHT = 34;
const GAP_X = 30;
const GAP_Y = 70;
const SWEEPS = 4;

export function layoutCallGraph(analysis: StaticAnalysis, ranked: RankedPosition[] = []): GraphLayout {
  const ids = new Set(analysis.nodes.map((n) => n.id));
  const edges = analysis.edges.filter((e) => ids.has(e.from) && ids.has(e.to) && e.from !== e.to);
  const maxDepth = Math.max(-1, ...Object.values(analysis.depth));
  // Unreachable functions (no depth) go in one layer below the rest.
  const layerOf = (id: string) => analysis.depth[id] ?? maxDepth + 1;
  const layers: string[][] = [];
  for (const n of analysis.nodes) (layers[layerOf(n.id)] ??= []).push(n.id);
  for (let i = 0; i < layers.length; i++) layers[i] ??= [];
  for (const layer of layers) layer.sort();

  const callers = new Map<string, string[]>();
  const callees = new Map<string, string[]>();
  for (const e of edges) {
    (callers.get(e.to) ?? callers.set(e.to, []).get(e.to)!).push(e.from);
    (callees.get(e.from) ?? callees.set(e.from, []).get(e.from)!).push(e.to);
  }
  const position = new Map<string, number>();
  const index = () => layers.forEach((layer) => layer.forEach((id, i) => position.set(id, i)));
  index();
  const barycenter = (id: string, neighbours: Map<string, string[]>) => {
    const near = (neighbours.get(id) ?? []).map((n) => position.get(n)!).filter((p) => p !== undefined);
    return near.length ? near.reduce((a, b) => a + b, 0) / near.length : position.get(id)!;
  };
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    const down = sweep % 2 === 0;
    const order = down ? layers.keys() : [...layers.keys()].reverse();
    for (const i of order) {
      const neighbours = down ? callers : callees;
      const keyed = layers[i].map((id) => ({ id, key: barycenter(id, neighbours) }));
      keyed.sort((a, b) => a.key - b.key || a.id.localeCompare(b.id));
      layers[i] = keyed.map((k) => k.id);
      index();
    }
  }

  const widest = Math.max(1, ...layers.map((l) => l.length));
  const width = widest * (NODE_WIDTH + GAP_X) + GAP_X;
  const byId = new Map(analysis.nodes.map((n) => [n.id, n]));
  const flagsOf = flagsByFunction(ranked);
  const nodes: LayoutNode[] = [];
  layers.forEach((layer, depth) => {
    const offset = (width - layer.length * (NODE_WIDTH + GAP_X) + GAP_X) / 2;
    layer.forEach((id, i) => {
      const n = byId.get(id)!;
      const info = flagsOf.get(id) ?? flagsOf.get(n.name);
      nodes.push({
        id,
        name: n.name,
        file: n.file,
        line: n.line,
        x: offset + i * (NODE_WIDTH + GAP_X),
        y: GAP_Y / 2 + depth * (NODE_HEIGHT + GAP_Y),
        depth: analysis.depth[id] ?? null,
        ...info,
      });
    });
  });
  return { nodes, edges: edges.map((e) => ({ from: e.from, to: e.to })), width, height: layers.length * (NODE_HEIGHT + GAP_Y) + GAP_Y / 2 };
}

/** Per function (id and name): its failure flag and best rank among the shown positions; the
 *  callee of a `between` position counts, as does a function that only has invariants in one. */
function flagsByFunction(ranked: RankedPosition[]): Map<string, { flags?: { EN: number; EX: number }; rank?: number; confirmed?: boolean }> {
  const out = new Map<string, { flags?: { EN: number; EX: number }; rank?: number; confirmed?: boolean }>();
  for (const r of ranked) {
    const p = r.position;
    for (const key of [p.id, p.function]) {
      if (!key) continue;
      const had = out.get(key);
      if (!had || had.rank === undefined || r.rank < had.rank) out.set(key, { flags: p.flags, rank: r.rank, confirmed: p.confirmed });
    }
  }
  return out;
}

/** Fill class of a node in the webview (media/graph.css): by failure flag (004 IV-F). */
export function flagClass(flags?: { EN: number; EX: number }): string {
  if (!flags) return 'flag-none';
  return `flag-${flags.EN}${flags.EX}`;
}
