import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pagedFeed, Validator } from '../../src/feed.ts';
import { FeedImporter } from '../../src/importer.ts';

test('imports active items in feed order', async () => {
  const imp = new FeedImporter(new Validator());
  assert.deepEqual(await imp.import([{ sku: 'a', price: '1.50' }, { sku: 'b', price: '2' }]), [
    { sku: 'a', cents: 150 },
    { sku: 'b', cents: 200 },
  ]);
});

test('discontinued items are skipped without a call', async () => {
  const v = new Validator();
  const out = await new FeedImporter(v).import([{ sku: 'a', price: '1', status: 'discontinued' }, { sku: 'b', price: '3' }]);
  assert.deepEqual(out, [{ sku: 'b', cents: 300 }]);
  assert.equal(v.calls, 1);
});

test('a bad price fails the import with an AggregateError', async () => {
  await assert.rejects(new FeedImporter(new Validator()).import([{ sku: 'x', price: 'free' }]), AggregateError);
});

test('a paged feed is read to the end', async () => {
  const out = await new FeedImporter(new Validator()).import(pagedFeed([[{ sku: 'a', price: '1' }], [{ sku: 'b', price: '2' }]]));
  assert.deepEqual(out.map((i) => i.sku), ['a', 'b']);
});
