import { InventoryService, StockLedger, WarehouseDb } from '../../src/inventory';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

function setup() {
  const db = new WarehouseDb();
  db.seed({ 'MUG-01': 20, 'TEA-02': 20, 'POT-03': 20 });
  const ledger = new StockLedger(db);
  return { db, ledger, inventory: new InventoryService(ledger, 150) };
}

describe('checkout while the warehouse works', () => {
  test('orders placed after a stocktake all go through', async () => {
    const { ledger, inventory } = setup();
    const stocktake = ledger.recount({ 'MUG-01': 30, 'TEA-02': 30, 'POT-03': 30 }, 150, between(0, 4));
    await sleep(1);
    // an express checkout only waits briefly for the ledger; "busy" is an acceptable answer for it
    const express = inventory.reserve('express-1', [{ sku: 'MUG-01', qty: 1 }], 14);
    await stocktake;
    const later = await Promise.all(['o-1', 'o-2', 'o-3'].map((id) => inventory.reserve(id, [{ sku: 'TEA-02', qty: 2 }])));
    expect(['reserved', 'busy']).toContain((await express).status);
    expect(later.map((r) => r.status)).toEqual(['reserved', 'reserved', 'reserved']);
  });

  test('concurrent orders for one product never oversell', async () => {
    const { db, ledger, inventory } = setup();
    db.seed({ 'POT-03': 6 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => inventory.reserve(`o-${i}`, [{ sku: 'POT-03', qty: 1 }])));
    expect(results.filter((r) => r.status === 'reserved')).toHaveLength(6);
    expect(await ledger.level('POT-03')).toBe(0);
  });

  test('an order waiting behind a short stocktake is served after it', async () => {
    const { ledger, inventory } = setup();
    const [, order] = await Promise.all([
      ledger.recount({ 'MUG-01': 8 }, 150),
      inventory.reserve('o-9', [{ sku: 'MUG-01', qty: 3 }]),
    ]);
    expect(order.status).toBe('reserved');
    expect(await ledger.level('MUG-01')).toBe(5);
  });
});
