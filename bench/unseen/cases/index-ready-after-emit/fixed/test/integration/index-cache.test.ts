import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Journal, SnapshotSource } from '../../src/sources.ts';
import { IndexCache } from '../../src/index-cache.ts';

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`lookup still waiting after ${ms} ms`)), ms)));
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

test('requests arrive while the index loads: every lookup is answered', async () => {
  const cache = new IndexCache(new SnapshotSource([{ key: 'nl', value: 'Netherlands' }]), new Journal());
  const lookups = [0, 1, 2, 3, 4, 5, 6, 8].map((ms) => sleep(ms).then(() => cache.lookup('NL')));
  const [, ...answers] = await within(Promise.all([cache.load(), ...lookups]), 3000);
  assert.deepEqual(answers, Array(8).fill('Netherlands'));
});
