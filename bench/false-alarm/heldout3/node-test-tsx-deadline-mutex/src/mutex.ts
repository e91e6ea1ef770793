/**
 * A mutex built on a promise chain: each caller waits for the previous caller's turn to end.
 * The chain is extended synchronously in `run`, so callers get their turns in call order, and
 * a turn ends in `finally`, whether the critical section returned or threw.
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  inside = 0;
  maxInside = 0;

  get waiting(): number {
    return this.queued;
  }

  run<T>(critical: () => Promise<T> | T): Promise<T> {
    let release!: () => void;
    const turnEnded = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = turnEnded;
    this.queued++;
    return previous.then(async () => {
      this.queued--;
      this.inside++;
      this.maxInside = Math.max(this.maxInside, this.inside);
      try {
        return await critical();
      } finally {
        this.inside--;
        release();
      }
    });
  }
}
