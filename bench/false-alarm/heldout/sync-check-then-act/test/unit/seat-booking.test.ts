import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakePayments, PaymentDeclined, SeatBooking, SoldOut } from '../../src/seat-booking.ts';

test('book takes a seat and records it', async () => {
  const show = new SeatBooking(2, new FakePayments());
  assert.equal(await show.book('ann'), 'rcpt-ann-1500');
  assert.equal(show.seatsLeft(), 1);
  assert.deepEqual(show.ledger, ['ann rcpt-ann-1500']);
});

test('a sold-out show refuses', async () => {
  const show = new SeatBooking(1, new FakePayments());
  await show.book('ann');
  await assert.rejects(show.book('bob'), SoldOut);
});

test('a declined card gives the seat back', async () => {
  const show = new SeatBooking(1, new FakePayments(['bob']));
  await assert.rejects(show.book('bob'), PaymentDeclined);
  assert.equal(show.seatsLeft(), 1);
  assert.equal(await show.book('ann'), 'rcpt-ann-1500');
});
