import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { DynamicBin1D, type BinBinFunction1D } from '../../src/dynamic-bin.ts';
import { DRand } from '../../src/random.ts';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const sumDifference: BinBinFunction1D = (x, y) => sum(x) - sum(y);
const DATA1 = [1, 2, 3, 4, 5];
const DATA2 = [10, 20, 30, 40];
const RESAMPLES = 4;
const SEED = 7;

/** The two linearizations of Figure 2, run one call after the other on fresh bins. */
async function serial(clearFirst: boolean): Promise<number[]> {
  const bin1 = new DynamicBin1D(DATA1);
  const bin2 = new DynamicBin1D(DATA2);
  if (clearFirst) await bin2.clear();
  const result = await bin1.sampleBootstrap(bin2, RESAMPLES, new DRand(SEED), sumDifference);
  if (!clearFirst) await bin2.clear();
  return result.toArray();
}

// Thread t2 starts once its own input arrived (I/O: the next turn of the event loop). In Java it
// may start at any time; in Node only after an await of its own — called at once, its lock request
// would always come before t1's and no Node run could interleave them.
const input = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

// 000 Figure 2: thread t1 runs bin1.sampleBootstrap(bin2, ...) while thread t2 runs bin2.clear().
// The bootstrap must equal the one of a serial order: computed on all of bin2, or on an empty bin2.
test('Figure 2: sampleBootstrap(bin2) while bin2.clear()', async () => {
  const expected = [await serial(false), await serial(true)];
  const bin1 = new DynamicBin1D(DATA1);
  const bin2 = new DynamicBin1D(DATA2);
  const [bootstrap] = await Promise.all([bin1.sampleBootstrap(bin2, RESAMPLES, new DRand(SEED), sumDifference), (async () => { await input(); await bin2.clear(); })()]);
  const actual = await bootstrap.toArray();
  assert.ok(
    expected.some((e) => isDeepStrictEqual(actual, e)),
    `bootstrap ${JSON.stringify(actual)} matches no serial order: ${JSON.stringify(expected)}`,
  );
  assert.equal(await bin2.size(), 0);
});
