import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backend } from '../../src/backend.ts';
import { Editor } from '../../src/editor.ts';

test('fast typing makes one search, of the whole word, and every keystroke gets its results', async () => {
  const b = new Backend();
  const e = new Editor(b);
  const results = await Promise.all([e.search('b'), e.search('ba'), e.search('ban')]);
  assert.deepEqual(b.queries, ['ban']);
  assert.deepEqual(results, [['banana bread'], ['banana bread'], ['banana bread']]);
});

test('two refreshes requested at once share one index rebuild', async () => {
  const b = new Backend();
  const e = new Editor(b);
  const [x, y, z] = await Promise.all([e.refresh(), e.refresh(), e.refresh()]);
  assert.deepEqual([x, y, z], [1, 1, 1]);
  assert.equal(b.refreshes, 1);
  assert.equal(await e.refresh(), 2, 'a refresh after the shared one ended runs again');
});

test('saves never overlap and the latest draft is the last one saved', async () => {
  const b = new Backend();
  const e = new Editor(b);
  const saves = ['v1', 'v2', 'v3', 'v4'].map((d) => e.save(d));
  await Promise.all(saves);
  assert.equal(b.maxSaving, 1);
  assert.equal(b.saved[0], 'v1');
  assert.equal(b.saved.at(-1), 'v4', 'the newest draft is saved after the running save');
  assert.ok(b.saved.length <= 2, `the intermediate drafts are skipped (${b.saved})`);
});

test('search, refresh and save at the same time do not disturb each other', async () => {
  const b = new Backend();
  const e = new Editor(b);
  const [found, n, saved] = await Promise.all([
    Promise.all([e.search('che'), e.search('cher')]),
    Promise.all([e.refresh(), e.refresh()]),
    Promise.all([e.save('a'), e.save('b')]),
  ]);
  assert.deepEqual(found, [['cherry pie'], ['cherry pie']]);
  assert.deepEqual(n, [1, 1]);
  assert.equal(saved[0], 'a');
  assert.deepEqual(b.saved, ['a', 'b']);
  assert.deepEqual(b.queries, ['cher']);
});
