import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OffsetStore, OrderDb, PartitionLog } from '../../src/broker.ts';
import { Semaphore, startWorker, type Order } from '../../src/consumer.ts';

const instant = async () => {};
const orders = (n: number, from = 0): Order[] => Array.from({ length: n }, (_, i) => ({ id: `o-${from + i}`, sku: 'mug', qty: 1 }));

describe('fulfilment worker', () => {
  it('fulfils every order of the partition and commits its end', async () => {
    const log = new PartitionLog<Order>('orders-0');
    log.append(...orders(5));
    const offsets = new OffsetStore();
    const db = new OrderDb();
    await startWorker(log, offsets, db, instant, 1).done;
    assert.deepEqual([...db.fulfilled.keys()], ['o-0', 'o-1', 'o-2', 'o-3', 'o-4']);
    assert.equal(offsets.committed('orders-0'), 5);
  });

  it('a restarted worker resumes after the committed offset', async () => {
    const log = new PartitionLog<Order>('orders-0');
    log.append(...orders(3));
    const offsets = new OffsetStore();
    const db = new OrderDb();
    await startWorker(log, offsets, db, instant, 1).done;
    log.append(...orders(2, 3));
    await startWorker(log, offsets, db, instant, 1).done;
    assert.equal(db.fulfilled.size, 5);
    assert.ok([...db.fulfilled.values()].every((n) => n === 1));
  });

  it('an order without quantity is dead-lettered, the others go through', async () => {
    const log = new PartitionLog<Order>('orders-0');
    log.append({ id: 'bad', sku: 'mug', qty: 0 }, ...orders(2));
    const db = new OrderDb();
    const { consumer, done } = startWorker(log, new OffsetStore(), db, instant, 1);
    await done;
    assert.deepEqual(consumer.deadLetters.map((d) => d.offset), [0]);
    assert.equal(db.fulfilled.size, 2);
  });

  it('a fenced generation can no longer commit', async () => {
    const offsets = new OffsetStore();
    offsets.rebalance();
    await assert.rejects(offsets.commit('orders-0', 3, 1), /fenced/);
    await offsets.commit('orders-0', 3, 2);
    assert.equal(offsets.committed('orders-0'), 3);
  });

  it('the semaphore hands a released permit to the next waiter', async () => {
    const sem = new Semaphore(1);
    await sem.acquire();
    let second = false;
    const waiting = sem.acquire().then(() => (second = true));
    assert.equal(second, false);
    sem.release();
    await waiting;
    assert.equal(second, true);
    assert.equal(sem.inUse, 1);
  });
});
