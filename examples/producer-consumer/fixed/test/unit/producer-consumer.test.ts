import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Consumer, Producer, SyncStack, WoTou, main } from '../../src/producer-consumer.ts';

// 004 §V-D: the reference run — "reference invariants from the program where there is one
// producer and one consumer" (the last test); the others do one thing at a time.

test('a WoTou keeps its id', () => {
  for (const id of [0, 1, 2, 7, 19, 42, 99]) {
    const wt = new WoTou(id);
    assert.equal(wt.id, id);
    assert.equal(wt.toString(), `WoTou : ${id}`);
  }
});

test('a new SyncStack is empty and has room for Max WoTou', () => {
  for (const max of [1, 2, 3, 4, 6, 10]) {
    const ss = new SyncStack(max);
    assert.equal(ss.max, max);
    assert.equal(ss.index, 0);
    assert.equal(ss.arrWT.length, max);
  }
  assert.equal(new SyncStack().max, 6);
});

test('push then pop gives the same WoTou back', async () => {
  const ss = new SyncStack(6);
  for (let id = 0; id < 12; id++) {
    const wt = new WoTou(id);
    await ss.push(wt);
    assert.equal(ss.index, 1);
    assert.equal(await ss.pop(), wt);
    assert.equal(ss.index, 0);
  }
});

test('pop returns WoTou last in, first out', async () => {
  for (const n of [1, 2, 3, 4, 5, 6]) {
    const ss = new SyncStack(6);
    const pushed = Array.from({ length: n }, (_, i) => new WoTou(10 * n + i));
    for (const [i, wt] of pushed.entries()) {
      await ss.push(wt);
      assert.equal(ss.index, i + 1);
    }
    for (const wt of [...pushed].reverse()) {
      assert.equal(await ss.pop(), wt);
    }
    assert.equal(ss.index, 0);
  }
});

test('the buffer fills to exactly Max and empties again', async () => {
  for (const max of [2, 3, 4, 6]) {
    const ss = new SyncStack(max);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < max; i++) await ss.push(new WoTou(round * max + i));
      assert.equal(ss.index, max);
      for (let i = max - 1; i >= 0; i--) assert.equal((await ss.pop()).id, round * max + i);
      assert.equal(ss.index, 0);
    }
  }
});

test('pushes and pops alternate in uneven runs', async () => {
  const ss = new SyncStack(6);
  const model: number[] = [];
  let next = 0;
  for (const [pushes, pops] of [[3, 1], [2, 2], [4, 5], [1, 0], [4, 3], [0, 2], [3, 4]]) {
    for (let i = 0; i < pushes; i++) {
      await ss.push(new WoTou(next));
      model.push(next++);
      assert.equal(ss.index, model.length);
    }
    for (let i = 0; i < pops; i++) {
      assert.equal((await ss.pop()).id, model.pop());
      assert.equal(ss.index, model.length);
    }
  }
  assert.equal(ss.index, 0);
});

test('a producer alone fills the buffer, then a consumer alone empties it', async () => {
  for (const [id, count] of [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6]]) {
    const ss = new SyncStack(6);
    const producer = new Producer(ss, id, count);
    await producer.run();
    assert.equal(producer.produced, count);
    assert.equal(ss.index, count);
    const consumer = new Consumer(ss, count);
    const eaten = await consumer.run();
    const ids = Array.from({ length: count }, (_, i) => id * count + i);
    assert.deepEqual(eaten.map((wt) => wt.id), ids.reverse());
    assert.equal(ss.index, 0);
  }
});

// 004 §V-D's reference: one producer and one consumer on one SyncStack. With a single producer a
// woken push always finds room (only the consumer frees slots), so the buffer never overflows.
test('one producer and one consumer share the SyncStack', async () => {
  for (const [count, max] of [[20, 6], [12, 3], [8, 1]]) {
    const { ss, eaten } = await main(1, 1, count, max);
    assert.deepEqual(eaten.map((wt) => wt.id).sort((a, b) => a - b), Array.from({ length: count }, (_, i) => i));
    assert.equal(ss.index, 0);
    assert.ok(ss.arrWT.length === max, `the buffer grew to ${ss.arrWT.length}`);
  }
});
