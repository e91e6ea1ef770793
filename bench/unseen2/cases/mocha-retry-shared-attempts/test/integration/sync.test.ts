import assert from 'node:assert/strict';
import { Retrier } from '../../src/retry.ts';
import { InventorySync, WarehouseApi } from '../../src/inventory.ts';

describe('inventory sync under load', () => {
  it('two SKUs synced at once each get their three attempts', async () => {
    const api = new WarehouseApi({ tea: 12, mug: 4 });
    const sync = new InventorySync(api, new Retrier({ attempts: 3, baseDelayMs: 3 }));
    const levels = await Promise.all([sync.syncSku('tea'), sync.syncSku('mug')]);
    assert.deepEqual(levels, [12, 4]);
    assert.equal(api.callsFor('tea'), 3);
    assert.equal(api.callsFor('mug'), 3);
  });

  it('a full catalogue sync succeeds while the warehouse recovers', async () => {
    const api = new WarehouseApi({ tea: 12, mug: 4, pot: 1, cup: 30 });
    const sync = new InventorySync(api, new Retrier({ attempts: 4, baseDelayMs: 2 }));
    await Promise.all(['tea', 'mug', 'pot', 'cup'].map((sku) => sync.syncSku(sku)));
    assert.deepEqual(Object.fromEntries(sync.levels), { tea: 12, mug: 4, pot: 1, cup: 30 });
  });

  it('a failing SKU reports its own attempts, not another call\'s', async () => {
    const api = new WarehouseApi({ tea: 12, mug: 4 }, 2);
    const sync = new InventorySync(api, new Retrier({ attempts: 3, baseDelayMs: 2 }));
    const [tea, ghost, mug] = await Promise.allSettled([sync.syncSku('tea'), sync.syncSku('ghost'), sync.syncSku('mug')]);
    assert.equal(tea.status, 'fulfilled');
    assert.equal(mug.status, 'fulfilled');
    assert.equal(ghost.status, 'rejected');
    assert.equal(api.callsFor('ghost'), 1);
  });
});
