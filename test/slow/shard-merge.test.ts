// The slow tier of test/active/shard.test.ts (issue 18 §1): PCT's shards merged equal its
// unsharded fuzz (its step count measured on the first seed in every shard), and a sharded
// `conlens rank` merged is the unsharded rank's report (positions, order, violations, SARIF).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { loadConfig } from '../../src/core/config/index.ts';
import { fuzz, mergeFuzzShards, writeShard, type FuzzResult } from '../../src/core/active/index.ts';
import { conlens, REPO } from '../helpers/cli.ts';

const OUT = mkdtempSync(join(tmpdir(), 'conlens-shard-slow-'));
after(() => rmSync(OUT, { recursive: true, force: true }));
const project = loadConfig(join(REPO, 'examples', 'account'));
const strip = (r: FuzzResult) => r.outcomes.map((o) => [o.run, o.seed, o.outcome, o.steps, o.message ?? '']);

for (const strategy of ['pct'] as const) {
  test(`account, ${strategy}: three shards merged equal the unsharded fuzz`, async () => {
    const options = { strategy, runs: 7, seed: 1, jobs: 1 } as const;
    const whole = await fuzz(project, { ...options, out: join(OUT, `${strategy}-whole`) });
    const folders: string[] = [];
    for (let index = 1; index <= 3; index++) {
      const shard = { index, count: 3 };
      const part = await fuzz(project, { ...options, shard, out: join(OUT, `${strategy}-${index}`) });
      assert.deepEqual(part.outcomes.map((o) => o.seed % 3), part.outcomes.map(() => index - 1));
      folders.push(writeShard(project, '0.0.0-test', 'fuzz', { strategy, seed: 1, runs: 7 }, shard, part, join(OUT, `${strategy}-shard-${index}`)));
    }
    const merged = mergeFuzzShards([folders[2], folders[0], folders[1]]).result;
    assert.deepEqual(strip(merged), strip(whole));
    assert.equal(merged.detectionRate, whole.detectionRate);
    assert.deepEqual(merged.byKind, whole.byKind);
    assert.equal(merged.firstViolation?.seed, whole.firstViolation?.seed);
    assert.equal(merged.firstViolation?.kind, whole.firstViolation?.kind);
  });
}

test('conlens rank --shard K/M carries the runs\' traces; conlens merge writes the unsharded rank\'s report', async () => {
  const root = join(OUT, 'rank-account');
  cpSync(join(REPO, 'examples', 'account'), root, { recursive: true, filter: (p) => !p.includes('.conlens') });
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  const whole = conlens(['rank', root, '--runs', '4', '--json', '-']);
  assert.equal(whole.status, 1, whole.stderr);
  for (const k of [1, 2]) assert.equal(conlens(['rank', root, '--runs', '4', '--shard', `${k}/2`]).status, 1);
  const merged = conlens(['merge', root, '--json', '-', '--sarif', join(OUT, 'merged.sarif')]);
  assert.equal(merged.status, 1, merged.stderr);
  const [a, b] = [JSON.parse(whole.stdout), JSON.parse(merged.stdout)];
  assert.deepEqual(b.positions, a.positions);
  assert.deepEqual(b.summary, a.summary);
  assert.deepEqual(b.violations.map((v: { seed: number; story: string }) => [v.seed, v.story]), a.violations.map((v: { seed: number; story: string }) => [v.seed, v.story]));
  assert.deepEqual(JSON.parse(readFileSync(join(root, '.conlens', 'report.json'), 'utf8')).positions, a.positions);
  assert.ok(readFileSync(join(OUT, 'merged.sarif'), 'utf8').includes('"version": "2.1.0"'));
  // the checkout that merges must have the configuration the shards ran with
  const file = join(root, 'conlens.config.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"timeoutMs": 30000', '"timeoutMs": 30001'));
  const other = conlens(['merge', root]);
  assert.equal(other.status, 2);
  assert.match(other.stderr, /conlens\.config\.json is not the configuration the shards ran with/);
});
