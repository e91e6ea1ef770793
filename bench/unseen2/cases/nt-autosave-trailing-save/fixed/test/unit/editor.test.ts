import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocStore } from '../../src/doc-store.ts';
import { Autosaver, Document, onInput, wordCount } from '../../src/editor.ts';

test('wordCount counts words', () => {
  assert.equal(wordCount(''), 0);
  assert.equal(wordCount('  hello   world '), 2);
});

test('a document records its edits', () => {
  const doc = new Document('notes');
  doc.type('Dear ');
  doc.type('Ann');
  assert.equal(doc.snapshot(), 'Dear Ann');
  assert.equal(doc.revision, 2);
});

test('each saved edit reaches the store', async () => {
  const store = new DocStore();
  const doc = new Document('letter');
  const saver = new Autosaver(doc, store);
  await onInput(doc, saver, 'Hello');
  assert.equal(store.read('letter'), 'Hello');
  await onInput(doc, saver, ', world');
  assert.equal(store.read('letter'), 'Hello, world');
  assert.equal(store.writes, 2);
  assert.equal(saver.busy, false);
});
