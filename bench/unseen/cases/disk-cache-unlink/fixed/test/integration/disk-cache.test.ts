import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskCache } from '../../src/disk-cache.ts';

test('a lookup racing an invalidation is a hit or a miss, never an error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-diskcache-'));
  try {
    const cache = new DiskCache<string>(join(dir, 'c'));
    for (let round = 0; round < 10; round++) {
      await cache.set('page:/home', `v${round}`);
      const [got] = await Promise.all([cache.get('page:/home'), cache.delete('page:/home'), cache.get('page:/about')]);
      assert.ok(got === undefined || got === `v${round}`, `unexpected ${got}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
