// What the real violations of the scheduled runs say about functions, as localize() takes it: the
// functions each violation implicates (confirm.ts), the atomic region it interrupted with its
// owner and the conflicting writer (interleaving.ts), a lock its holder leaked, the functions that
// threw, and the deadlock cycles. Plain JSON in and out, no I/O.
import type { Violation } from '../active/violation.js';
import type { StaticAnalysis } from '../static/static-types.js';
import { implicatedBy, writesBeforeFailure } from './confirm.js';
import { interleavingOf, leakedLock, leakText, regionFunctions, separatorText, type Interleaving, type InterleavingInput } from './interleaving.js';
import type { LocalizeInput } from './localize-types.js';

/** The evidence sets, named as localize() takes them (localize-types.ts says what each means). */
export type EvidenceSets = Required<Pick<LocalizeInput, 'confirmed' | 'confirmedAsCaller' | 'interrupted' | 'deadlocked' | 'regionOwners' | 'regionBreaks' | 'leakedLocks' | 'conflictingWriters' | 'threw' | 'scheduleWrites'>>;

/** One violation as the evidence read it, for the report's account of it. */
export interface ExplainedViolation {
  violation: Violation;
  /** What interleaving.ts read: the violation and the functions configured atomic. */
  input: InterleavingInput;
  interleaving?: Interleaving;
  /** The functions it implicates (confirm.ts), with the region's owner and writer. */
  implicated: string[];
}

/** The evidence sets of the violations, in the order they were found, and each violation explained.
 *  `graph`: the static call graph (callers and callees by display name); `atomic`: the config's. */
export function evidenceSets(violations: Violation[], graph: Pick<StaticAnalysis, 'nodes' | 'edges'> & Partial<Pick<StaticAnalysis, 'classes'>>, atomic: string[] | undefined): { sets: EvidenceSets; explained: ExplainedViolation[] } {
  const touched = new Set<string>();
  const interrupted = new Set<string>();
  const deadlocked = new Set<string>();
  /** Confirmed functions some violation names itself (not only as a caller of what it names). */
  const named = new Set<string>();
  const names = new Map(graph.nodes.map((n) => [n.id, n.name]));
  const callersOf = new Map<string, string[]>();
  const calleesOf = new Map<string, string[]>();
  for (const e of graph.edges) {
    const to = names.get(e.to);
    const from = names.get(e.from);
    if (!to || !from) continue;
    callersOf.set(to, [...(callersOf.get(to) ?? []), from]);
    calleesOf.set(from, [...(calleesOf.get(from) ?? []), to]);
  }
  const owners = new Set<string>();
  const breaks: Record<string, string> = {};
  const leaks: Record<string, string> = {};
  const writers = new Set<string>();
  const threw = new Set<string>();
  const wrote = new Map<string, Set<string>>();
  const members = new Set((graph.classes ?? []).flatMap((c) => c.vars));
  const explained: ExplainedViolation[] = [];
  for (const violation of violations) {
    // confirm.ts: every real violation implicates the functions its failing interleaving ran.
    const implicated = implicatedBy(violation, (f) => callersOf.get(f) ?? [], (f) => calleesOf.get(f) ?? []);
    // interleaving.ts: the region the violation interrupted, its owner and the conflicting writer.
    const input: InterleavingInput = { kind: violation.kind, schedule: violation.schedule, message: violation.message, frames: violation.frames, atomic };
    const interleaving = interleavingOf(input);
    const region = regionFunctions(interleaving);
    // A hang on a lock its holder never released (it threw with no finally): the holder owns it.
    const leak = region.owner ? undefined : leakedLock(input);
    if (leak && !leak.acquired.function.startsWith('(')) {
      region.owner = leak.acquired.function;
      leaks[region.owner] ??= leakText(leak);
    }
    // assetfuzzer: the realised pattern names its unit of work u (whose atomicity broke) and the
    // interfering u' directly (001 §3.1).
    if (violation.serializability) {
      region.owner ??= violation.serializability.units[0];
      region.writer ??= violation.serializability.units[1];
    }
    for (const f of [region.owner, region.writer]) if (f && !implicated.touched.includes(f)) implicated.touched = [...implicated.touched, f].sort();
    if (region.owner) {
      owners.add(region.owner);
      const separator = interleaving && interleaving.region.owner === region.owner ? separatorText(interleaving.region) : undefined;
      if (separator) breaks[region.owner] ??= separator;
      named.add(region.owner);
    }
    if (region.writer) {
      writers.add(region.writer);
      named.add(region.writer);
    }
    for (const s of violation.schedule) if (s.event.startsWith('throws ') && !s.function.startsWith('(')) threw.add(s.function);
    for (const f of implicated.touched) touched.add(f);
    for (const [f, vars] of Object.entries(writesBeforeFailure(violation, members))) for (const v of vars) wrote.set(f, (wrote.get(f) ?? new Set<string>()).add(v));
    for (const f of implicated.interrupted) interrupted.add(f);
    for (const f of implicated.touched) if (!implicated.callers?.includes(f)) named.add(f);
    if (implicated.basis === 'cycle') for (const f of implicated.touched) deadlocked.add(f);
    explained.push({ violation, input, ...(interleaving ? { interleaving } : {}), implicated: implicated.touched });
  }
  return {
    sets: {
      confirmed: [...touched],
      confirmedAsCaller: [...touched].filter((f) => !named.has(f)),
      interrupted: [...interrupted],
      deadlocked: [...deadlocked],
      regionOwners: [...owners],
      regionBreaks: breaks,
      leakedLocks: leaks,
      conflictingWriters: [...writers],
      threw: [...threw],
      scheduleWrites: Object.fromEntries([...wrote].map(([f, vars]) => [f, [...vars].sort()])),
    },
    explained,
  };
}
