import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ChangeFeed, Ledger } from '../../src/feed.ts';
import { ChangeSyncer } from '../../src/syncer.ts';

test('the interval fires while a slow sync is still running: every change is applied once', async () => {
  const feed = new ChangeFeed();
  const ledger = new Ledger();
  const syncer = new ChangeSyncer(feed, ledger, 4);
  feed.publish('credit', 100);
  syncer.start();
  await sleep(3);
  feed.publish('debit', 40);
  feed.publish('credit', 15);
  await sleep(20);
  syncer.stop();
  await syncer.tick();
  await syncer.tick();
  assert.deepEqual(ledger.applied, [1, 2, 3]);
  assert.equal(ledger.balance, 75);
});

test('a manual sync while the scheduled one runs', async () => {
  const feed = new ChangeFeed();
  const ledger = new Ledger();
  const syncer = new ChangeSyncer(feed, ledger);
  feed.publish('credit', 10);
  feed.publish('credit', 20);
  await Promise.all([syncer.tick(), syncer.tick()]);
  await syncer.tick();
  assert.deepEqual(ledger.applied, [1, 2]);
  assert.equal(ledger.balance, 30);
});
