import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chopstick, Philosopher } from '../../src/dining-philosophers.ts';

// 004 §V-C: the reference run. One philosopher at a time, so a chopstick is always free when it is
// picked up and nobody ever waits.

test('a new chopstick is free', () => {
  for (const id of [0, 1, 2, 3, 4, 9]) {
    const chopstick = new Chopstick(id);
    assert.equal(chopstick.id, id);
    assert.equal(chopstick.taken, false);
  }
});

test('pickup takes a chopstick and pickdown frees it', async () => {
  for (const id of [0, 1, 2, 3, 4]) {
    const chopstick = new Chopstick(id);
    for (let round = 0; round < 4; round++) {
      await chopstick.pickup();
      assert.equal(chopstick.taken, true);
      await chopstick.pickdown();
      assert.equal(chopstick.taken, false);
    }
  }
});

test('several chopsticks are picked up and put down in varied orders', async () => {
  const chopsticks = [0, 1, 2, 3, 4].map((id) => new Chopstick(id));
  for (const order of [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [1, 3, 0, 4, 2], [2, 0, 4, 1, 3]]) {
    for (const i of order) await chopsticks[i]!.pickup();
    assert.ok(chopsticks.every((c) => c.taken));
    for (const i of [...order].reverse()) await chopsticks[i]!.pickdown();
    assert.ok(chopsticks.every((c) => !c.taken));
  }
});

test('eat counts the meals', async () => {
  const philosopher = new Philosopher(0, new Chopstick(0), new Chopstick(1), 3);
  for (let meal = 1; meal <= 5; meal++) {
    await philosopher.eat();
    assert.equal(philosopher.eaten, meal);
  }
});

test('a philosopher alone eats all its meals and puts the chopsticks down', async () => {
  for (const [id, meals] of [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5]]) {
    const left = new Chopstick(id);
    const right = new Chopstick(id + 1);
    const philosopher = new Philosopher(id, left, right, meals);
    await philosopher.run();
    assert.equal(philosopher.eaten, meals);
    assert.equal(left.taken, false);
    assert.equal(right.taken, false);
  }
});

test('philosophers around a table dine one after another', async () => {
  for (const count of [2, 3, 4, 5]) {
    const chopsticks = Array.from({ length: count }, (_, id) => new Chopstick(id));
    const philosophers = chopsticks.map((left, id) => new Philosopher(id, left, chopsticks[(id + 1) % count]!, 2));
    for (const philosopher of philosophers) await philosopher.run();
    assert.deepEqual(philosophers.map((p) => p.eaten), philosophers.map(() => 2));
    assert.ok(chopsticks.every((c) => !c.taken));
  }
});
