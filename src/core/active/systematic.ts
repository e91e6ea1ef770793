// The systematic strategy's search across runs (issue 32): iterative preemption bounding (CHESS,
// Musuvathi & Qadeer, PLDI 2007; as delay bounding, Emmi, Qadeer & Rakamarić, POPL 2011) — every
// schedule with 0, then 1, then 2 preemptions — where a preemption is choosing, at a decision, a
// candidate other than the one a plain Node run takes (runtime/strategies/systematic.ts). Each
// run is its own test process: it gets the forced prefix of its schedule and takes Node's choice
// after it; its recorded steps (explored-steps.ts) say which alternatives each decision had.
//
// Reduction (after DPOR, Flanagan & Godefroid, POPL 2005, simplified): a run branches at decision
// j to alternative a only if a's step — where a ran later in the same run, at m — is dependent on
// one of the steps j … m−1 it would move ahead of (same location, one a write; one lock). If it is
// independent of all of them, running a at j reaches the same state as the run does at m, so that
// schedule is the recorded one up to reordering independent steps. DPOR adds the branch only at
// the last dependent step; this adds it at every decision up to there where a was a candidate — a
// superset, which also keeps the reduction sound under the preemption bound (where DPOR's single
// backtrack point may need more preemptions than the bound allows: Coons, Musuvathi & McKinley,
// OOPSLA 2013). An alternative that never ran later in the run (the run failed or ended first)
// is always branched. Dependence is judged on the recorded accesses only (DESIGN §2): state
// outside them (a closure's local, an uninstrumented library's own) is not seen.
import type { ExploredStep } from './explored-steps.js';
import { dependent } from './explored-steps.js';

/** One schedule of the search: per process (its key), the forced choices, then Node's own. */
export interface Schedule {
  prefix: Record<string, string[]>;
  /** How many of the forced choices are not Node's own. */
  preemptions: number;
}

export interface Branches {
  schedules: Schedule[];
  /** Alternatives the reduction left out (independent of every step they would move ahead of). */
  pruned: number;
}

/** The schedules with one preemption more than `schedule` that branch off its run. */
export function branches(schedule: Schedule, run: Record<string, ExploredStep[]>, reduce = true): Branches {
  const schedules: Schedule[] = [];
  let pruned = 0;
  for (const [process, steps] of Object.entries(run)) {
    // Decisions inside the forced prefix were branched by the schedules it came from.
    const start = schedule.prefix[process]?.length ?? 0;
    for (let j = start; j < steps.length; j++) {
      const candidates = steps[j].candidates;
      if (!candidates || candidates.length < 2) continue;
      for (const alternative of candidates) {
        if (alternative === steps[j].key) continue;
        if (reduce && !movesAcrossDependent(steps, j, alternative)) {
          pruned++;
          continue;
        }
        const prefix = [...steps.slice(0, j).map((s) => s.key), alternative];
        schedules.push({ prefix: { ...schedule.prefix, [process]: prefix }, preemptions: schedule.preemptions + 1 });
      }
    }
  }
  return { schedules, pruned };
}

/** Whether running `alternative` at decision j instead of where it ran reorders dependent steps. */
export function movesAcrossDependent(steps: readonly ExploredStep[], j: number, alternative: string): boolean {
  let m = j + 1;
  while (m < steps.length && steps[m].key !== alternative) m++;
  if (m === steps.length) return true;
  for (let i = j; i < m; i++) if (dependent(steps[i], steps[m])) return true;
  return false;
}

/** A schedule's identity (the search never runs one twice). */
export function scheduleId(schedule: Schedule): string {
  return JSON.stringify(Object.keys(schedule.prefix).sort().map((p) => [p, schedule.prefix[p]]));
}

/** Where the search got to: the bounded guarantee it can give. */
export interface SystematicSummary {
  /** The preemption bound asked for. */
  bound: number;
  /** The largest k such that every schedule with ≤ k preemptions ran (null: not even k = 0). */
  exhausted: number | null;
  /** No schedule is left at any bound: every schedule the decisions allow ran. */
  complete: boolean;
  /** Schedules run, by preemption count (index k). */
  byPreemptions: number[];
  /** Schedules known and not run, at the first bound not exhausted. */
  left: number;
  /** Alternatives the reduction left out. */
  pruned: number;
  /** The first failing schedule: its run number and preemptions. */
  failure?: { run: number; preemptions: number };
  /** The guarantee, in plain words. */
  statement: string;
}

export function statementOf(s: Omit<SystematicSummary, 'statement'>): string {
  const total = s.byPreemptions.reduce((a, b) => a + b, 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (s.failure) {
    const below = s.failure.preemptions === 0 ? '' : `; every schedule with ≤ ${s.failure.preemptions - 1} preemption${s.failure.preemptions === 1 ? '' : 's'} before it passed`;
    return `a schedule with ${plural(s.failure.preemptions, 'preemption')} failed (run ${s.failure.run} of ${total})${below}`;
  }
  if (s.complete) return `explored every schedule (${total}, none needing more than ${Math.max(0, s.byPreemptions.length - 1)} preemptions): no failure`;
  const next = s.exhausted === null ? 0 : s.exhausted + 1;
  const done = s.exhausted === null ? 'no bound exhausted' : `explored every schedule with ≤ ${plural(s.exhausted, 'preemption')} (${total - (s.byPreemptions[next] ?? 0)} schedules): no failure`;
  if (s.exhausted !== null && s.exhausted >= s.bound) return done;
  return `${done}; the run budget ran out before the bound of ${next} was exhausted (${s.byPreemptions[next] ?? 0} of ${(s.byPreemptions[next] ?? 0) + s.left} schedules with ${plural(next, 'preemption')} run)`;
}
