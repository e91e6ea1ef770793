// Localization (issue 7; 004 IV-B..IV-F) as pure functions over plain JSON: reduce the failure
// invariants per function, set the failure flags, search the static call graph for suspicious
// positions, and rank them by S_rate with documented tie rules. No I/O.

import { LocalizeGraph, writesFromAccessMaps } from './graph.js';
import type { FailureFlag, FunctionFlags, LocalizeInput, LocalizeResult, PositionSchedule, ReducedFunction } from './localize-types.js';
import { callOrders, invokedMoreThanOnce } from './order.js';
import { classifyNoise } from './noise.js';
import { rankPositions } from './rank.js';
import { reduceInvariants } from './reduce.js';
import { failureFlag, searchPositions } from './search.js';

export type * from './localize-types.js';
export { LocalizeGraph, writesFromAccessMaps } from './graph.js';
export { CONFIRMING_STEPS, implicatedBy } from './confirm.js';
export { interleavingOf, regionFunctions, storyOf } from './interleaving.js';
export { betweenDepth, betweenOrder, callOrders, invokedMoreThanOnce, suspiciousRate } from './order.js';
export { rankPositions, sameScore, writtenByInvariants } from './rank.js';
export { DEFAULT_TYPES, formatFailureInvariant, invariantKey, parsePoint, reduceInvariants, stripOrig } from './reduce.js';
export { failureFlag, searchPositions } from './search.js';
export { baseVariable, classifyNoise, fixtureVariables, NODE_INTERNAL_FIELDS, NOISE_RULES, noiseCounts, noiseOf, suiteConstants } from './noise.js';
export type { FixtureVariable, NoiseInvariant, NoiseOptions, NoiseRule } from './noise.js';

/** 004's algorithm "Detect Suspicious Positions": inv_Reduction, DFS_Traverse, cal_susp_rate —
 *  after the noise stage (noise.ts), which keeps fixture noise out of all three. */
