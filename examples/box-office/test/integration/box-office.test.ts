import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoxOffice, Payments } from '../../src/box-office.ts';
import { SeatLabels } from '../../src/seat-labels.ts';

// Two customers buy at the same time: every ticket must be counted.
test('two sales at the same time are both counted', async () => {
  const office = new BoxOffice(new Payments(), 100, 5);
  await Promise.all([office.sell(2), office.sell(3)]);
  assert.equal(office.sold, 5, 'a sale was lost');
});

// Labels for a whole row printed at once: unrelated to the sales, and always right.
test('a row of seat labels printed at the same time', async () => {
  const labels = new SeatLabels(['Stalls', 'Circle', 'Balcony', 'Box']);
  const printed = await Promise.all([3, 2, 1, 0].map((row) => labels.label(row, 40 + row)));
  assert.deepEqual(printed, ['Box-43', 'Balcony-42', 'Circle-41', 'Stalls-40']);
});
