// Builders for localize tests: failure invariants written the way 004's tables print them
// (`<reference, online>` at a program point), and minimal call graphs.
import type { DiffType, FailureInvariant, Invariant, InvariantArity } from '../../src/core/invariants/invariant-types.ts';
import type { CallGraphInput, RunCallOrders } from '../../src/core/localize/index.ts';

const ARITY: Record<number, InvariantArity> = { 0: 'nullary', 1: 'unary', 2: 'binary', 3: 'ternary' };
const TYPE: Record<InvariantArity, DiffType> = { nullary: 'NInt', unary: 'UInt', binary: 'Bin', ternary: 'Ter' };

/** Daikon variables of a printed invariant: `this.xx`, `orig(this.z)`, `return`. */
export function varsOf(text: string): string[] {
  const vars = text.match(/orig\([^()]+\)|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|\breturn\b/g) ?? [];
  return [...new Set(vars)];
}

function invariant(point: string, text: string, extra: Partial<Invariant>): Invariant {
  const vars = varsOf(text);
  const arity = ARITY[Math.min(vars.length, 3)];
  return { point, vars, kind: 'Test', text, params: [text], samples: 20, confidence: 0.9999, justified: true, arity, interesting: true, ...extra };
}

/** `<reference, online>` at `point`, as 004 prints failure invariants (null = missing). */
export function fi(point: string, reference: string | null, online: string | null, extra: Partial<Invariant> = {}): FailureInvariant {
  const ref = reference === null ? null : invariant(point, reference, extra);
  const onl = online === null ? null : invariant(point, online, extra);
  const inv = (ref ?? onl)!;
  const relationship = ref && onl ? 'DJJ' : ref ? 'JM' : 'MJ';
  const arity = inv.arity;
  const type: DiffType = arity === 'unary' || arity === 'nullary' ? (inv.interesting ? TYPE[arity] : arity === 'unary' ? 'U!Int' : 'N!Int') : TYPE[arity];
  return { point, vars: [...inv.vars], reference: ref, online: onl, relationship, type };
}

/** A graph from `caller -> callee` lines; node ids are the names; roots are given. */
export function graph(roots: string[], arrows: string[], calledAfter: [string, string][] = []): CallGraphInput {
  const nodes: string[] = [...roots];
  const edges: { from: string; to: string }[] = [];
  for (const a of arrows) {
    const [from, to] = a.split('->').map((s) => s.trim());
    for (const n of [from, to]) if (!nodes.includes(n)) nodes.push(n);
    edges.push({ from, to });
  }
  return { nodes, edges, roots, calledAfter: calledAfter.map(([before, after]) => ({ before, after })) };
}

/** One run's call orders from `{ fn: [orders] }`. */
export function run(orders: Record<string, number[]>): RunCallOrders {
  return Object.entries(orders).map(([fn, o]) => ({ function: fn, orders: o }));
}

/** `<ref, online>` texts of failure invariants, for comparing with the papers' tables. */
export function texts(list: FailureInvariant[]): string[] {
  return list.map((p) => `<${p.reference?.text ?? 'null'}, ${p.online?.text ?? 'null'}>`);
}
