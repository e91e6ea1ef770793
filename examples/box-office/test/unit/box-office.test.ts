import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoxOffice, Payments } from '../../src/box-office.ts';
import { SeatLabels } from '../../src/seat-labels.ts';

test('sales one after the other are counted and charged', async () => {
  const payments = new Payments();
  const office = new BoxOffice(payments, 10, 5);
  assert.equal(await office.sell(2), 2);
  assert.equal(await office.sell(3), 5);
  assert.equal(payments.charged, 25);
});

test('a sale past the capacity is refused', async () => {
  const office = new BoxOffice(new Payments(), 3, 5);
  await office.sell(2);
  await assert.rejects(office.sell(2), /only 1 tickets left/);
});

test('seat labels name the row and the seat', async () => {
  const labels = new SeatLabels(['A', 'B']);
  assert.equal(await labels.label(0, 1), 'A-01');
  assert.equal(await labels.label(1, 12), 'B-12');
});
