/** Opens once `count` calls of `countDown()` have happened; `wait()` resolves from then on. */
export class CountDownLatch {
  private resolveOpen!: () => void;
  private readonly opened: Promise<void>;

  constructor(private remaining: number) {
    this.opened = new Promise((resolve) => (this.resolveOpen = resolve));
    if (remaining <= 0) this.resolveOpen();
  }

  get count(): number {
    return this.remaining;
  }

  countDown(): void {
    if (this.remaining === 0) return;
    if (--this.remaining === 0) this.resolveOpen();
  }

  wait(): Promise<void> {
    return this.opened;
  }
}

/** A cyclic barrier: each generation lets its `parties` through together, once the last one arrives. */
export class Barrier {
  private arrived = 0;
  private generation = 0;
  private release: Array<(generation: number) => void> = [];

  constructor(readonly parties: number) {
    if (parties < 1) throw new RangeError('a barrier needs at least one party');
  }

  get waiting(): number {
    return this.arrived;
  }

  /** Resolves with the generation number when all parties of this generation have arrived. */
  arrive(): Promise<number> {
    const generation = this.generation;
    const passed = new Promise<number>((resolve) => this.release.push(resolve));
    if (++this.arrived === this.parties) {
      const waiters = this.release;
      this.release = [];
      this.arrived = 0;
      this.generation++;
      for (const w of waiters) w(generation);
    }
    return passed;
  }
}
