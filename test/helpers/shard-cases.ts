// Shared by test/active/shard.test.ts (random) and test/slow/shard-merge.test.ts (PCT): the
// account example fuzzed whole and as three shards; the shards merged must equal the whole run.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { fuzz, type FuzzResult } from '../../src/core/active/index.ts';
import { mergeFuzzShards, writeShard } from '../../src/core/pipeline/index.ts';
import { REPO } from './cli.ts';

const strip = (r: FuzzResult) => r.outcomes.map((o) => [o.run, o.seed, o.outcome, o.steps, o.message ?? '']);

/** Fuzzes examples/account whole and in three shards (folders under `out`), merges the shards in
 *  another order and checks the merge equals the whole run; returns the whole run. `runs` ≥ 3
 *  gives every shard a seed (the fast tier uses 4, the slow tier 7). */
export async function threeShardsMergeToWhole(strategy: 'random' | 'pct', out: string, runs = 7): Promise<FuzzResult> {
  const project = loadConfig(join(REPO, 'examples', 'account'));
  const options = { strategy, runs, seed: 1, jobs: 1 } as const;
  const whole = await fuzz(project, { ...options, out: join(out, `${strategy}-whole`) });
  const folders: string[] = [];
  for (let index = 1; index <= 3; index++) {
    const shard = { index, count: 3 };
    const part = await fuzz(project, { ...options, shard, out: join(out, `${strategy}-${index}`) });
    assert.deepEqual(part.outcomes.map((o) => o.seed % 3), part.outcomes.map(() => index - 1));
    folders.push(writeShard(project, '0.0.0-test', 'fuzz', { strategy, seed: 1, runs }, shard, part, join(out, `${strategy}-shard-${index}`)));
  }
  const merged = mergeFuzzShards([folders[2], folders[0], folders[1]]).result;
  assert.deepEqual(strip(merged), strip(whole));
  assert.equal(merged.detectionRate, whole.detectionRate);
  assert.deepEqual(merged.byKind, whole.byKind);
  assert.equal(merged.firstViolation?.seed, whole.firstViolation?.seed);
  assert.equal(merged.firstViolation?.kind, whole.firstViolation?.kind);
  return whole;
}
