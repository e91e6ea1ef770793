import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OffsetStore, OrderDb, PartitionLog } from '../../src/broker.ts';
import { startWorker, type Order } from '../../src/consumer.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** The warehouse reserves stock in 1-5 ms; one order in four goes to the remote depot and takes 12-21 ms. */
const warehouse = async () => sleep(Math.random() < 0.25 ? 12 + Math.floor(Math.random() * 10) : 1 + Math.floor(Math.random() * 5));
const orders = (n: number, prefix = 'o'): Order[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, sku: `sku-${i % 4}`, qty: 1 + (i % 3) }));

describe('fulfilment under load and rebalances', () => {
  it('a rebalance in the middle of the stream loses no order', async () => {
    const log = new PartitionLog<Order>('orders-0');
    log.append(...orders(16));
    const offsets = new OffsetStore();
    const db = new OrderDb();
    const first = startWorker(log, offsets, db, warehouse);
    // The group rebalances once the partition is committed past its middle: the old
    // worker is fenced and a new one takes over from the committed offset.
    offsets.on('committed', (_partition: string, offset: number) => {
      if (offset >= 8 && offsets.currentGeneration === 1) {
        first.consumer.stop();
        db.fence(offsets.rebalance());
      }
    });
    await first.done;
    await startWorker(log, offsets, db, warehouse).done;
    const missing = orders(16).filter((o) => !db.fulfilled.has(o.id)).map((o) => o.id);
    assert.deepEqual(missing, []);
    assert.equal(offsets.committed('orders-0'), 16);
  });

  it('never more than three orders in flight', async () => {
    const log = new PartitionLog<Order>('orders-1');
    log.append(...orders(20));
    const { consumer, done } = startWorker(log, new OffsetStore(), new OrderDb(), warehouse, 3);
    await done;
    assert.equal(consumer.maxInFlight, 3);
    assert.equal(consumer.handled, 20);
  });

  it('a run without rebalance fulfils every order exactly once', async () => {
    const log = new PartitionLog<Order>('orders-2');
    log.append(...orders(12));
    const offsets = new OffsetStore();
    const db = new OrderDb();
    await startWorker(log, offsets, db, warehouse).done;
    assert.equal(db.fulfilled.size, 12);
    assert.ok([...db.fulfilled.values()].every((n) => n === 1));
  });

  it('two partitions consumed side by side', async () => {
    const offsets = new OffsetStore();
    const db = new OrderDb();
    const logs = ['eu', 'us'].map((region) => {
      const log = new PartitionLog<Order>(`orders-${region}`);
      log.append(...orders(8, region));
      return log;
    });
    await Promise.all(logs.map((log) => startWorker(log, offsets, db, warehouse).done));
    assert.equal(db.fulfilled.size, 16);
    assert.deepEqual([...db.fulfilled.keys()].filter((id) => id.startsWith('eu')).length, 8);
  });
});
