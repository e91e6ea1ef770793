import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Payments, SlotCalendar } from '../../src/calendar.ts';
import { HoldManager } from '../../src/holds.ts';
import { PatientPortal, Waitlist } from '../../src/booking.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const until = async (cond: () => boolean) => {
  while (!cond()) await sleep(1);
};

function setup(ttlMs = 200) {
  const calendar = new SlotCalendar();
  const payments = new Payments();
  const holds = new HoldManager(calendar, payments, ttlMs);
  return { calendar, payments, holds, portal: new PatientPortal(holds), waitlist: new Waitlist(holds) };
}

describe('appointment booking', () => {
  it('books a free slot and charges the fee', async () => {
    const { calendar, payments, portal } = setup();
    const outcome = await portal.bookAppointment('ada', 'mon-09:00', '4242-1', 1);
    assert.equal(outcome.ok, true);
    assert.equal(calendar.ownerOf('mon-09:00'), 'ada');
    assert.deepEqual(payments.captured, [{ card: '4242-1', cents: 4000 }]);
  });

  it('a slot someone holds cannot be booked', async () => {
    const { portal, holds } = setup();
    await holds.hold('mon-09:00', 'ada');
    assert.deepEqual(await portal.bookAppointment('bob', 'mon-09:00', '4242-2', 0), { ok: false, reason: 'slot taken' });
  });

  it('an unpaid hold expires and frees the slot', async () => {
    const { calendar, holds } = setup(5);
    const id = await holds.hold('mon-10:00', 'ada');
    await sleep(20);
    assert.equal(holds.stateOf(id!), 'expired');
    await until(() => calendar.ownerOf('mon-10:00') === undefined);
  });

  it('paying after the hold expired is refused', async () => {
    const { calendar, portal } = setup(5);
    const outcome = await portal.bookAppointment('ada', 'mon-11:00', '4242-1', 20);
    assert.deepEqual(outcome, { ok: false, reason: 'hold expired' });
    await until(() => calendar.ownerOf('mon-11:00') === undefined);
  });

  it('the waitlist gets a released slot', async () => {
    const { calendar, holds, waitlist } = setup(5);
    await holds.hold('tue-09:00', 'ada');
    waitlist.join('tue-09:00', 'bob');
    await until(() => waitlist.granted.length > 0);
    assert.deepEqual(waitlist.granted.map((g) => g.patient), ['bob']);
    assert.equal(calendar.ownerOf('tue-09:00'), 'bob');
  });

  it('a declined card leaves the slot held for the patient', async () => {
    const { calendar, portal } = setup();
    const outcome = await portal.bookAppointment('ada', 'wed-09:00', '0000-1', 0);
    assert.deepEqual(outcome, { ok: false, reason: 'card 0000-1 declined' });
    assert.equal(calendar.ownerOf('wed-09:00'), 'ada');
  });
});
