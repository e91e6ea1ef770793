import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Payments, SlotCalendar } from '../../src/calendar.ts';
import { HoldManager } from '../../src/holds.ts';
import { PatientPortal, Waitlist } from '../../src/booking.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const until = async (cond: () => boolean) => {
  while (!cond()) await sleep(1);
};

function setup(ttlMs: number) {
  const calendar = new SlotCalendar();
  const payments = new Payments();
  const holds = new HoldManager(calendar, payments, ttlMs);
  return { calendar, payments, holds, portal: new PatientPortal(holds), waitlist: new Waitlist(holds) };
}

describe('booking under concurrent patients', () => {
  it('two patients wanting one slot: exactly one gets it', async () => {
    const { calendar, portal } = setup(200);
    const outcomes = await Promise.all([
      portal.bookAppointment('ada', 'mon-09:00', '4242-1', 1),
      portal.bookAppointment('bob', 'mon-09:00', '4242-2', 1),
    ]);
    assert.equal(outcomes.filter((o) => o.ok).length, 1);
    const winner = outcomes[0].ok ? 'ada' : 'bob';
    assert.equal(calendar.ownerOf('mon-09:00'), winner);
  });

  it('patients booking different slots all get theirs', async () => {
    const { calendar, portal } = setup(200);
    const slots = ['mon-09:00', 'mon-09:30', 'mon-10:00', 'mon-10:30'];
    const outcomes = await Promise.all(slots.map((s, i) => portal.bookAppointment(`p${i}`, s, `4242-${i}`, Math.random() * 4)));
    assert.ok(outcomes.every((o) => o.ok));
    assert.deepEqual(slots.map((s) => calendar.ownerOf(s)), ['p0', 'p1', 'p2', 'p3']);
  });

  it('a patient who never pays loses the slot to the waitlist', async () => {
    const { calendar, holds, waitlist } = setup(10);
    await holds.hold('tue-09:00', 'ada');
    waitlist.join('tue-09:00', 'bob');
    waitlist.join('tue-09:00', 'cy');
    await until(() => waitlist.granted.length > 0);
    assert.deepEqual(waitlist.granted.map((g) => g.patient), ['bob']);
    assert.equal(calendar.ownerOf('tue-09:00'), 'bob');
  });

  it('a patient paying as the hold runs out keeps a booked slot', async () => {
    const ttl = 20;
    const { calendar, portal, waitlist } = setup(ttl);
    const slots = ['thu-09:00', 'thu-09:30'];
    slots.forEach((s, i) => waitlist.join(s, `waiting-${i}`));
    const outcomes = await Promise.all(slots.map((s, i) => portal.bookAppointment(`p${i}`, s, `4242-${i}`, 9 + Math.random() * 8)));
    await sleep(ttl + 20);
    for (const [i, outcome] of outcomes.entries()) {
      if (!outcome.ok) continue;
      assert.equal(calendar.ownerOf(slots[i]), `p${i}`, `${slots[i]} was paid for by p${i}`);
      assert.equal(waitlist.granted.filter((g) => g.slot === slots[i]).length, 0, `${slots[i]} was also given away`);
    }
  });
});
