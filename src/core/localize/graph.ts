// The call graph as localize sees it: nodes by id, the names that point at them, depths, and the
// "→" relation of 004 eq. (6) (calls and always-called-after facts).

import type { ClassAccessMap } from '../static/static-types.js';
import type { CallGraphInput } from './localize-types.js';

export interface NodeInfo {
  id: string;
  name: string;
  file?: string;
  line?: number;
  kind?: string;
}

export class LocalizeGraph {
  readonly nodes = new Map<string, NodeInfo>();
  /** Call edges, in input order, deduplicated. */
  readonly callees = new Map<string, string[]>();
  /** Call edges and calledAfter facts (eq. (6)'s →). */
  readonly arrows = new Map<string, string[]>();
  readonly roots: string[];
  /** Shortest distance from a root, for the nodes a root reaches. */
  readonly depth: Map<string, number>;
  private sccOf?: Map<string, number>;
  private readonly byName = new Map<string, string[]>();

  constructor(input: CallGraphInput) {
    for (const n of input.nodes) {
      const info: NodeInfo = typeof n === 'string' ? { id: n, name: n } : { id: n.id, name: n.name ?? n.id, file: n.file, line: n.line, kind: n.kind };
      if (this.nodes.has(info.id)) continue;
      this.nodes.set(info.id, info);
      this.callees.set(info.id, []);
      this.arrows.set(info.id, []);
      const same = this.byName.get(info.name) ?? [];
      same.push(info.id);
      this.byName.set(info.name, same);
    }
    const add = (map: Map<string, string[]>, from: string, to: string) => {
      const list = map.get(from);
      if (list && this.nodes.has(to) && !list.includes(to)) list.push(to);
    };
    for (const e of input.edges) {
      add(this.callees, e.from, e.to);
      add(this.arrows, e.from, e.to);
    }
    for (const f of input.calledAfter ?? []) add(this.arrows, f.before, f.after);
    this.roots = input.roots.filter((r) => this.nodes.has(r));
    this.depth = input.depth ? new Map(Object.entries(input.depth).filter(([id]) => this.nodes.has(id))) : this.bfsDepth();
  }

  /** A function as the other inputs name it — node id, display name (when unique), or Daikon's
   *  point base (`file#name`, which is the node id) — to its node id; undefined when not on the graph. */
  resolve(name: string): string | undefined {
    if (this.nodes.has(name)) return name;
    const same = this.byName.get(name);
    return same && same.length === 1 ? same[0] : undefined;
  }

  name(id: string): string {
    return this.nodes.get(id)?.name ?? id;
  }

  /** A class constructor (the static kind, or the `Class.constructor` name the analysis gives it). */
  isConstructor(id: string): boolean {
    const node = this.nodes.get(id);
    return node?.kind !== undefined ? node.kind === 'constructor' : /(^|\.)constructor$/.test(node?.name ?? id);
  }

  /** 004 IV-F: shortest distance from any root (roots 0). */
  private bfsDepth(): Map<string, number> {
    const depth = new Map<string, number>();
    let frontier = [...this.roots];
    for (const r of frontier) depth.set(r, 0);
    for (let d = 1; frontier.length; d++) {
      const next: string[] = [];
      for (const id of frontier)
        for (const c of this.callees.get(id) ?? [])
          if (!depth.has(c)) {
            depth.set(c, d);
            next.push(c);
          }
      frontier = next;
    }
    return depth;
  }

  /** Everything reachable from `id` over eq. (6)'s → (calls and called-after facts), `id` excluded. */
  reachable(id: string): Set<string> {
    const seen = new Set<string>();
    const stack = [...(this.arrows.get(id) ?? [])];
    while (stack.length) {
      const n = stack.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(this.arrows.get(n) ?? []));
    }
    seen.delete(id);
    return seen;
  }

  /** The strongly connected component of each node over →, so that eq. (6) never lets two
   *  functions of one cycle (recursion) strip each other. Tarjan's algorithm, iterative. */
  scc(id: string): number {
    if (!this.sccOf) this.sccOf = this.tarjan();
    return this.sccOf.get(id) ?? -1;
  }

  private tarjan(): Map<string, number> {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const onStack = new Set<string>();
    const stack: string[] = [];
    const comp = new Map<string, number>();
    let next = 0;
    let comps = 0;
    for (const start of this.nodes.keys()) {
      if (index.has(start)) continue;
      const work: { id: string; i: number }[] = [{ id: start, i: 0 }];
      index.set(start, next);
      low.set(start, next++);
      stack.push(start);
      onStack.add(start);
      while (work.length) {
        const top = work[work.length - 1];
        const out = this.arrows.get(top.id) ?? [];
        if (top.i < out.length) {
          const w = out[top.i++];
          if (!index.has(w)) {
            index.set(w, next);
            low.set(w, next++);
            stack.push(w);
            onStack.add(w);
            work.push({ id: w, i: 0 });
          } else if (onStack.has(w)) low.set(top.id, Math.min(low.get(top.id)!, index.get(w)!));
          continue;
        }
        work.pop();
        if (work.length) {
          const parent = work[work.length - 1].id;
          low.set(parent, Math.min(low.get(parent)!, low.get(top.id)!));
        }
        if (low.get(top.id) === index.get(top.id)) {
          let w: string;
          do {
            w = stack.pop()!;
            onStack.delete(w);
            comp.set(w, comps);
          } while (w !== top.id);
          comps++;
        }
      }
    }
    return comp;
  }
}

/** 002 §3.1's M_w turned around: per method display name (`Class.method`), the member variables it
 *  writes — every public method of the class gets an entry, [] for a pure observer. */
export function writesFromAccessMaps(classes: ClassAccessMap[]): Record<string, string[]> {
  const writes: Record<string, string[]> = Object.create(null);
  for (const c of classes) {
    for (const m of c.methods) writes[`${c.name}.${m}`] ??= [];
    for (const [v, methods] of Object.entries(c.writes))
      for (const m of methods) {
        const list = (writes[`${c.name}.${m}`] ??= []);
        if (!list.includes(v)) list.push(v);
      }
  }
  return writes;
}
