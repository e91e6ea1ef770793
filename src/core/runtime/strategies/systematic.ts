// Systematic exploration, one run (active/systematic.ts drives the search across runs): follow a
// prefix of forced choices, then take the choice a plain Node run takes — candidate 0, the one
// parked first (FIFO). Choosing any other candidate is a preemption, a delay in the sense of delay
// bounding (Emmi, Qadeer & Rakamarić, POPL 2011; CHESS's preemption bounding, Musuvathi & Qadeer,
// PLDI 2007). Its sched events carry every candidate's key, so the driver learns which
// alternatives each decision had.
//
// After the prefix, preemption rules may replace Node's choice: Choi & Zeller's candidate
// schedules (ISSTA 2002; active/isolate-schedule.ts) are Node's order plus a subset of the
// preemptions a failing run made. A rule names the continuation to run and the one Node would have
// run, each by key and occurrence, so it still applies when other preemptions are left out and the
// steps around it shift. Every choice is among the ready candidates: the schedule stays one a real
// Node process can make.
import type { PreemptionRule } from '../../instrument/instrument-config.js';
import type { Candidate } from './strategy.js';
import { ReplayStrategy } from './replay.js';

export class SystematicStrategy extends ReplayStrategy {
  override readonly name: string = 'systematic';
  readonly recordsCandidates = true;
  /** How many times a continuation of each key ran (only counted when there are rules). */
  private readonly ran = new Map<string, number>();

  constructor(private readonly prefix: readonly (string | number)[], private readonly rules: readonly PreemptionRule[] = []) {
    super(prefix);
  }

  override choose(candidates: readonly Candidate[], step: number): number | undefined {
    const index = step <= this.prefix.length ? super.choose(candidates, step) : this.ruled(candidates);
    if (this.rules.length && index !== undefined) this.ran.set(candidates[index].key, (this.ran.get(candidates[index].key) ?? 0) + 1);
    return index;
  }

  private ruled(candidates: readonly Candidate[]): number {
    const head = candidates[0].key;
    for (const rule of this.rules) {
      if (rule.before !== head || (this.ran.get(head) ?? 0) !== rule.beforeNth || (this.ran.get(rule.run) ?? 0) !== rule.nth) continue;
      const index = candidates.findIndex((c) => c.key === rule.run);
      if (index > 0) return index;
    }
    return 0;
  }
}
