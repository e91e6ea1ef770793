// 003 Algorithm 1 (SIMPLEFUZZER): a uniformly random enabled transition at every state.
import { mulberry32, type Candidate, type Strategy } from './strategy.js';

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
