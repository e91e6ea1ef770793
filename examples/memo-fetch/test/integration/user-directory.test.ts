import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UserApi, UserDirectory } from '../../src/user-directory.ts';

// Two widgets of one page ask for the signed-in user at the same time. The cache must make that
// one request to the user service.
test('two lookups of the same user at the same time fetch it once', async () => {
  const api = new UserApi(new Map([[7, 'margaret']]));
  const directory = new UserDirectory(api);
  const [a, b] = await Promise.all([directory.getUser(7), directory.getUser(7)]);
  assert.deepEqual(a, { id: 7, name: 'margaret' });
  assert.deepEqual(b, { id: 7, name: 'margaret' });
  assert.equal(api.calls, 1, 'the user service was called more than once');
});
