import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReorderTest } from '../../src/reorder-test.ts';

// 004 §V-E / SIR reorder: SetThreads and CheckThreads run at once on one SetCheck. A CheckThread
// that runs between set()'s two writes sees (a, b) = (1, 0) and dies with "bug found".
test('ReorderTest: 2 SetThreads and 2 CheckThreads', async () => {
  await assert.doesNotReject(ReorderTest.main(2, 2));
});

test('ReorderTest: 1 SetThread and 3 CheckThreads', async () => {
  await assert.doesNotReject(ReorderTest.main(1, 3));
});
