import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { SearchBackend } from '../../src/backend.ts';
import { SearchBox } from '../../src/search-box.ts';

test('the user keeps typing while a search is running: the box shows the last query', async () => {
  const box = new SearchBox(new SearchBackend());
  await Promise.all([box.runQuery('a'), sleep(2).then(() => box.runQuery('ap')), sleep(4).then(() => box.runQuery('apr'))]);
  assert.equal(box.shownFor, 'apr');
  assert.deepEqual(box.results, ['apricot']);
});
