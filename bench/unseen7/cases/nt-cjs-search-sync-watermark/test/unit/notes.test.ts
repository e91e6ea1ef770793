import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NotesTable } from '../../src/db';
import { SearchIndexer } from '../../src/indexer';
import { NotesApi, NotesRepo, NotesService, Renderer } from '../../src/notes';

function setup() {
  const table = new NotesTable();
  const renderer = new Renderer();
  const api = new NotesApi(new NotesService(new NotesRepo(table, renderer)));
  return { table, renderer, api, indexer: new SearchIndexer(table) };
}

const put = (api: NotesApi, id: string, title: string, body: string) => api.put({ params: { id }, body: { title, body } });

describe('notes and their search index, one request at a time', () => {
  it('renders markdown to HTML', async () => {
    assert.equal(await new Renderer().render('# Plan\n\nship **today**'), '<h1>Plan</h1><p>ship <strong>today</strong></p>');
  });

  it('stores a note and bumps its version and write time on each save', async () => {
    const { api, table } = setup();
    assert.deepEqual(await put(api, 'n1', ' Groceries ', 'milk'), { status: 200, body: { id: 'n1', version: 1 } });
    const first = await table.get('n1');
    assert.deepEqual(await put(api, 'n1', 'Groceries', 'milk, eggs'), { status: 200, body: { id: 'n1', version: 2 } });
    const second = await table.get('n1');
    assert.equal(second?.title, 'Groceries');
    assert.equal(second?.html, '<p>milk, eggs</p>');
    assert.ok(second!.updatedAt > first!.updatedAt);
  });

  it('refuses a note without a title or with a huge body', async () => {
    const { api, table } = setup();
    assert.deepEqual(await put(api, 'n2', '  ', 'x'), { status: 422, body: 'a note needs a title' });
    assert.equal((await put(api, 'n2', 'Big', 'x'.repeat(20_001))).status, 422);
    assert.equal(table.size, 0);
  });

  it('a pass indexes what changed and the next pass finds nothing new', async () => {
    const { api, indexer } = setup();
    await put(api, 'a', 'Trip', 'book the ferry');
    await put(api, 'b', 'Garden', 'plant tulips');
    assert.equal(await indexer.syncOnce(), 2);
    assert.deepEqual(indexer.search('ferry'), ['a']);
    assert.deepEqual(indexer.search('plant tulips'), ['b']);
    assert.equal(await indexer.syncOnce(), 0);
    assert.ok(indexer.watermark > 0);
  });

  it('an edit replaces the note in the index', async () => {
    const { api, indexer } = setup();
    await put(api, 'a', 'Trip', 'book the ferry');
    await indexer.syncOnce();
    await put(api, 'a', 'Trip', 'book the train');
    assert.equal(await indexer.syncOnce(), 1);
    assert.deepEqual(indexer.search('ferry'), []);
    assert.deepEqual(indexer.search('train'), ['a']);
  });
});
