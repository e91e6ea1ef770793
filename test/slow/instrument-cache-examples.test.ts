// The slow tier of test/instrument/instrument-cache.test.ts (which compares each example source in
// one format and instrumentation, in turn): every example source × both module formats × every
// instrumentation, a cache hit equals a fresh transpilation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cachedEqualsFresh } from '../helpers/cache-equality.ts';

test('cached output equals a fresh transpilation, for every example source, both formats and several instrumentations', async () => {
  const compared = await cachedEqualsFresh((_, all) => all);
  assert.ok(compared >= 200);
});
