import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakePayments, SeatBooking, SoldOut } from '../../src/seat-booking.ts';

const users = (n: number) => Array.from({ length: n }, (_, i) => `user${i}`);

test('ten people rush three seats: exactly three get one', async () => {
  const show = new SeatBooking(3, new FakePayments());
  const results = await Promise.allSettled(users(10).map((u) => show.book(u)));
  const won = results.filter((r) => r.status === 'fulfilled');
  assert.equal(won.length, 3);
  assert.ok(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof SoldOut));
  assert.equal(show.seatsLeft(), 0);
  assert.equal(show.holders.length, 3);
  assert.equal(show.ledger.length, 3);
});

test('the first three callers win, since each reserves before its first await', async () => {
  const payments = new FakePayments();
  const show = new SeatBooking(3, payments);
  await Promise.allSettled(users(6).map((u) => show.book(u)));
  assert.deepEqual([...show.holders].sort(), ['user0', 'user1', 'user2']);
  assert.equal(payments.charges, 3);
});

test('a declined payment during the rush gives its seat back for a later booking', async () => {
  const show = new SeatBooking(2, new FakePayments(['user1']));
  const results = await Promise.allSettled(users(4).map((u) => show.book(u)));
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'rejected', 'rejected']);
  assert.equal(show.seatsLeft(), 1);
  assert.equal(await show.book('late'), 'rcpt-late-1500');
  assert.equal(show.seatsLeft(), 0);
});
