import assert from 'node:assert/strict';
import { SearchBackend } from '../../src/search-backend.js';
import { SearchBox } from '../../src/search-box.js';
import { Suggestions } from '../../src/suggestions.js';
import { documents } from '../helpers.js';

describe('search, one keystroke at a time', () => {
  it('shows the hits of each query in turn', async () => {
    const box = new SearchBox(new SearchBackend(documents));
    assert.equal(await box.type('re'), 'shown');
    assert.equal(box.shown?.hits.length, 6);
    assert.equal(await box.type('rea'), 'shown');
    assert.deepEqual(box.shown, { query: 'rea', hits: ['react', 'reactive streams', 'read a file', 'ready state'] });
  });

  it('a query typed again is answered from the LRU without a backend call', async () => {
    const backend = new SearchBackend(documents);
    const box = new SearchBox(backend);
    await box.type('ru');
    await box.type('ro');
    await box.type('ru');
    assert.deepEqual(backend.calls, ['ru', 'ro']);
    assert.deepEqual(box.history, ['ru', 'ro', 'ru']);
  });

  it('a failed search rejects and leaves the pane as it was', async () => {
    const backend = new SearchBackend(documents);
    backend.failing.add('x');
    const box = new SearchBox(backend);
    await box.type('ru');
    await assert.rejects(box.type('x'), /failed/);
    assert.equal(box.shown?.query, 'ru');
  });

  it('suggestions are the first three hits, cached per prefix', async () => {
    const backend = new SearchBackend(documents);
    const s = new Suggestions(backend);
    assert.deepEqual(await s.get('re'), ['react', 'reactive streams', 'read a file']);
    assert.deepEqual(await s.get('re'), ['react', 'reactive streams', 'read a file']);
    assert.equal(backend.calls.length, 1);
  });

  it('the suggestion cache keeps only the most recently used prefixes', async () => {
    const s = new Suggestions(new SearchBackend(documents), 2);
    for (const p of ['a', 'b', 'c', 'd']) await s.get(p);
    assert.equal(s.cachedPrefixes().length <= 4, true);
    assert.ok(!s.cachedPrefixes().includes('a'));
    assert.ok(s.cachedPrefixes().includes('d'));
  });
});
