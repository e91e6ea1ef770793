// 004 IV-F: failure flags, the depth-first search over the static call graph, and the candidate set.
//
// The DFS starts at each root and looks at every call edge f_j → f_i of the functions it expands
// (every function is expanded at most once; the records do not depend on the visiting order):
//   (0,?) → (1,1)  case 1: record the position between f_j::ENTER and f_i::ENTER; stop on f_i.
//   (0,?) → (1,0)  case 2: the same, and record f_i itself as a likely deadlock; stop on f_i.
//   (0,?) → (0,1)  case 3: record f_i; continue below it.
//   otherwise      (0,?) → (0,0): record nothing; continue below f_i.
// A function with EN = 1 is never expanded, so the parent of every edge looked at has EN = 0, as
// the paper's "(0,?) →" assumes — except a root: the paper only says what to do when EN_root = 0
// (and never records the root itself: "we obtain nothing since it is the root function"). When a
// root already has failure invariants at its ENTER we record the root (case 'root', depth 0, so
// S_rate 0: last) and stop there, as cases 1 and 2 stop at the first function entered with
// failure invariants — the component was infected before it started, and nothing below can be
// told apart.
// Candidates: every function on the graph (reachable from a root) with flag (1,1) that ran more
// than once in at least one integration run. They may repeat a function that is also the f_i of
// a `between` position (004 Table XI lists Chopstick.pickedown both ways).

import type { LocalizeGraph } from './graph.js';
import type { FailureFlag, PositionCase, ReducedFunction } from './localize-types.js';

export interface RawPosition {
  kind: 'function' | 'between' | 'candidate' | 'violation';
  /** f_i's node id. */
  id: string;
  /** f_j's node id, for `between`; for `function` (case 3/2) the parent the DFS came from. */
  parent?: string;
  case: PositionCase;
}

export const NO_FLAG: FailureFlag = { EN: 0, EX: 0 };

export function failureFlag(f: Pick<ReducedFunction, 'En' | 'Ex'>): FailureFlag {
  return { EN: f.En.length ? 1 : 0, EX: f.Ex.length ? 1 : 0 };
}

/** The DFS of 004 IV-F plus the candidate set. `flags` is keyed by node id (missing = (0,0));
 *  `many` holds the ids invoked more than once in some integration run. */
export function searchPositions(graph: LocalizeGraph, flags: Map<string, FailureFlag>, many: Set<string>): RawPosition[] {
  const flagOf = (id: string) => flags.get(id) ?? NO_FLAG;
  const out: RawPosition[] = [];
  const recorded = new Map<string, RawPosition>();
  // A function reached from several parents is recorded once; the parent its reason names is the
  // shallowest, then the first by name — not whichever edge the search happened to take first.
  const better = (a: string, b: string) => {
    const da = graph.depth.get(a) ?? Infinity;
    const db = graph.depth.get(b) ?? Infinity;
    return da !== db ? da < db : graph.name(a) < graph.name(b);
  };
  const record = (p: RawPosition) => {
    const key = `${p.kind}\u0000${p.kind === 'between' ? p.parent : ''}\u0000${p.id}`;
    const seen = recorded.get(key);
    if (!seen) {
      recorded.set(key, p);
      out.push(p);
    } else if (p.parent !== undefined && seen.parent !== undefined && better(p.parent, seen.parent)) seen.parent = p.parent;
  };
  const expanded = new Set<string>();
  for (const root of graph.roots) if (flagOf(root).EN === 1) record({ kind: 'function', id: root, case: 'root' });
  // Depth-first with a stack (deep graphs do not overflow it), roots and children in input order.
  const pending = graph.roots.filter((root) => flagOf(root).EN === 0).reverse();
  while (pending.length) {
    const fj = pending.pop()!;
    if (expanded.has(fj)) continue;
    expanded.add(fj);
    const children: string[] = [];
    for (const fi of graph.callees.get(fj) ?? []) {
      const g = flagOf(fi);
      if (g.EN === 1) {
        const deadlock = g.EX === 0;
        record({ kind: 'between', id: fi, parent: fj, case: deadlock ? 'case2' : 'case1' });
        if (deadlock) record({ kind: 'function', id: fi, parent: fj, case: 'case2' });
        continue;
      }
      if (g.EX === 1) record({ kind: 'function', id: fi, parent: fj, case: 'case3' });
      children.push(fi);
    }
    for (let i = children.length - 1; i >= 0; i--) if (!expanded.has(children[i])) pending.push(children[i]);
  }
  for (const id of graph.nodes.keys()) {
    const f = flagOf(id);
    if (f.EN === 1 && f.EX === 1 && many.has(id) && graph.depth.has(id)) record({ kind: 'candidate', id, case: 'candidate' });
  }
  return out;
}
