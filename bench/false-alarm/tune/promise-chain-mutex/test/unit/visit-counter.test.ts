import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChainMutex } from '../../src/mutex.ts';
import { VisitCounter } from '../../src/visit-counter.ts';
import { tempFile } from '../tmp.ts';

test('visit counts per page', async () => {
  const counter = new VisitCounter(tempFile('visits.json'));
  assert.equal(await counter.visit('/'), 1);
  assert.equal(await counter.visit('/'), 2);
  assert.equal(await counter.visit('/about'), 1);
  assert.deepEqual(await counter.read(), { '/': 2, '/about': 1 });
});

test('reset of an unknown page fails, the counter keeps working', async () => {
  const counter = new VisitCounter(tempFile('visits.json'));
  await counter.visit('/');
  await assert.rejects(counter.reset('/nope'), /never visited/);
  assert.equal(await counter.visit('/'), 2);
});

test('ChainMutex returns the critical section result', async () => {
  const m = new ChainMutex();
  assert.equal(await m.run(async () => 42), 42);
  assert.equal(m.queued(), 0);
});
