import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChainMutex } from '../../src/mutex.ts';
import { VisitCounter } from '../../src/visit-counter.ts';
import { tempFile } from '../tmp.ts';

test('twenty concurrent visits: the file says 20, each caller got a distinct count', async () => {
  const counter = new VisitCounter(tempFile('visits.json'));
  const counts = await Promise.all(Array.from({ length: 20 }, () => counter.visit('/')));
  assert.deepEqual([...counts].sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i + 1));
  assert.deepEqual(await counter.read(), { '/': 20 });
  assert.equal(counter.maxInside, 1);
});

test('visits to several pages at once all count', async () => {
  const counter = new VisitCounter(tempFile('visits.json'));
  const pages = ['/', '/a', '/b', '/', '/a', '/'];
  await Promise.all(pages.map((p) => counter.visit(p)));
  assert.deepEqual(await counter.read(), { '/': 3, '/a': 2, '/b': 1 });
});

test('a failing section in the middle does not break the chain', async () => {
  const counter = new VisitCounter(tempFile('visits.json'));
  const results = await Promise.allSettled([counter.visit('/'), counter.reset('/missing'), counter.visit('/'), counter.visit('/')]);
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  assert.deepEqual(await counter.read(), { '/': 3 });
});

test('sections run in call order', async () => {
  const m = new ChainMutex();
  const order: number[] = [];
  await Promise.all(
    [3, 1, 2].map((ms, i) =>
      m.run(async () => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(i);
      }),
    ),
  );
  assert.deepEqual(order, [0, 1, 2]);
});
