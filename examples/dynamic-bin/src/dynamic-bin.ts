import { Mutex } from 'async-mutex';
import { DoubleArrayList } from './double-array-list.ts';
import { DRand, Uniform, type RandomEngine } from './random.ts';

/** colt hep.aida.bin.BinBinFunction1D: a statistic of two samples, e.g. the difference of their means. */
export type BinBinFunction1D = (x: readonly number[], y: readonly number[]) => number;

/**
 * colt hep.aida.bin.DynamicBin1D, "documented to be thread-safe": every public method is
 * `synchronized` — its body runs under the bin's mutex.
 */
export class DynamicBin1D {
  private readonly elements: DoubleArrayList;
  private readonly lock = new Mutex();

  constructor(values: readonly number[] = []) {
    this.elements = new DoubleArrayList(values);
  }

  async add(element: number): Promise<void> {
    await this.lock.runExclusive(() => this.elements.add(element));
  }

  async addAllOf(values: readonly number[]): Promise<void> {
    await this.lock.runExclusive(() => {
      for (const value of values) this.elements.add(value);
    });
  }

  async size(): Promise<number> {
    return this.lock.runExclusive(() => this.elements.size());
  }

  /** A copy of the elements (colt: elements()). */
  async toArray(): Promise<number[]> {
    return this.lock.runExclusive(() => this.elements.toArray());
  }

  /** Fig. 1 lines 134-141. */
  async clear(): Promise<void> {
    await this.lock.runExclusive(() => this.elements.clear());
  }

  /** Fig. 1 lines 438-457: fills `buffer` with n elements drawn at random, with or without replacement. */
  async sample(n: number, withReplacement: boolean, randomGenerator: RandomEngine | null, buffer: DoubleArrayList): Promise<void> {
    await this.lock.runExclusive(() => this.sampleWhileLocked(n, withReplacement, randomGenerator, buffer));
  }

  /** The body of `sample`, for callers that already hold this bin's lock (Java's monitors are reentrant). */
  private sampleWhileLocked(n: number, withReplacement: boolean, randomGenerator: RandomEngine | null, buffer: DoubleArrayList): void {
    const uniform = new Uniform(randomGenerator ?? new DRand());
    buffer.clear();
    const s = this.elements.size();
    if (!withReplacement) {
      // without: selection sampling (colt's RandomSamplingAssistant), keeping the elements' order
      if (n > s) throw new RangeError('n must be less than or equal to size()');
      let needed = n;
      for (let i = 0; i < s && needed > 0; i++) {
        if (uniform.nextDouble() * (s - i) < needed) {
          buffer.add(this.elements.getQuick(i));
          needed--;
        }
      }
    } else {
      // with (Fig. 1 lines 449-456)
      for (let i = n; --i >= 0; ) {
        buffer.add(this.elements.getQuick(uniform.nextIntFromTo(0, s - 1)));
      }
    }
  }

  /**
   * Fig. 1 lines 581-611: `resamples` bootstrap resamples of this bin and `other`, each the size of
   * its bin, and `fn` of every pair. Holds this bin's lock; `other.size()` and `other.sample()` each
   * take other's lock separately.
   */
  async sampleBootstrap(other: DynamicBin1D, resamples: number, randomGenerator: RandomEngine | null, fn: BinBinFunction1D): Promise<DynamicBin1D> {
    // Java's monitors are reentrant, so x.sampleBootstrap(x, ...) works there; async-mutex would deadlock.
    if (other === this) throw new TypeError('sampleBootstrap(this) is not supported');
    return this.lock.runExclusive(async () => {
      const rng = randomGenerator ?? new DRand();
      const s1 = this.elements.size();
      const s2 = await other.size();
      const sample1 = new DoubleArrayList();
      const sample2 = new DoubleArrayList();
      const bootstrap: number[] = [];
      // resampling steps
      for (let i = resamples; --i >= 0; ) {
        sample1.clear();
        sample2.clear();
        this.sampleWhileLocked(s1, true, rng, sample1);
        await other.sample(s2, true, rng, sample2);
        bootstrap.push(fn(sample1.toArray(), sample2.toArray()));
      }
      return new DynamicBin1D(bootstrap);
    });
  }
}
