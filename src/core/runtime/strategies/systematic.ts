// Systematic exploration, one run (active/systematic.ts drives the search across runs): follow a
// prefix of forced choices, then take the choice a plain Node run takes — candidate 0, the one
// parked first (FIFO). Choosing any other candidate is a preemption, a delay in the sense of delay
// bounding (Emmi, Qadeer & Rakamarić, POPL 2011; CHESS's preemption bounding, Musuvathi & Qadeer,
// PLDI 2007). Its sched events carry every candidate's key, so the driver learns which
// alternatives each decision had.
import type { Candidate } from './strategy.js';
import { ReplayStrategy } from './replay.js';

export class SystematicStrategy extends ReplayStrategy {
  override readonly name: string = 'systematic';
  readonly recordsCandidates = true;

  constructor(private readonly prefix: readonly (string | number)[]) {
    super(prefix);
  }

  override choose(candidates: readonly Candidate[], step: number): number | undefined {
    return step <= this.prefix.length ? super.choose(candidates, step) : 0;
  }
}
