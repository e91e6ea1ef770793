import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import limiter from '../../src/limiter.cjs';

test('a crawler releases its slot and queues the links it found: never more than `max` fetches at once', async () => {
  limiter.configure(2);
  let running = 0;
  let most = 0;
  const fetched: string[] = [];
  const crawl = async (page: string, depth: number): Promise<void> => {
    const release = await limiter.acquire();
    running++;
    most = Math.max(most, running);
    await sleep(2);
    fetched.push(page);
    running--;
    release();
    if (depth > 0) await Promise.all([crawl(`${page}/a`, depth - 1), crawl(`${page}/b`, depth - 1)]);
  };
  await Promise.all([crawl('/x', 2), crawl('/y', 1), crawl('/z', 0)]);
  assert.equal(fetched.length, 7 + 3 + 1);
  assert.ok(most <= 2, `${most} fetches ran at once`);
  assert.ok(limiter.stats().peak <= 2, `peak ${limiter.stats().peak}`);
  assert.deepEqual(limiter.stats(), { max: 2, active: 0, peak: 2, waiting: 0 });
});

test('run() keeps the limit for plain tasks', async () => {
  limiter.configure(2);
  let running = 0;
  let most = 0;
  const task = async () => {
    running++;
    most = Math.max(most, running);
    await sleep(2);
    running--;
  };
  await Promise.all(Array.from({ length: 5 }, () => limiter.run(task)));
  assert.ok(most <= 2, `${most} tasks ran at once`);
});
