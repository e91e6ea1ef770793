import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { JsonFile } from '../../src/json-file.ts';
import { Lock } from '../../src/lock.ts';
import { tempFile } from '../tmp.ts';

test('read of a missing file gives the initial value', async () => {
  const f = new JsonFile(tempFile('cart.json'), { items: [] as string[] });
  assert.deepEqual(await f.read(), { items: [] });
});

test('update writes the new value and leaves no temp file', async () => {
  const path = tempFile('cart.json');
  const f = new JsonFile(path, { items: [] as string[] });
  await f.update((c) => ({ items: [...c.items, 'tea'] }));
  assert.deepEqual(await f.read(), { items: ['tea'] });
  assert.deepEqual(await readdir(dirname(path)), ['cart.json']);
});

test('a throwing change releases the lock and writes nothing', async () => {
  const f = new JsonFile(tempFile('cart.json'), { n: 0 });
  await assert.rejects(
    f.update(() => {
      throw new Error('bad change');
    }),
    /bad change/,
  );
  assert.equal(f.busy(), false);
  assert.deepEqual(await f.read(), { n: 0 });
});

test('Lock: acquire, release, acquire', async () => {
  const lock = new Lock();
  await lock.acquire();
  assert.equal(lock.isHeld(), true);
  lock.release();
  assert.equal(lock.isHeld(), false);
  await lock.acquire();
  lock.release();
});
