// Scheduling strategies of the controlled scheduler (scheduler.ts): given the continuations that
// are ready to run (parked at an await whose value has settled), pick one. All randomness comes
// from a seeded PRNG, so a strategy and a seed name one schedule (DESIGN §6 "Replay").
//
// - random: 003 Algorithm 1 (SIMPLEFUZZER) — a uniformly random enabled transition at every state.
// - pct: Burckhardt et al., "A randomized scheduler with probabilistic guarantees of finding bugs"
//   (ASPLOS 2010) — random distinct priorities for the tasks, d − 1 priority change points spread
//   over the expected k steps, always run the highest-priority ready task. For n tasks and k steps
//   it finds a bug of depth d with probability ≥ 1 / (n · k^(d−1)).
// - replay: follows a recorded sequence of choices.
//
// The seam for ATOMFUZZER (003 Algorithm 2, a later step): a strategy is told about lock
// acquires/releases and atomic-block entry/exit through the optional hooks below, and may pause a
// candidate by not choosing it (`choose` sees every ready candidate, with the lock it is about to
// acquire); when it would pause everything it must still choose one (Alg. 2 lines 30-32).

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
}

/** mulberry32: a small, fast, deterministic 32-bit PRNG. Returns floats in [0, 1). */
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

export class RandomStrategy implements Strategy {
  readonly name = 'random';
  private readonly random: () => number;

  constructor(seed: number) {
    this.random = mulberry32(seed);
  }

  choose(candidates: readonly Candidate[]): number {
    return Math.floor(this.random() * candidates.length);
  }
}

export class PctStrategy implements Strategy {
  readonly name = 'pct';
  private readonly random: () => number;
  private readonly priorities = new Map<number | null, number>();
  /** step → i (1 … d−1): at that step the running task's priority drops to i. */
  private readonly changePoints = new Map<number, number>();
  private lastTask: number | null | undefined;

  constructor(seed: number, readonly depth = 3, readonly steps = 50) {
    this.random = mulberry32(seed);
    for (let i = 1; i < depth; i++) {
      let point: number;
      // Distinct change points in [1, k].
      do point = 1 + Math.floor(this.random() * Math.max(1, steps));
      while (this.changePoints.has(point) && this.changePoints.size < steps);
      this.changePoints.set(point, i);
    }
  }

  private priorityOf(task: number | null): number {
    let priority = this.priorities.get(task);
    if (priority === undefined) {
      // Initial priorities lie in [d, d + 1): above every changed one, in a uniformly random order
      // (a task that appears later is inserted at a random rank).
      priority = this.depth + this.random();
      this.priorities.set(task, priority);
    }
    return priority;
  }

  choose(candidates: readonly Candidate[], step: number): number {
    const change = this.changePoints.get(step);
    if (change !== undefined && this.lastTask !== undefined) this.priorities.set(this.lastTask, change);
    let best = 0;
    let bestPriority = -Infinity;
    candidates.forEach((candidate, index) => {
      const priority = this.priorityOf(candidate.task);
      if (priority > bestPriority) {
        best = index;
        bestPriority = priority;
      }
    });
    this.lastTask = candidates[best].task;
    return best;
  }
}

export class ReplayStrategy implements Strategy {
  readonly name = 'replay';

  constructor(private readonly choices: readonly (string | number)[]) {}

  choose(candidates: readonly Candidate[], step: number): number | undefined {
    const choice = this.choices[step - 1];
    if (typeof choice === 'number') return choice < candidates.length ? choice : undefined;
    if (typeof choice === 'string') {
      const index = candidates.findIndex((c) => c.key === choice);
      return index >= 0 ? index : undefined;
    }
    return undefined;
  }

  /** Whether the recorded choice at `step` names a continuation (so the scheduler may wait for it). */
  expects(step: number): string | undefined {
    const choice = this.choices[step - 1];
    return typeof choice === 'string' ? choice : undefined;
  }
}
