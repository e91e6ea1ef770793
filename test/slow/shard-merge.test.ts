// The slow tier of test/active/shard.test.ts (issue 18 §1): PCT's shards merged equal its
// unsharded fuzz (its step count measured on the first seed in every shard), and a sharded
// `conlens rank` merged is the unsharded rank's report (positions, order, violations, SARIF).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { conlens, REPO } from '../helpers/cli.ts';
import { threeShardsMergeToWhole } from '../helpers/shard-cases.ts';

const OUT = mkdtempSync(join(tmpdir(), 'conlens-shard-slow-'));
after(() => rmSync(OUT, { recursive: true, force: true }));
test('account, pct: three shards merged equal the unsharded fuzz', async () => {
  await threeShardsMergeToWhole('pct', OUT);
});

test('conlens rank --shard K/M carries the runs\' traces; conlens merge writes the unsharded rank\'s report', async () => {
  const root = join(OUT, 'rank-account');
  cpSync(join(REPO, 'examples', 'account'), root, { recursive: true, filter: (p) => !p.includes('.conlens') });
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  // A shard runs random (a systematic search cannot be split; combined is rank's default only
  // unsharded): the whole rank it is compared with runs random too.
  const whole = conlens(['rank', root, '--runs', '4', '--strategy', 'random', '--json', '-']);
  assert.equal(whole.status, 1, whole.stderr);
  for (const k of [1, 2]) assert.equal(conlens(['rank', root, '--runs', '4', '--strategy', 'random', '--shard', `${k}/2`]).status, 1);
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
