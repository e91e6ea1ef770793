import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pagedFeed, type RawItem, Validator } from '../../src/feed.ts';
import { FeedImporter } from '../../src/importer.ts';

const items = (n: number): RawItem[] => Array.from({ length: n }, (_, i) => ({ sku: `sku-${i}`, price: `${i + 1}.25`, ms: [7, 1, 4, 2, 6][i % 5] }));

test('twelve items, three validated at a time, results in feed order', async () => {
  const v = new Validator();
  const out = await new FeedImporter(v, 3).import(items(12));
  assert.deepEqual(out.map((i) => i.sku), items(12).map((i) => i.sku));
  assert.deepEqual(out.map((i) => i.cents), items(12).map((_, i) => (i + 1) * 100 + 25));
  assert.equal(v.maxActive, 3);
  assert.equal(v.active, 0);
});

test('every bad item is reported, and every item ran', async () => {
  const v = new Validator();
  const feed = items(9);
  feed[2].price = 'n/a';
  feed[6].price = '-1';
  feed[4].status = 'discontinued';
  const err = await new FeedImporter(v, 3).import(feed).then(
    () => assert.fail('the import should fail'),
    (e: unknown) => e as AggregateError,
  );
  assert.ok(err instanceof AggregateError);
  assert.deepEqual(err.errors.map((e: Error) => e.message).sort(), ['bad price for sku-2: n/a', 'bad price for sku-6: -1']);
  assert.equal(v.calls, 8);
});

test('lenient import of a feed with bad items keeps the good ones in order', async () => {
  const feed = items(6);
  feed[1].price = 'oops';
  const { imported, errors } = await new FeedImporter(new Validator(), 3).importLenient(feed);
  assert.deepEqual(imported.map((i) => i.sku), ['sku-0', 'sku-2', 'sku-3', 'sku-4', 'sku-5']);
  assert.deepEqual(errors, ['bad price for sku-1: oops']);
});

test('two feeds imported at once from paged generators share one validator', async () => {
  const v = new Validator();
  const imp = new FeedImporter(v, 2);
  const pages = (prefix: string) => [0, 1, 2].map((p) => [0, 1].map((i) => ({ sku: `${prefix}-${p}-${i}`, price: '1', ms: 2 + i })));
  const [a, b] = await Promise.all([imp.import(pagedFeed(pages('a'), 2)), imp.import(pagedFeed(pages('b'), 1))]);
  assert.deepEqual(a.map((i) => i.sku), pages('a').flat().map((i) => i.sku));
  assert.deepEqual(b.map((i) => i.sku), pages('b').flat().map((i) => i.sku));
  assert.ok(v.maxActive <= 4, `two imports of concurrency 2 have at most four calls open (saw ${v.maxActive})`);
  assert.equal(v.calls, 12);
});
