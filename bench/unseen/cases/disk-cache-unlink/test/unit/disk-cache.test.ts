import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskCache, encodeKey, isExpired } from '../../src/disk-cache.ts';

test('keys are file-name safe and entries expire', () => {
  assert.doesNotMatch(encodeKey('a/b?c'), /[/?]/);
  assert.equal(isExpired({ storedAt: 0, value: 1 }, 10, 5), false);
  assert.equal(isExpired({ storedAt: 0, value: 1 }, 10, 11), true);
});

test('set, get, delete', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-diskcache-'));
  try {
    const cache = new DiskCache<{ n: number }>(join(dir, 'c'));
    assert.equal(await cache.get('x'), undefined);
    await cache.set('x', { n: 1 });
    await cache.set('y/z', { n: 2 });
    assert.deepEqual(await cache.get('x'), { n: 1 });
    assert.deepEqual(await cache.keys(), ['x', 'y/z']);
    await cache.delete('x');
    assert.equal(await cache.get('x'), undefined);
    assert.deepEqual(await cache.keys(), ['y/z']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
