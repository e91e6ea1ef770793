// ASSETFUZZER phase II (src/core/runtime/strategies/assetfuzzer.ts) over hand-made candidates:
// holding the task that made e_i, the vulnerable-window lockset against thrashing, matching by
// site and calling context, and the `realised` event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AssetFuzzerStrategy, type AsfTarget } from '../../src/core/runtime/strategies/assetfuzzer.ts';
import type { Candidate } from '../../src/core/runtime/strategies/strategy.ts';

// Row 9: u reads c (site 1), u' writes c (2) and s (3), u reads s (4).
const target = (release?: number[]): AsfTarget => ({
  id: 't',
  steps: [
    { role: 0, op: 'r', loc: 0, site: 'a.ts:1:1', ctx: 'u', ...(release ? { release } : {}) },
    { role: 1, op: 'w', loc: 0, site: 'a.ts:2:1', ctx: 'v' },
    { role: 1, op: 'w', loc: 1, site: 'a.ts:3:1', ctx: 'v' },
    { role: 0, op: 'r', loc: 1, site: 'a.ts:4:1', ctx: 'u' },
  ],
});
const lookup = { siteKey: (site: number) => `a.ts:${site}:1`, context: (act: unknown) => String(act) };
const candidate = (task: number, site = 9): Candidate => ({ seq: task, key: `${task}@${site}`, activation: task, site, task });

function strategy(release?: number[]): AssetFuzzerStrategy {
  const s = new AssetFuzzerStrategy(1, [target(release)]);
  s.bind(lookup);
  return s;
}

test('after e_i the task is held while the other can run, until the other made e_k and e_l', () => {
  const s = strategy();
  s.onAccess(1, false, 7, 'c', 1, 'u');
  for (let step = 1; step <= 20; step++) assert.equal(s.choose([candidate(1), candidate(2)], step), 1, 'task 2 runs, task 1 is held');
  s.onAccess(2, true, 7, 'c', 2, 'v');
  s.onAccess(2, true, 7, 's', 3, 'v');
  // Now u goes on: it owns the next step.
  for (let step = 21; step <= 30; step++) assert.equal(s.choose([candidate(1), candidate(2)], step), 0);
  s.onAccess(1, false, 7, 's', 4, 'u');
  assert.deepEqual(s.events.map((e) => e.kind), ['matched', 'matched', 'matched', 'matched', 'realised']);
});

test('a held task still runs when nothing else can (no deadlock of our making)', () => {
  const s = strategy();
  s.onAccess(1, false, 7, 'c', 1, 'u');
  assert.equal(s.choose([candidate(1)], 1), 0);
});

test('vulnerable-window lockset: the task is not held while it still holds the window\'s lock', () => {
  const s = strategy([0]);
  s.onLockAcquired(1, 42);
  s.onAccess(1, false, 7, 'c', 1, 'u');
  // Holding lock 42, which u' needs: not held (u runs too, at random).
  const picks = new Set<number>();
  for (let step = 1; step <= 40; step++) picks.add(s.choose([candidate(1), candidate(2)], step));
  assert.deepEqual([...picks].sort(), [0, 1]);
  s.onLockReleased(1, 42);
  for (let step = 41; step <= 60; step++) assert.equal(s.choose([candidate(1), candidate(2)], step), 1);
});

test('events match by site and calling context: the same site in another context is another event', () => {
  const s = strategy();
  s.onAccess(1, false, 7, 'c', 1, 'elsewhere');
  assert.deepEqual(s.events, []);
  s.onAccess(1, false, 7, 'c', 1, 'u');
  assert.equal(s.events.length, 1);
  // u' must access the same object for the same location (one atomic set's instance).
  s.onAccess(2, true, 8, 'c', 2, 'v');
  assert.equal(s.events.length, 1);
  s.onAccess(2, true, 7, 'c', 2, 'v');
  assert.equal(s.events.length, 2);
  // m2 may live on another object (a collection held in a field of the first); it binds then.
  s.onAccess(2, true, 9, 's', 3, 'v');
  assert.equal(s.events.length, 3);
  s.onAccess(1, false, 7, 's', 4, 'u');
  assert.equal(s.events.length, 3, 'u\'s read of m2 must be on the object u\' wrote');
  s.onAccess(1, false, 9, 's', 4, 'u');
  assert.equal(s.events.at(-1)!.kind, 'realised');
});

test('the window closes when u reaches e_j before the other task got in: the attempt is abandoned', () => {
  const s = strategy();
  s.onAccess(1, false, 7, 'c', 1, 'u');
  s.onAccess(1, false, 7, 's', 4, 'u');
  assert.deepEqual(s.events.map((e) => e.kind), ['matched', 'abandoned']);
  // A fresh e_i starts a new attempt.
  s.onAccess(1, false, 7, 'c', 1, 'u');
  assert.equal(s.events.at(-1)!.kind, 'matched');
});

test('before e_i, continuations at the gate of the other task\'s first event are deferred', () => {
  const t = target();
  t.steps[0].gate = 'a.ts:5:1';
  t.steps[1].gate = 'a.ts:6:1';
  const s = new AssetFuzzerStrategy(3, [t]);
  s.bind(lookup);
  for (let step = 1; step <= 20; step++) assert.equal(s.choose([candidate(2, 6), candidate(1, 8), candidate(1, 5)], step), 2);
});

test('before e_i, the other task waits at every scheduling point it passed on the way to its first event', () => {
  const t = target();
  t.steps[0].gate = 'a.ts:5:1';
  t.steps[0].gates = ['a.ts:7:1', 'a.ts:5:1'];
  // u' took a lock (site 6) and then asked for a second one (site 10) before its first write.
  t.steps[1].gate = 'a.ts:10:1';
  t.steps[1].gates = ['a.ts:6:1', 'a.ts:10:1'];
  const s = new AssetFuzzerStrategy(5, [t]);
  s.bind(lookup);
  for (let step = 1; step <= 20; step++) assert.equal(s.choose([candidate(2, 6), candidate(1, 7)], step), 1, 'u\'s continuation goes first');
  // A site both tasks pass (their common caller) is not deferred.
  t.steps[1].gates = ['a.ts:7:1', 'a.ts:10:1'];
  const shared = new AssetFuzzerStrategy(5, [t]);
  shared.bind(lookup);
  const picks = new Set<number>();
  for (let step = 1; step <= 40; step++) picks.add(shared.choose([candidate(2, 7), candidate(1, 7)], step));
  assert.deepEqual([...picks].sort(), [0, 1]);
});
