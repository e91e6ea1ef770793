/** colt cern.jet.random.engine.RandomEngine: raw() is uniform in (0, 1). */
export interface RandomEngine {
  raw(): number;
}

/**
 * colt cern.jet.random.engine.DRand: a multiplicative congruential generator on 32-bit ints,
 * x[i+1] = x[i] * 0x278DDE6D, started at 4 * seed + 1. Deterministic for a given seed.
 */
export class DRand implements RandomEngine {
  private current: number;

  constructor(seed = 1) {
    this.current = (4 * seed + 1) | 0;
  }

  nextInt(): number {
    this.current = Math.imul(this.current, 0x278dde6d);
    return this.current;
  }

  raw(): number {
    let next: number;
    do {
      next = this.nextInt();
    } while (next === 0);
    return (next >>> 0) * 2.3283064365386963e-10;
  }
}

/** colt cern.jet.random.Uniform. */
export class Uniform {
  constructor(private readonly randomGenerator: RandomEngine) {}

  nextDouble(): number {
    return this.randomGenerator.raw();
  }

  /** colt: (int) ((long) from + (long) ((1L + (long) to - (long) from) * raw())). */
  nextIntFromTo(from: number, to: number): number {
    return from + Math.trunc((1 + to - from) * this.randomGenerator.raw());
  }
}
