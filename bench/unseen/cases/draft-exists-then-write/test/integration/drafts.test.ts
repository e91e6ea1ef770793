import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConflictError, DraftStore } from '../../src/drafts.ts';

test('two authors create a draft with the same title at once: one wins, the other is told', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-drafts-'));
  try {
    const store = new DraftStore(join(dir, 'drafts'));
    for (const title of ['Roadmap', 'Q3 plan', 'Hiring']) {
      const results = await Promise.allSettled([store.create(title, 'ann', `ann's ${title}`), store.create(title, 'bob', `bob's ${title}`)]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
      assert.equal(won.length, 1, `${title}: ${won.length} creates succeeded`);
      assert.ok(lost[0].reason instanceof ConflictError);
      const winner = results[0].status === 'fulfilled' ? 'ann' : 'bob';
      assert.equal((await store.read((won[0] as PromiseFulfilledResult<string>).value)).author, winner);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
