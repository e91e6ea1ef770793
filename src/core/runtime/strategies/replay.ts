// Replay: follows a recorded sequence of choices (DESIGN §6 "Replay").
import type { Candidate, Strategy } from './strategy.js';

export class ReplayStrategy implements Strategy {
  readonly name: string = 'replay';

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
