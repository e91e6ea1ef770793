import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Supplier } from '../../src/supplier.ts';
import { bestEffortQuote, quoteAll } from '../../src/pricing.ts';

test('the fastest supplier wins and the slower ones are cancelled', async () => {
  const fast = new Supplier('fast', { bolt: 2 }, { bolt: 10 });
  const slow = new Supplier('slow', { bolt: 400 }, { bolt: 9 });
  const slower = new Supplier('slower', { bolt: 800 }, { bolt: 8 });
  const q = await bestEffortQuote([slow, fast, slower], 'bolt', 5000);
  assert.deepEqual(q, { price: 10, from: 'fast' });
  assert.deepEqual([slow.aborted, slower.aborted, fast.aborted], [1, 1, 0]);
  assert.equal(slow.timers.size + slower.timers.size, 0, 'no timer of a loser is left behind');
});

test('when every supplier is too slow the quote times out and all are cancelled', async () => {
  const a = new Supplier('a', { bolt: 3000 }, { bolt: 1 });
  const b = new Supplier('b', { bolt: 3000 }, { bolt: 2 });
  await assert.rejects(bestEffortQuote([a, b], 'bolt', 30), { name: 'TimeoutError' });
  assert.deepEqual([a.aborted, b.aborted, a.open, b.open], [1, 1, 0, 0]);
});

test('concurrent quotes for different skus do not cancel each other', async () => {
  const s1 = new Supplier('s1', { bolt: 3, nut: 300 }, { bolt: 1, nut: 2 });
  const s2 = new Supplier('s2', { bolt: 300, nut: 3 }, { bolt: 5, nut: 6 });
  const [bolt, nut] = await Promise.all([bestEffortQuote([s1, s2], 'bolt', 5000), bestEffortQuote([s1, s2], 'nut', 5000)]);
  assert.deepEqual(bolt, { price: 1, from: 's1' });
  assert.deepEqual(nut, { price: 6, from: 's2' });
  assert.deepEqual([s1.completed, s2.completed, s1.aborted, s2.aborted], [1, 1, 1, 1]);
});

test('batches run one after another; inside a batch the quotes overlap; slow ones time out', async () => {
  const latency = { a: 2, b: 2000, c: 2, d: 2, e: 2, f: 2000, g: 2 };
  const supplier = new Supplier('acme', latency, { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 });
  let maxOpen = 0;
  const probe = setInterval(() => (maxOpen = Math.max(maxOpen, supplier.open)), 0);
  const original = supplier.quote.bind(supplier);
  supplier.quote = (sku, signal) => {
    const p = original(sku, signal);
    maxOpen = Math.max(maxOpen, supplier.open);
    return p;
  };
  try {
    const r = await quoteAll(supplier, Object.keys(latency), 3, 60);
    assert.deepEqual(r.prices, { a: 1, c: 3, d: 4, e: 5 });
    assert.deepEqual(r.failed, { b: 'timeout', f: 'timeout', g: 'acme: unknown sku g' });
    assert.equal(r.batches, 3);
    assert.equal(maxOpen, 3, 'a batch of three is in flight together, and never more');
    assert.equal(supplier.open, 0);
  } finally {
    clearInterval(probe);
  }
});
