import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SetCheck } from '../../src/set-check.ts';
import { CheckThread, ReorderTest, SetThread } from '../../src/reorder-test.ts';

// 004 §V-E: unit testing of SetCheck and of each thread on its own (Table VI: 7 test cases).
test('a new SetCheck is consistent', async () => {
  assert.equal(await new SetCheck().check(), true);
});

test('set() leaves it consistent', async () => {
  const sc = new SetCheck();
  await sc.set();
  assert.equal(await sc.check(), true);
});

test('set() twice in a row', async () => {
  const sc = new SetCheck();
  await sc.set();
  await sc.set();
  assert.equal(await sc.check(), true);
});

test('a SetThread and then a CheckThread', async () => {
  const sc = new SetCheck();
  await new SetThread(sc).run();
  await new CheckThread(sc).run();
  assert.equal(await sc.check(), true);
});

test('a CheckThread on a fresh SetCheck', async () => {
  const sc = new SetCheck();
  await new CheckThread(sc).run();
  await new SetThread(sc).run();
  await new CheckThread(sc).run();
});

test('ReorderTest with one SetThread only', async () => {
  await ReorderTest.main(1, 0);
});

test('ReorderTest with one CheckThread only', async () => {
  await ReorderTest.main(0, 1);
});
