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

  constructor(private readonly prefix: readonly (string | number)[]) {
    super(prefix);
  }

  override choose(candidates: readonly Candidate[], step: number): number | undefined {
    if (step <= this.prefix.length) {
      const index = super.choose(candidates, step);
      if (step === this.prefix.length) this.sticky = index === undefined || index === 0 ? undefined : channelOf(candidates[index].key);
      return index;
    }
    if (this.sticky !== undefined) {
      const index = candidates.findIndex((c) => channelOf(c.key) === this.sticky);
      if (index >= 0) return index;
      this.sticky = undefined;
    }
    return 0;
  }
}
