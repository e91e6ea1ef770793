// The strategy interface of the controlled scheduler (scheduler.ts): given the continuations that
// are ready to run (parked at an await whose value has settled), pick one. All randomness comes
// from a seeded PRNG, so a strategy and a seed name one schedule (DESIGN §6 "Replay").
//
// Each strategy lives in a file of its own:
// - random.ts: 003 Algorithm 1 (SIMPLEFUZZER) — a uniformly random enabled transition at every state.
// - pct.ts: Burckhardt et al., "A randomized scheduler with probabilistic guarantees of finding bugs"
//   (ASPLOS 2010) — random distinct priorities for the tasks, d − 1 priority change points spread
//   over the expected k steps, always run the highest-priority ready task. For n tasks and k steps
//   it finds a bug of depth d with probability ≥ 1 / (n · k^(d−1)).
// - replay.ts: follows a recorded sequence of choices.
// - systematic.ts: a forced prefix, then Node's own (FIFO) choice; one run of the preemption-bounded
//   search of active/systematic.ts.
// - atomfuzzer.ts: 003 Algorithm 2 (ATOMFUZZER).
// - assetfuzzer.ts: 001 phase II (ASSETFUZZER): realises a potential atomic-set serializability
//   violation found by phase I (core/active/hybrid-analysis.ts).
//
// A strategy that needs more than the ready set (ATOMFUZZER) is told about lock
// acquires/releases, atomic-block entry/exit and field accesses through the optional hooks below,
// and may pause a candidate by not choosing it (`choose` sees every ready candidate, with the lock it is about to
// acquire); when it would pause everything it must still choose one (Alg. 2 lines 30-32).

import type { TraceEvent } from '../trace-events.js';

export interface Candidate {
  /** Park order (smaller parked earlier). Candidates come sorted by it. */
  seq: number;
  /** `<activation>@<site>`: stable across runs that take the same decisions. */
  key: string;
  /** Activation id of the continuation (null: none, module level). */
  activation: number | null;
  site: number;
  /** The task: id of its root activation. */
  task: number | null;
  /** The lock the continuation acquires when it resumes (an `await lock.acquire()`), if any. */
  lock?: number;
  /** A lock request whose critical section cannot suspend (a runExclusive callback that is not
   *  an async function): it holds the lock only for one synchronous segment. */
  short?: boolean;
  /** Its continuation enters an atomic block that can suspend (static lookahead). */
  enters?: boolean;
}

export interface Strategy {
  readonly name: string;
  /** Index into `candidates` (never empty) of the continuation to run at `step` (from 1).
   *  `undefined` only from replay when it cannot follow its record (the scheduler then takes 0
   *  and marks the decision diverged). */
  choose(candidates: readonly Candidate[], step: number): number | undefined;
  // ---- hooks for ATOMFUZZER (not called by random/pct logic; the scheduler calls them) ----
  onLockAcquired?(task: number | null, lock: number): void;
  onLockReleased?(task: number | null, lock: number): void;
  onAtomicEnter?(task: number | null, fn: number): void;
  onAtomicExit?(task: number | null, fn: number): void;
  /** A field access of `task` (object identity `obj`, property `key`) at `site` by activation
   *  `act`; only when `wantsAccesses`. */
  onAccess?(task: number | null, write: boolean, obj: number, key: string, site?: number, act?: unknown): void;
  readonly wantsAccesses?: boolean;
  /** Given the recorder's lookups once the run starts (assetfuzzer matches events by site and
   *  calling context, 001 §4.2.1). */
  bind?(lookup: StrategyLookup): void;
  /** The sched events list every candidate's key (systematic: the driver branches on them). */
  readonly recordsCandidates?: boolean;
  /** Trace events the strategy produced since the last decision (the scheduler writes them). */
  readonly events?: TraceEvent[];
}

/** What the recorder tells a strategy about sites and activations. */
export interface StrategyLookup {
  /** `file:line:col` of a site index. */
  siteKey(site: number): string | undefined;
  /** The calling-context hash of an activation (runtime/calling-context.ts). */
  context(act: unknown): string;
}

/** mulberry32: a small, fast, deterministic 32-bit PRNG. Returns floats in [0, 1). */
/** Math.random for a scheduled run: 53-bit doubles in [0, 1), as V8's, drawn from the run's seed,
 *  so the random delays tests draw (jittered mocks, backoff) come again when the seed is replayed
 *  (a trial's replays all "differed": its mock latency was Math.random()). Any sequence of such
 *  numbers is one a real run could draw. A method, as the builtin: named `random`, length 0, not a
 *  constructor. */
export function seededMathRandom(seed: number): () => number {
  const next = mulberry32((seed ^ 0x2545f491) >>> 0);
  return {
    random(): number {
      const hi = (next() * 4294967296) >>> 5;
      const lo = (next() * 4294967296) >>> 6;
      return (hi * 67108864 + lo) / 9007199254740992;
    },
  }.random;
}

/** A seed for one process: the run's seed mixed with its key (its test file; FNV-1a). */
export function seedWithKey(seed: number, key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (seed ^ h) >>> 0;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The event-loop lock (DESIGN §2): every resumption after an await re-acquires it. */
export const EVENT_LOOP_LOCK = -1;
