import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeKvStore } from '../../src/kv.ts';
import { ProfileService } from '../../src/profiles.ts';

describe('profile service, one request at a time', () => {
  it('a created profile is persisted by the next sync', async () => {
    const profiles = new ProfileService(new FakeKvStore());
    await profiles.create('u1', 'Ada');
    await profiles.sync();
    assert.equal(profiles.persisted('u1')?.displayName, 'Ada');
    assert.equal(profiles.unsaved, 0);
    await profiles.close();
  });

  it('an update is visible at once and bumps the version', async () => {
    const profiles = new ProfileService(new FakeKvStore());
    await profiles.create('u1', 'Ada');
    const updated = await profiles.update('u1', { theme: 'dark' });
    assert.equal(updated.version, 2);
    assert.equal((await profiles.get('u1')).theme, 'dark');
    await profiles.close();
    assert.equal(profiles.persisted('u1')?.theme, 'dark');
  });

  it('edits are written shortly after they are made', async () => {
    const profiles = new ProfileService(new FakeKvStore(), 3);
    await profiles.create('u2', 'Grace');
    await profiles.update('u2', { locale: 'fr-FR' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.equal(profiles.persisted('u2')?.locale, 'fr-FR');
    await profiles.close();
  });

  it('invalid edits are refused', async () => {
    const profiles = new ProfileService(new FakeKvStore());
    await profiles.create('u3', 'Linus');
    await assert.rejects(profiles.update('u3', { locale: 'xx-XX' }), /unsupported locale/);
    await assert.rejects(profiles.update('u3', { displayName: ' ' }), /must not be empty/);
    await assert.rejects(profiles.get('nobody'), /no profile nobody/);
    await profiles.close();
  });

  it('a profile saved by one instance is read by another', async () => {
    const store = new FakeKvStore();
    const first = new ProfileService(store);
    await first.create('u4', 'Barbara');
    await first.close();
    const second = new ProfileService(store);
    assert.equal((await second.get('u4')).displayName, 'Barbara');
    await assert.rejects(second.create('u4', 'Again'), /exists/);
  });
});
