import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCheckpoint, WarehouseService } from '../../src/checkpoint.ts';
import { resetStock, type StockRow } from '../../src/stock.ts';

const BINS = 60;
const SKUS = 50;
const UNITS = BINS * SKUS * 10;

const bin = (i: number) => `A${String(i).padStart(2, '0')}`;
const sku = (j: number) => `SKU${String(j).padStart(3, '0')}`;

function fullWarehouse() {
  const rows: StockRow[] = [];
  for (let i = 0; i < BINS; i++) for (let j = 0; j < SKUS; j++) rows.push({ bin: bin(i), sku: sku(j), qty: 10 });
  resetStock(rows);
  return new WarehouseService();
}

/** Scanner events: each picker relocation arrives on its own timer. */
function relocationsFromScanners(service: WarehouseService, count: number, withinMs: number): Promise<void> {
  const moves = Array.from({ length: count }, (_, n) => {
    const from = bin(Math.floor(Math.random() * BINS));
    const what = sku(Math.floor(Math.random() * SKUS));
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        service.relocate(what, from, `OVF${n}`);
        resolve();
      }, Math.floor(Math.random() * withinMs));
    });
  });
  return Promise.all(moves).then(() => undefined);
}

function unitsAndDuplicates(rows: StockRow[]) {
  const keys = new Set(rows.map((r) => `${r.bin}/${r.sku}`));
  return { units: rows.reduce((sum, r) => sum + r.qty, 0), duplicates: rows.length - keys.size };
}

describe('stock checkpoints under concurrent work', () => {
  it('a checkpoint taken while pickers relocate stock holds every unit once', async () => {
    const service = fullWarehouse();
    await service.checkpointDir();
    const [path] = await Promise.all([service.checkpoint(), relocationsFromScanners(service, 6, 30)]);
    assert.deepEqual(unitsAndDuplicates(await readCheckpoint(path)), { units: UNITS, duplicates: 0 });
  });

  it('checkpoints requested together each hold the whole stock, in one folder', async () => {
    const service = fullWarehouse();
    const paths = await Promise.all([service.checkpoint(), service.checkpoint(), service.checkpoint()]);
    assert.equal(new Set(paths).size, 3);
    assert.equal((await service.checkpoints()).length, 3);
    for (const path of paths) {
      assert.deepEqual(unitsAndDuplicates(await readCheckpoint(path)), { units: UNITS, duplicates: 0 });
    }
  });

  it('relocations arriving together keep every unit', async () => {
    const service = fullWarehouse();
    await relocationsFromScanners(service, 40, 10);
    assert.equal(service.stats().units, UNITS);
  });
});
