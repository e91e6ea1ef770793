import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backend } from '../../src/backend.ts';
import { Editor } from '../../src/editor.ts';

test('a single search', async () => {
  const e = new Editor(new Backend());
  assert.deepEqual(await e.search('Pie'), ['apple pie', 'cherry pie']);
});

test('searches far apart are separate requests', async () => {
  const b = new Backend();
  const e = new Editor(b);
  await e.search('apple');
  await e.search('pear');
  assert.deepEqual(b.queries, ['apple', 'pear']);
});

test('refresh and save', async () => {
  const b = new Backend();
  const e = new Editor(b);
  assert.equal(await e.refresh(), 1);
  assert.equal(await e.refresh(), 2);
  assert.equal(await e.save('draft 1'), 'draft 1');
  assert.deepEqual(b.saved, ['draft 1']);
});
