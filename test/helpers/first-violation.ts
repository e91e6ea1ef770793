// The fast tier's way to say "the scheduler finds it within N seeds": the seeds seed … seed+N−1
// run one at a time, in order, and the first that fails ends the search. The verdict is the one
// `fuzz({ runs: N })` gives (a run's schedule depends on its seed only), at the cost of the runs
// up to the first failing seed — usually one — instead of all N.
import { join } from 'node:path';
import type { LoadedConfig } from '../../src/core/config/index.ts';
import { fuzz, type FuzzOptions, type FuzzResult } from '../../src/core/active/index.ts';

/** The one-run fuzz result of the first seed that fails, or of the last seed tried when none
 *  did (then `violations` is 0). `tried`: how many seeds ran. Not for PCT, whose steps k the
 *  first run of a batch measures. */
export async function firstViolation(loaded: LoadedConfig, options: FuzzOptions & { out: string }): Promise<FuzzResult & { tried: number }> {
  if (options.strategy === 'pct') throw new Error('firstViolation: PCT measures its steps on the first run of the batch; fuzz it whole');
  let result: FuzzResult | undefined;
  for (let i = 0; i < options.runs; i++) {
    const seed = options.seed + i;
    result = await fuzz(loaded, { ...options, runs: 1, seed, jobs: 1, out: join(options.out, `seed-${seed}`) });
    if (result.violations > 0) return { ...result, tried: i + 1 };
  }
  return { ...result!, tried: options.runs };
}
