import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { DocStore } from '../../src/doc-store.ts';
import { Autosaver, Document, onInput } from '../../src/editor.ts';

test('keystrokes typed while a save runs are saved too', async () => {
  const store = new DocStore();
  const doc = new Document('draft');
  const saver = new Autosaver(doc, store);
  await Promise.all([onInput(doc, saver, 'The '), onInput(doc, saver, 'quick '), onInput(doc, saver, 'fox')]);
  assert.equal(store.read('draft'), 'The quick fox');
});

test('a burst of typing ends with the whole text stored', async () => {
  const store = new DocStore();
  const doc = new Document('essay');
  const saver = new Autosaver(doc, store);
  const words = ['Once ', 'upon ', 'a ', 'time'];
  await Promise.all(words.map(async (w, i) => {
    await sleep(i * 2);
    await onInput(doc, saver, w);
  }));
  assert.equal(store.read('essay'), 'Once upon a time');
  assert.ok(store.writes <= words.length);
});

test('two documents autosave independently', async () => {
  const store = new DocStore();
  const a = new Document('a');
  const b = new Document('b');
  const sa = new Autosaver(a, store);
  const sb = new Autosaver(b, store);
  await Promise.all([onInput(a, sa, 'x'), onInput(b, sb, 'y'), onInput(a, sa, 'z')]);
  assert.equal(store.read('a'), 'xz');
  assert.equal(store.read('b'), 'y');
});