export function localize(input: LocalizeInput): LocalizeResult {
  const graph = new LocalizeGraph(input.analysis);
  const resolve = (name: string) => graph.resolve(name) ?? name;
  const { kept, noise } = classifyNoise(input.failureInvariants, input.options?.noise);
  const reduced = reduceInvariants(kept, graph, input.options);

  const byId = new Map<string, ReducedFunction>();
  const flagsById = new Map<string, FailureFlag>();
  const flags: FunctionFlags[] = [];
  const unreached: string[] = [];
  for (const f of reduced) {
    const flag = failureFlag(f);
    flags.push({ function: f.function, ...(f.id ? { id: f.id } : {}), ...flag });
    if (f.id) {
      byId.set(f.id, f);
      flagsById.set(f.id, flag);
    }
    if ((flag.EN || flag.EX) && (!f.id || !graph.depth.has(f.id))) unreached.push(f.function);
  }

  const orders = callOrders(input.callOrders, resolve);
  const many = invokedMoreThanOnce(input.callOrders, resolve);
  const maxCalls = new Map<string, number>();
  for (const run of input.callOrders) {
    const perRun = new Map<string, number>();
    for (const { function: fn, orders: o } of run) perRun.set(resolve(fn), (perRun.get(resolve(fn)) ?? 0) + o.length);
    for (const [id, n] of perRun) maxCalls.set(id, Math.max(maxCalls.get(id) ?? 0, n));
  }

  const raw = searchPositions(graph, flagsById, many);
  // A function a real violation interrupted mid-update, or one waiting in a real deadlock's
  // cycle, is a position even without failure invariants (confirm.ts): the invariants may simply
  // not have seen the bad state, and a deadlocked run never reaches the EXIT points it would be
  // compared at.
  // Issue 14: every function a violation implicates is a position, with or without failure
  // invariants — a failing run is the strongest evidence there is.
  const named = new Set(raw.flatMap((r) => [r.id]));
  // Issue 30: a function owning an access pattern failing runs show ran in those failing runs —
  // implicated like the functions a violation's story names, and ranked by that evidence first.
  const schedule = new Map<string, PositionSchedule>();
  for (const e of input.scheduleEvidence ?? []) {
    const id = graph.resolve(e.function);
    if (id && !schedule.has(id)) schedule.set(id, e.schedule);
  }
  // Schedule isolation (Choi & Zeller): the function the critical preemption suspended.
  const isolated = new Map<string, string>();
  let isolatedId = input.isolated ? graph.resolve(input.isolated.function) : undefined;
  if (isolatedId) {
    // The preemption suspended a function inside a larger region when a caller of it owns a region
    // a real violation split, or failing runs show a caller's access pattern at least as strongly:
    // then the split region is that caller's (an atomic set across two calls — copyFrom over
    // setEqChk and setEqSav, suspended in setEqChk). The nearest (deepest) such caller ranks first.
    const own = schedule.get(isolatedId);
    const enclosing = [...(input.regionOwners ?? []).map(resolve), ...[...schedule].filter(([, e]) => !own || e.suspiciousness >= own.suspiciousness).map(([id]) => id)]
      .filter((id) => id !== isolatedId && graph.depth.has(id) && calls(graph, id, isolatedId!));
    if (enclosing.length) isolatedId = enclosing.sort((a, b) => (graph.depth.get(b) ?? 0) - (graph.depth.get(a) ?? 0) || (a < b ? -1 : 1))[0];
    // Isolation lifts a function that owns racing accesses (a region owner, a function caught
    // mid-update, a conflicting writer, an access pattern of failing runs), never a mere caller of
    // one: a suspended caller (SetThread.run over SetCheck.set) hands the place to the function it
    // calls that owns them, and without such a function the ranking stays as it was.
    const owning = [...(input.regionOwners ?? []), ...(input.interrupted ?? []), ...(input.conflictingWriters ?? [])].map(resolve);
    const ownsAccesses = (id: string) => owning.includes(id) || schedule.has(id);
    if (!ownsAccesses(isolatedId)) {
      const inside = [...new Set([...owning, ...schedule.keys()])].filter((id) => graph.depth.has(id) && calls(graph, isolatedId!, id));
      const strength = (id: string) => ((input.regionOwners ?? []).map(resolve).includes(id) ? 2 : 0) + (schedule.get(id)?.suspiciousness ?? 0);
      isolatedId = inside.sort((a, b) => strength(b) - strength(a) || (a < b ? -1 : 1))[0];
    }
  }
  if (isolatedId && input.isolated) isolated.set(isolatedId, input.isolated.text);
  const implicated = [...isolated.keys(), ...schedule.keys(), ...(input.regionOwners ?? []), ...(input.conflictingWriters ?? []), ...(input.interrupted ?? []), ...(input.deadlocked ?? []), ...(input.confirmed ?? [])];
  for (const f of implicated) {
    const id = graph.resolve(f);
    if (id && !named.has(id) && graph.depth.has(id)) {
      raw.push({ kind: 'violation', id, case: 'violation' });
      named.add(id);
    }
  }
  const writes = input.writes ?? writesFromAccessMaps(input.analysis.classes ?? []);
  const confirmed = new Set([...(input.confirmed ?? []), ...(input.regionOwners ?? []), ...(input.conflictingWriters ?? []), ...schedule.keys(), ...isolated.keys()].map(resolve));
  const asCaller = new Set((input.confirmedAsCaller ?? []).map(resolve));
  const positions = rankPositions(raw, { graph, reduced: byId, flags: flagsById, orders, confirmed, asCaller, writes, maxCalls, schedule, isolated, confirmedFirst: input.options?.confirmedFirst ?? true, interrupted: new Set((input.interrupted ?? []).map(resolve)), owners: new Set((input.regionOwners ?? []).map(resolve)), breaks: input.regionBreaks, leaks: input.leakedLocks, writers: new Set((input.conflictingWriters ?? []).map(resolve)), threw: new Set((input.threw ?? []).map(resolve)), scheduleWrites: input.scheduleWrites ?? {}, deadlocked: new Set((input.deadlocked ?? []).map(resolve)), noRunStalled: input.noRunStalled });
  return { positions, reduced, flags, unreached, noise };
}

/** Whether `from` calls `to`, directly or through other calls (the call graph's edges only). */
function calls(graph: LocalizeGraph, from: string, to: string): boolean {
  const seen = new Set<string>([from]);
  const stack = [...(graph.callees.get(from) ?? [])];
  while (stack.length) {
    const n = stack.pop()!;
    if (n === to) return true;
    if (seen.has(n)) continue;
    seen.add(n);
    stack.push(...(graph.callees.get(n) ?? []));
  }
  return false;
}
