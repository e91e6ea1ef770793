import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seededMathRandom } from '../../src/core/runtime/strategies/strategy.ts';
import { RandomStrategy } from '../../src/core/runtime/strategies/index.ts';
import { Scheduler } from '../../src/core/runtime/scheduler.ts';

test("a scheduled run's Math.random: the seed's sequence again, 53-bit doubles in [0, 1), shaped as the builtin", () => {
  const draw = (seed: number) => {
    const random = seededMathRandom(seed);
    return Array.from({ length: 2000 }, () => random());
  };
  const a = draw(7);
  assert.deepEqual(draw(7), a, 'the same seed draws the same numbers');
  assert.notDeepEqual(draw(8), a);
  for (const x of a) assert.ok(x >= 0 && x < 1 && Number.isFinite(x), String(x));
  // All 53 bits used: ids made of toString(36) do not collide more than with the builtin.
  assert.equal(new Set(a).size, a.length);
  assert.ok(a.some((x) => x * 2 ** 32 !== Math.floor(x * 2 ** 32)), 'more than 32 bits');
  const mean = a.reduce((s, x) => s + x, 0) / a.length;
  assert.ok(Math.abs(mean - 0.5) < 0.05, String(mean));
  const random = seededMathRandom(1);
  assert.equal(random.name, Math.random.name);
  assert.equal(random.length, Math.random.length);
  assert.throws(() => new (random as unknown as new () => unknown)(), TypeError);
  assert.equal(Object.hasOwn(random, 'prototype'), Object.hasOwn(Math.random, 'prototype'));
});

test("the program's draws in a scheduled process: the run's seed and the process's test file decide them, so files running side by side draw apart and a replay draws the same", () => {
  const draws = (seed: number, file: string) => {
    const scheduler = new Scheduler(new RandomStrategy(seed), { stallMs: 1000, settleMs: 10, seed }, () => {});
    scheduler.rekey({ strategy: 'random', seed }, file);
    return Array.from({ length: 5 }, () => scheduler.random());
  };
  assert.deepEqual(draws(3, 'test/a.test.ts'), draws(3, 'test/a.test.ts'));
  assert.notDeepEqual(draws(3, 'test/a.test.ts'), draws(3, 'test/b.test.ts'));
  assert.notDeepEqual(draws(3, 'test/a.test.ts'), draws(4, 'test/a.test.ts'));
  // A worker's next file starts its own sequence, whatever ran before it.
  const worker = new Scheduler(new RandomStrategy(3), { stallMs: 1000, settleMs: 10, seed: 3 }, () => {});
  worker.rekey({ strategy: 'random', seed: 3 }, 'test/b.test.ts');
  worker.random();
  worker.rekey({ strategy: 'random', seed: 3 }, 'test/a.test.ts');
  assert.deepEqual(Array.from({ length: 5 }, () => worker.random()), draws(3, 'test/a.test.ts'));
});
