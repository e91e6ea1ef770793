// PCT (Burckhardt et al., ASPLOS 2010): random distinct task priorities, d − 1 priority change
// points spread over the expected k steps; the highest-priority ready task runs. For n tasks and k
// steps it finds a bug of depth d with probability ≥ 1 / (n · k^(d−1)).
import { mulberry32, type Candidate, type Strategy } from './strategy.js';

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
