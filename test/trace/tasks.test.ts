// The task labels of trace/tasks.ts: spawned calls, logical callback flows, and calls that begin
// while a sibling is suspended (trial 15: an inline async callback per item).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TaskLabeler } from '../../src/core/trace/tasks.ts';

test('sequential awaited calls stay in their caller\'s task', () => {
  const t = new TaskLabeler({ logical: true });
  t.enter(1, null);
  t.enter(2, 1);
  t.step('aw', 2);
  t.step('rs', 2);
  t.step('ex', 2);
  t.enter(3, 1);
  t.step('aw', 3);
  t.step('ex', 3);
  assert.deepEqual([...t.labels()], [[1, 'T1'], [2, 'T1'], [3, 'T1']]);
});

test('calls that begin while a sibling is suspended are flows of their own (items.map(async …)); their callees follow them', () => {
  const t = new TaskLabeler({ logical: true });
  t.enter(1, null); // broadcast
  t.enter(2, 1); // send(a): the first callback's
  t.step('aw', 2);
  t.enter(3, 1); // send(b): the second's, while send(a) waits
  t.step('aw', 3);
  t.enter(4, 1); // send(c)
  t.step('rs', 2);
  t.enter(5, 2); // send(a)'s own callee
  t.step('ex', 5);
  assert.deepEqual([...t.labels()], [[1, 'T1'], [2, 'T1'], [3, 'T2'], [4, 'T3'], [5, 'T1']]);
});

test('a spawned sibling, or one on the stack (not suspended), does not make the next call a flow of its own', () => {
  const t = new TaskLabeler({ logical: true });
  t.enter(1, null);
  t.enter(2, 1); // const p = this.a(): spawned
  t.step('aw', 2);
  t.spawn(2);
  t.enter(3, 1); // await this.b(): the caller's flow
  t.enter(4, 1); // called from a closure while b runs (b not suspended)
  assert.deepEqual([...t.labels()], [[1, 'T1'], [2, 'T2'], [3, 'T1'], [4, 'T1']]);
});

test('a one-shot callback run after its registering flow resumed is left behind: a flow of its own; one run while the flow waited continues it', () => {
  const t = new TaskLabeler({ logical: true });
  t.enter(1, null); // place()
  t.enter(2, 1); // reserveLine(): registers a .then and returns
  t.step('ex', 2);
  t.step('aw', 1); // place awaits the race
  t.enter(3, 2, 'then callback (line 35)'); // a first line's .then while place waits
  t.spawn(3);
  t.step('ex', 3);
  t.step('exc', 1); // the race rejected: place goes on (no `rs`) and ends
  t.enter(4, 2, 'then callback (line 35)'); // the loser's .then, after place went on
  t.spawn(4);
  t.step('ex', 4);
  assert.deepEqual([...t.labels()], [[1, 'T1'], [2, 'T1'], [3, 'T1'], [4, 'T2']]);
  assert.deepEqual([...t.leftBehind()], [[4, 2]]);
});

test('a spawned call\'s caller going on leaves nothing behind: the server loop took the next request while the first one\'s .then was pending', () => {
  const t = new TaskLabeler({ logical: true });
  t.enter(1, null); // serve(): a loop
  t.enter(2, 1); // handle(req1), not awaited
  t.enter(3, 2); // fetch(): registers a .then, returns
  t.step('ex', 3);
  t.step('aw', 2); // handle awaits the chain
  t.spawn(2);
  t.step('aw', 1); // the loop awaits the next request
  t.step('rs', 1); // … and gets it
  t.step('aw', 1);
  t.enter(4, 3, 'then callback (line 9)'); // req1's .then: handle still waits for it
  t.spawn(4);
  t.step('ex', 4);
  assert.deepEqual([...t.leftBehind()], []);
  assert.equal(t.labels().get(4), t.labels().get(2));
});
