import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCheckpoint, WarehouseService } from '../../src/checkpoint.ts';
import { pick, quantity, resetStock } from '../../src/stock.ts';

function smallStock() {
  resetStock([
    { bin: 'A01', sku: 'KETTLE', qty: 4 },
    { bin: 'A01', sku: 'MUG', qty: 40 },
    { bin: 'B07', sku: 'TOASTER', qty: 6 },
  ]);
  return new WarehouseService();
}

describe('stock, one operation at a time', () => {
  it('a checkpoint holds every row and restores to the same stock', async () => {
    const service = smallStock();
    const path = await service.checkpoint();
    assert.deepEqual(await readCheckpoint(path), [
      { bin: 'A01', sku: 'KETTLE', qty: 4 },
      { bin: 'A01', sku: 'MUG', qty: 40 },
      { bin: 'B07', sku: 'TOASTER', qty: 6 },
    ]);
    resetStock();
    await service.restore(path);
    assert.deepEqual({ ...service.stats(), relocations: 0 }, { rows: 3, units: 50, relocations: 0 });
  });

  it('a relocation moves all units and merges into the target bin', () => {
    const service = smallStock();
    service.relocate('MUG', 'A01', 'B07');
    assert.equal(service.relocate('KETTLE', 'A01', 'B07'), 4);
    assert.equal(service.relocate('KETTLE', 'A01', 'B07'), 0);
    service.relocate('KETTLE', 'B07', 'C02');
    assert.equal(quantity('A01', 'MUG'), 0);
    assert.equal(quantity('B07', 'MUG'), 40);
    assert.equal(quantity('C02', 'KETTLE'), 4);
    assert.equal(service.stats().units, 50);
  });

  it('picking takes units and refuses more than the bin holds', () => {
    const service = smallStock();
    pick('A01', 'MUG', 15);
    pick('B07', 'TOASTER', 6);
    assert.throws(() => pick('A01', 'KETTLE', 5), /only 4 of KETTLE/);
    assert.deepEqual(service.stats(), { rows: 2, units: 29, relocations: 0 });
  });

  it('checkpoints are kept in order in one folder', async () => {
    const service = smallStock();
    const first = await service.checkpoint();
    service.relocate('MUG', 'A01', 'Z99');
    const second = await service.checkpoint();
    const names = await service.checkpoints();
    assert.equal(names.length, 2);
    assert.ok(first < second);
    assert.deepEqual(
      (await readCheckpoint(second)).find((r) => r.sku === 'MUG'),
      { bin: 'Z99', sku: 'MUG', qty: 40 },
    );
  });

  it('restoring an older checkpoint undoes later relocations', async () => {
    const service = smallStock();
    const path = await service.checkpoint();
    service.relocate('TOASTER', 'B07', 'A01');
    await service.restore(path);
    assert.equal(quantity('B07', 'TOASTER'), 6);
    assert.equal(quantity('A01', 'TOASTER'), 0);
  });
});
