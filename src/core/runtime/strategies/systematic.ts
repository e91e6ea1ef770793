// Systematic exploration, one run (active/systematic.ts drives the search across runs): follow a
// prefix of forced choices, then take the choice a plain Node run takes — candidate 0, the one
// parked first (FIFO). Choosing any other candidate is a preemption, a delay in the sense of delay
// bounding (Emmi, Qadeer & Rakamarić, POPL 2011; CHESS's preemption bounding, Musuvathi & Qadeer,
// PLDI 2007). Its sched events carry every candidate's key, so the driver learns which
// alternatives each decision had.
//
// After a forced choice of a callback, its channel keeps the turn (CHESS: after a preemption the
// thread switched to runs on until it blocks): while a later event of the same registration is a
// candidate (`c<registration>.<firing>`: a socket's next chunk, a listener's next event) it runs
// before Node's own choice; once none is, FIFO again. So one preemption lets a whole burst of
// I/O events overtake a timer (a reconnect's data against an idle timeout), where FIFO after the
// first event would hand the turn straight back. Every choice is still among the scheduler's
// candidates: an order a real Node process can make.
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

/** The channel of a callback's key (`c11.2@84` → `c11`); none for a continuation. */
export function channelOf(key: string): string | undefined {
  if (!key.startsWith('c')) return undefined;
  const dot = key.indexOf('.');
  return dot > 0 ? key.slice(0, dot) : undefined;
}

export class SystematicStrategy extends ReplayStrategy {
  override readonly name: string = 'systematic';
  readonly recordsCandidates = true;
  /** The channel that keeps the turn after the prefix's last (forced) choice. */
  private sticky: string | undefined;
  /** How many times a continuation of each key ran (only counted when there are rules). */
  private readonly ran = new Map<string, number>();

  constructor(private readonly prefix: readonly (string | number)[], private readonly rules: readonly PreemptionRule[] = []) {
    super(prefix);
  }

  override choose(candidates: readonly Candidate[], step: number): number | undefined {
    let index: number | undefined;
    if (step <= this.prefix.length) {
      index = super.choose(candidates, step);
      if (step === this.prefix.length) this.sticky = index === undefined || index === 0 ? undefined : channelOf(candidates[index].key);
    } else {
      index = this.ruled(candidates);
    }
    if (this.rules.length && index !== undefined) this.ran.set(candidates[index].key, (this.ran.get(candidates[index].key) ?? 0) + 1);
    return index;
  }

  /** After the prefix: a preemption rule that applies, else the sticky channel's next event, else
   *  Node's own choice. */
  private ruled(candidates: readonly Candidate[]): number {
    const head = candidates[0].key;
    for (const rule of this.rules) {
      if (rule.before !== head || (this.ran.get(head) ?? 0) !== rule.beforeNth || (this.ran.get(rule.run) ?? 0) !== rule.nth) continue;
      const index = candidates.findIndex((c) => c.key === rule.run);
      if (index > 0) return index;
    }
    if (this.sticky !== undefined) {
      const index = candidates.findIndex((c) => channelOf(c.key) === this.sticky);
      if (index >= 0) return index;
      this.sticky = undefined;
    }
    return 0;
  }
}
