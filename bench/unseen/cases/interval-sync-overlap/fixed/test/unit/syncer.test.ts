import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChangeFeed, Ledger } from '../../src/feed.ts';
import { ChangeSyncer, lastSeq } from '../../src/syncer.ts';

test('lastSeq', () => {
  assert.equal(lastSeq([], 4), 4);
  assert.equal(lastSeq([{ seq: 5, op: 'credit', amount: 1 }, { seq: 7, op: 'debit', amount: 1 }], 4), 7);
});

test('ticks apply new changes once, in order', async () => {
  const feed = new ChangeFeed();
  const ledger = new Ledger();
  const syncer = new ChangeSyncer(feed, ledger);
  feed.publish('credit', 100);
  feed.publish('debit', 30);
  assert.equal(await syncer.tick(), 2);
  assert.equal(await syncer.tick(), 0);
  feed.publish('credit', 5);
  assert.equal(await syncer.tick(), 1);
  assert.deepEqual(ledger.applied, [1, 2, 3]);
  assert.equal(ledger.balance, 75);
  assert.equal(syncer.position, 3);
});
