// Sharded fuzzing (issue 18 §1): seeds partition over the shards independently of the run
// order; M shards merged give the unsharded result (same outcomes per seed, same detection, the
// same first violation); shards that are not one complete set do not merge, with the folder named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { parseShard, shardRunIndexes, type FuzzResult } from '../../src/core/active/index.ts';
import { mergeFuzzShards, SHARD_FORMAT, type ShardFile } from '../../src/core/pipeline/index.ts';
import { REPO } from '../helpers/cli.ts';
import { threeShardsMergeToWhole } from '../helpers/shard-cases.ts';

const OUT = mkdtempSync(join(tmpdir(), 'conlens-shard-'));
after(() => rmSync(OUT, { recursive: true, force: true }));

test('parseShard: K/M with 1 ≤ K ≤ M, anything else says what is expected', () => {
  assert.deepEqual(parseShard('2/4'), { index: 2, count: 4 });
  assert.deepEqual(parseShard('1/1'), { index: 1, count: 1 });
  for (const bad of ['0/3', '4/3', '2', 'a/b', '1/0', '-1/2']) assert.throws(() => parseShard(bad), /--shard must be K\/M/);
});

test('the shards partition the seeds, balanced, and a seed keeps its shard whatever the first seed', () => {
  for (const [seed, runs, count] of [[1, 20, 3], [7, 5, 4], [0, 100, 7], [3, 2, 5]]) {
    const parts = Array.from({ length: count }, (_, k) => shardRunIndexes(seed, runs, { index: k + 1, count }));
    assert.deepEqual(parts.flat().sort((a, b) => a - b), Array.from({ length: runs }, (_, i) => i));
    const sizes = parts.map((p) => p.length);
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `${sizes}`);
  }
  // seed 10 is in shard (10 mod 4) + 1 = 3 both when the run starts at 1 and at 9
  assert.ok(shardRunIndexes(1, 20, { index: 3, count: 4 }).includes(9));
  assert.ok(shardRunIndexes(9, 5, { index: 3, count: 4 }).includes(1));
  assert.deepEqual(shardRunIndexes(1, 4, undefined), [0, 1, 2, 3]);
});

// PCT's shards and rank's are in test/slow/shard-merge.test.ts.
test('account, random: three shards merged equal the unsharded fuzz', async () => {
  // Four runs (every shard has a seed); the slow tier merges seven (test/slow/shard-merge.test.ts).
  const whole = await threeShardsMergeToWhole('random', OUT, 4);
  // random finds the account bug in most runs: the first violation is compared too
  assert.ok(whole.violations > 0);
});

test('shards that are not one complete set of one run do not merge, and the message names them', () => {
  const result: FuzzResult = { strategy: 'random', seed: 1, runs: 1, violations: 0, detectionRate: 0, byKind: {}, outcomes: [] };
  const make = (name: string, over: Partial<ShardFile> & { index: number; count?: number }) => {
    const folder = join(OUT, 'bad', name);
    mkdirSync(folder, { recursive: true });
    const file: ShardFile = { format: SHARD_FORMAT, command: 'fuzz', tool: '1.0.0', config: 'abc', shard: { index: over.index, count: over.count ?? 3 }, options: { strategy: 'random', seed: 1, runs: 6 }, result, ...over };
    writeFileSync(join(folder, 'shard.json'), JSON.stringify(file));
    return folder;
  };
  const a = make('a', { index: 1 });
  const b = make('b', { index: 2 });
  const c = make('c', { index: 3 });
  assert.equal(mergeFuzzShards([a, b, c]).folders.length, 3);
  assert.throws(() => mergeFuzzShards([a, b]), /missing shard 3\/3/);
  assert.throws(() => mergeFuzzShards([a, b, c, make('b2', { index: 2 })]), /shard 2\/3 appears twice: .*b and .*b2/);
  assert.throws(() => mergeFuzzShards([a, b, make('v', { index: 3, tool: '1.0.1' })]), /v and .*a are not shards of one run: Concurrency Lens version 1\.0\.1 vs 1\.0\.0/);
  assert.throws(() => mergeFuzzShards([a, b, make('h', { index: 3, config: 'def' })]), /configuration hash/);
  assert.throws(() => mergeFuzzShards([a, b, make('o', { index: 3, options: { strategy: 'pct', seed: 1, runs: 6 } })]), /options/);
  const junk = join(OUT, 'bad', 'junk');
  mkdirSync(junk, { recursive: true });
  writeFileSync(join(junk, 'shard.json'), '{ not json');
  assert.throws(() => mergeFuzzShards([a, junk]), /junk[\\/]shard\.json: cannot read a shard result/);
  assert.throws(() => mergeFuzzShards([]), /no shard folders to merge/);
});

test('conlens fuzz --shard K/M writes relocatable shard folders; conlens merge puts them together', async () => {
  const { cpSync, symlinkSync, renameSync } = await import('node:fs');
  const { conlens, conlensBatch } = await import('../helpers/cli.ts');
  const root = join(OUT, 'cli-account');
  cpSync(join(REPO, 'examples', 'account'), root, { recursive: true, filter: (p) => !p.includes('.conlens') });
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  assert.equal(conlens(['fuzz', root, '--runs', '4', '--shard', '1/2']).status, 1);
  // shard 2 ran on "another machine": its folder is copied in from elsewhere
  const second = conlens(['fuzz', root, '--runs', '4', '--shard', '2/2']);
  assert.match(second.stdout, /shard 2\/2: the seeds s with s mod 2 = 1/);
  const shards = join(root, '.conlens', 'shards');
  const moved = join(OUT, 'artifact-2');
  renameSync(join(shards, 'fuzz-random-s1-n4-2of2'), moved);
  const [lonely, merged, tooMany] = conlensBatch([['merge', root], ['merge', root, '--from', join(shards, 'fuzz-random-s1-n4-1of2'), '--from', moved, '--json', '-'], ['fuzz', root, '--shard', '3/2']]);
  assert.equal(lonely.status, 2);
  assert.match(lonely.stderr, /missing shard 2\/2/);
  assert.equal(merged.status, 1, merged.stderr);
  const result = JSON.parse(merged.stdout) as FuzzResult;
  assert.deepEqual(result.outcomes.map((o) => o.seed), [1, 2, 3, 4]);
  assert.match(merged.stderr, /merged 2 shard\(s\): 4 run\(s\)/);
  assert.match(merged.stderr, new RegExp(`replay: conlens replay .*(artifact-2|1of2)[\\\\/]violations[\\\\/]seed-\\d\\.json`));
  assert.equal(tooMany.status, 2);
});
