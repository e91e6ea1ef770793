import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Supplier } from '../../src/supplier.ts';
import { bestEffortQuote, quoteAll, TimeoutError, withTimeout } from '../../src/pricing.ts';

test('withTimeout returns the result of fast work', async () => {
  assert.equal(await withTimeout(1000, async () => 42), 42);
});

test('withTimeout rejects slow work and aborts it', async () => {
  const s = new Supplier('slow', { x: 2000 }, { x: 1 });
  await assert.rejects(withTimeout(20, (signal) => s.quote('x', signal)), TimeoutError);
  assert.equal(s.aborted, 1);
  assert.equal(s.timers.size, 0);
});

test('a single supplier quote', async () => {
  const s = new Supplier('acme', {}, { bolt: 3 });
  assert.deepEqual(await bestEffortQuote([s], 'bolt', 1000), { price: 3, from: 'acme' });
});

test('quoteAll records unknown skus as failures', async () => {
  const s = new Supplier('acme', {}, { bolt: 3 });
  const r = await quoteAll(s, ['bolt', 'nut'], 2, 1000);
  assert.deepEqual(r, { prices: { bolt: 3 }, failed: { nut: 'acme: unknown sku nut' }, batches: 1 });
});
