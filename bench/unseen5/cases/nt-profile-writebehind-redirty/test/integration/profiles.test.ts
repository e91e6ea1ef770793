import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeKvStore } from '../../src/kv.ts';
import { ProfileService, type ProfilePatch } from '../../src/profiles.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A user clicking through the settings page: a few edits at random moments. */
async function clickThrough(profiles: ProfileService, id: string, edits: ProfilePatch[]): Promise<void> {
  for (const patch of edits) {
    await sleep(between(1, 6));
    await profiles.update(id, patch);
  }
}

describe('profile edits under load', () => {
  it('the last edit of each user reaches the store', async () => {
    const profiles = new ProfileService(new FakeKvStore(), 4);
    await Promise.all(['u1', 'u2', 'u3'].map((id) => profiles.create(id, id.toUpperCase())));
    await Promise.all([
      clickThrough(profiles, 'u1', [{ theme: 'dark' }, { locale: 'de-DE' }, { displayName: 'Ute' }]),
      clickThrough(profiles, 'u2', [{ locale: 'nl-NL' }, { theme: 'dark' }]),
      clickThrough(profiles, 'u3', [{ displayName: 'Uma' }, { theme: 'dark' }, { locale: 'en-US' }]),
    ]);
    await profiles.close();
    for (const id of ['u1', 'u2', 'u3']) {
      assert.deepEqual(profiles.persisted(id), await profiles.get(id), `stored profile of ${id}`);
    }
  });

  it('many new users at once are all saved', async () => {
    const profiles = new ProfileService(new FakeKvStore());
    const ids = Array.from({ length: 8 }, (_, i) => `n${i}`);
    await Promise.all(ids.map((id) => profiles.create(id, `User ${id}`)));
    await profiles.close();
    assert.deepEqual(ids.map((id) => profiles.persisted(id)?.displayName), ids.map((id) => `User ${id}`));
  });

  it('overlapping syncs write each profile once', async () => {
    const store = new FakeKvStore();
    const profiles = new ProfileService(store, 1000);
    await Promise.all(['a', 'b', 'c'].map((id) => profiles.create(id, id)));
    await Promise.all([profiles.sync(), profiles.sync(), profiles.sync()]);
    assert.equal(store.writes.length, 3);
    assert.equal(profiles.unsaved, 0);
    await profiles.close();
  });

  it('a second instance reads what the first saved', async () => {
    const store = new FakeKvStore();
    const first = new ProfileService(store);
    await first.create('s1', 'Sam');
    await Promise.all([first.update('s1', { theme: 'dark' }), sleep(2)]);
    await first.close();
    const second = new ProfileService(store);
    assert.equal((await second.get('s1')).theme, 'dark');
  });
});
