import { InventoryService, LabelPrinter, StockLedger, WarehouseDb } from '../../src/inventory';
import { LockTimeoutError, TimedMutex } from '../../src/lock';

function setup() {
  const db = new WarehouseDb();
  db.seed({ 'MUG-01': 5, 'TEA-02': 3 });
  const ledger = new StockLedger(db);
  return { db, ledger, inventory: new InventoryService(ledger) };
}

describe('inventory, one request at a time', () => {
  test('a reservation takes stock off every line', async () => {
    const { ledger, inventory } = setup();
    expect(await inventory.reserve('o-1', [{ sku: 'MUG-01', qty: 2 }, { sku: 'TEA-02', qty: 1 }])).toEqual({ orderId: 'o-1', status: 'reserved' });
    expect(await ledger.level('MUG-01')).toBe(3);
    expect(await ledger.level('TEA-02')).toBe(2);
  });

  test('a line that cannot be filled rolls back the lines before it', async () => {
    const { ledger, inventory } = setup();
    const result = await inventory.reserve('o-2', [{ sku: 'MUG-01', qty: 2 }, { sku: 'TEA-02', qty: 9 }]);
    expect(result.status).toBe('rejected');
    expect(await ledger.level('MUG-01')).toBe(5);
    expect(await ledger.level('TEA-02')).toBe(3);
  });

  test('bad quantities are refused without touching the ledger', async () => {
    const { db, inventory } = setup();
    expect((await inventory.reserve('o-3', [{ sku: 'MUG-01', qty: 0 }])).status).toBe('rejected');
    expect(db.writes).toBe(0);
  });

  test('a recount overwrites the levels', async () => {
    const { ledger } = setup();
    await ledger.recount({ 'MUG-01': 12, 'TEA-02': 0 }, 100);
    expect(await ledger.level('MUG-01')).toBe(12);
    expect(await ledger.level('TEA-02')).toBe(0);
  });

  test('a waiter gives up on a lock that is held too long', async () => {
    const lock = new TimedMutex('test');
    const release = await lock.acquire(10);
    await expect(lock.acquire(5)).rejects.toBeInstanceOf(LockTimeoutError);
    expect(lock.timeouts).toBe(1);
    release();
  });

  test('labels print one after another', async () => {
    const printer = new LabelPrinter(2);
    expect(await printer.print('o-1')).toBe('LABEL:o-1');
    expect(await printer.print('o-2')).toBe('LABEL:o-2');
    expect(printer.printed).toEqual(['o-1', 'o-2']);
  });
});
