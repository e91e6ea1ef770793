import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { JsonFile } from '../../src/json-file.ts';
import { Lock } from '../../src/lock.ts';
import { tempFile } from '../tmp.ts';

test('ten concurrent increments: the file says 10', async () => {
  const f = new JsonFile(tempFile('counter.json'), { n: 0 });
  const seen = await Promise.all(Array.from({ length: 10 }, () => f.update((c) => ({ n: c.n + 1 }))));
  assert.deepEqual(seen.map((c) => c.n).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(await f.read(), { n: 10 });
});

test('readers during a burst of updates always parse a whole document', async () => {
  const path = tempFile('list.json');
  const f = new JsonFile(path, { items: [] as number[] });
  await f.update(() => ({ items: [0] }));
  const writers = Array.from({ length: 8 }, (_, i) => f.update((c) => ({ items: [...c.items, i + 1] })));
  const readers = Array.from({ length: 8 }, async () => JSON.parse(await readFile(path, 'utf8')));
  const snapshots = await Promise.all(readers);
  await Promise.all(writers);
  for (const s of snapshots) assert.ok(Array.isArray(s.items) && s.items[0] === 0);
  assert.deepEqual((await f.read()).items.length, 9);
  assert.deepEqual(await readdir(dirname(path)), ['list.json']);
});

test('updates of two files run independently and both end right', async () => {
  const a = new JsonFile(tempFile('a.json'), { n: 0 });
  const b = new JsonFile(tempFile('b.json'), { n: 100 });
  await Promise.all([
    ...Array.from({ length: 5 }, () => a.update((c) => ({ n: c.n + 1 }))),
    ...Array.from({ length: 5 }, () => b.update((c) => ({ n: c.n - 1 }))),
  ]);
  assert.deepEqual(await a.read(), { n: 5 });
  assert.deepEqual(await b.read(), { n: 95 });
});

test('the lock hands over in FIFO order', async () => {
  const lock = new Lock();
  const order: string[] = [];
  const worker = async (name: string) => {
    await lock.acquire();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      order.push(name);
    } finally {
      lock.release();
    }
  };
  await Promise.all(['first', 'second', 'third'].map(worker));
  assert.deepEqual(order, ['first', 'second', 'third']);
  assert.equal(lock.isHeld(), false);
});
