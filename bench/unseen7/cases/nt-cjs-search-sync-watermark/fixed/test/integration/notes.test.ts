import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { NotesTable } from '../../src/db';
import { SearchIndexer } from '../../src/indexer';
import { NotesApi, NotesRepo, NotesService, Renderer } from '../../src/notes';

function setup() {
  const table = new NotesTable();
  const api = new NotesApi(new NotesService(new NotesRepo(table, new Renderer())));
  return { table, api, indexer: new SearchIndexer(table) };
}

const put = (api: NotesApi, id: string, title: string, body: string) => api.put({ params: { id }, body: { title, body } });

/** Each edit arrives at a random moment within `spreadMs`. */
const edits = (api: NotesApi, list: Array<[string, string, string]>, spreadMs: number) =>
  Promise.all(
    list.map(async ([id, title, body]) => {
      await sleep(Math.floor(Math.random() * spreadMs));
      return put(api, id, title, body);
    }),
  );

/** Stops the background indexer, then runs one last pass, as the app does on shutdown. */
async function settle(indexer: SearchIndexer) {
  await indexer.stop();
  await indexer.syncOnce();
}

describe('search follows notes edited concurrently', () => {
  it('notes edited at once while the indexer runs are all searchable', async () => {
    const { api, indexer } = setup();
    indexer.start(2);
    await edits(
      api,
      [
        ['n1', 'Kitchen', 'buy saffron'],
        ['n2', 'Office', 'order toner'],
        ['n3', 'Garage', 'fix bicycle'],
        ['n4', 'Garden', 'water basil'],
      ],
      10,
    );
    await settle(indexer);
    assert.deepEqual(['saffron', 'toner', 'bicycle', 'basil'].map((w) => indexer.search(w)), [['n1'], ['n2'], ['n3'], ['n4']]);
  });

  it('an edit made during a burst of other edits is found by its new words', async () => {
    const { api, indexer } = setup();
    await put(api, 'plan', 'Plan', 'draft agenda');
    await indexer.syncOnce();
    indexer.start(2);
    await edits(
      api,
      [
        ['plan', 'Plan', 'final agenda with budget'],
        ['memo', 'Memo', 'call the landlord'],
        ['todo', 'Todo', 'renew passport'],
      ],
      10,
    );
    await settle(indexer);
    assert.deepEqual(indexer.search('budget'), ['plan']);
    assert.deepEqual(indexer.search('landlord passport'), []);
    assert.deepEqual(indexer.search('passport'), ['todo']);
  });

  it('sync triggers arriving together share one pass', async () => {
    const { api, indexer, table } = setup();
    await put(api, 'a', 'Alpha', 'first');
    await put(api, 'b', 'Beta', 'second');
    const counts = await Promise.all([indexer.syncOnce(), indexer.syncOnce(), indexer.syncOnce()]);
    assert.deepEqual(counts, [2, 2, 2]);
    assert.equal(indexer.passes, 1);
    assert.equal(table.scans, 1);
  });

  it('notes saved one after another while the indexer runs', async () => {
    const { api, indexer } = setup();
    indexer.start(2);
    for (const [id, word] of [['x', 'apples'], ['y', 'pears'], ['z', 'plums']]) await put(api, id, id.toUpperCase(), `eat ${word}`);
    await settle(indexer);
    assert.deepEqual(indexer.search('eat'), ['x', 'y', 'z']);
  });
});
