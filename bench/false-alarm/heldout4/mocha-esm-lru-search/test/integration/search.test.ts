import assert from 'node:assert/strict';
import { SearchBackend } from '../../src/search-backend.js';
import { SearchBox } from '../../src/search-box.js';
import { Suggestions } from '../../src/suggestions.js';
import { documents, gate, jitter } from '../helpers.js';

describe('suggestions shared by concurrent callers', () => {
  it('ten callers of one prefix at once share one backend call', async () => {
    const backend = new SearchBackend(documents);
    const s = new Suggestions(backend);
    const all = await Promise.all(Array.from({ length: 10 }, () => s.get('re')));
    assert.deepEqual(backend.calls, ['re']);
    for (const hits of all) assert.deepEqual(hits, ['react', 'reactive streams', 'read a file']);
  });

  it('callers of three prefixes arriving at random moments: one call per prefix', async () => {
    const backend = new SearchBackend(documents);
    const s = new Suggestions(backend, 3);
    const prefixes = ['re', 'ru', 'ro', 're', 'ru', 'ro', 're', 'ru', 'ro'];
    await Promise.all(prefixes.map(async (p) => (await jitter(), s.get(p))));
    assert.deepEqual([...backend.calls].sort(), ['re', 'ro', 'ru']);
  });

  it('a failed lookup rejects everyone who joined it and is not cached', async () => {
    const backend = new SearchBackend(documents);
    backend.failing.add('zz');
    const s = new Suggestions(backend);
    const settled = await Promise.allSettled(Array.from({ length: 4 }, () => s.get('zz')));
    assert.ok(settled.every((r) => r.status === 'rejected'));
    assert.equal(backend.calls.length, 1);
    assert.ok(!s.cachedPrefixes().includes('zz'));
    backend.failing.delete('zz');
    assert.deepEqual(await s.get('zz'), []);
    assert.equal(backend.calls.length, 2);
  });
});

describe('the latest keystroke wins', () => {
  it('a burst typed at random moments ends showing the last query typed, never going back', async () => {
    const backend = new SearchBackend(documents);
    const box = new SearchBox(backend);
    const typed: string[] = [];
    const outcomes = await Promise.all(
      ['r', 're', 'rea', 'reac', 'react'].map(async (q) => {
        await jitter();
        typed.push(q);
        return box.type(q);
      }),
    );
    const last = typed[typed.length - 1];
    assert.equal(box.shown?.query, last);
    const positions = box.history.map((q) => typed.indexOf(q));
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b));
    assert.equal(outcomes.filter((o) => o === 'superseded').length, 5 - box.history.length);
  });

  it('a held old request is aborted by the next keystroke and never shown', async () => {
    const backend = new SearchBackend(documents);
    const hold = gate();
    backend.held.set('ru', hold.wait);
    const box = new SearchBox(backend);
    const old = box.type('ru');
    assert.equal(await box.type('re'), 'shown');
    hold.open();
    assert.equal(await old, 'superseded');
    assert.equal(box.shown?.query, 're');
    assert.equal(backend.aborted, 1);
  });

  it('a cached query shown at once still aborts the request in flight', async () => {
    const backend = new SearchBackend(documents);
    const box = new SearchBox(backend);
    await box.type('ro');
    const hold = gate();
    backend.held.set('ru', hold.wait);
    const pending = box.type('ru');
    assert.equal(await box.type('ro'), 'shown');
    hold.open();
    assert.equal(await pending, 'superseded');
    assert.deepEqual(box.history, ['ro', 'ro']);
  });

  it('two search boxes on one backend do not supersede each other', async () => {
    const backend = new SearchBackend(documents);
    const a = new SearchBox(backend);
    const b = new SearchBox(backend);
    const results = await Promise.all([a.type('ru'), b.type('re'), (async () => (await jitter(), a.type('rust')))()]);
    assert.equal(results[1], 'shown');
    assert.equal(a.shown?.query, 'rust');
    assert.equal(b.shown?.query, 're');
  });
});
