import { describe, expect, it } from 'vitest';
import { createJournal, createReminderQueue } from '../../src/queue';
import { createBookingHandler, ReminderService, SmsGateway } from '../../src/reminders';

const at = (hh: number, mm = 0) => Date.UTC(2026, 11, 1, hh, mm);

function setup() {
  const journal = createJournal();
  const queue = createReminderQueue(journal);
  const sms = new SmsGateway();
  const service = new ReminderService(queue, sms);
  return { journal, queue, sms, service, handle: createBookingHandler(service) };
}

describe('reminders, one request at a time', () => {
  it('a booking is accepted and queues its reminder an hour ahead', async () => {
    const { queue, handle } = setup();
    expect(await handle({ patient: 'Ana', phone: '+3531234567', appointmentAt: at(9) })).toEqual({ status: 201, id: 'r1' });
    expect(queue.snapshot).toEqual([expect.objectContaining({ id: 'r1', sendAt: at(8) })]);
  });

  it('an invalid phone number is refused and nothing is journaled', async () => {
    const { journal, queue, handle } = setup();
    expect(await handle({ patient: 'Ben', phone: '0861', appointmentAt: at(9) })).toEqual({
      status: 400,
      error: 'invalid phone number 0861',
    });
    expect(queue.size).toBe(0);
    expect(journal.length).toBe(0);
  });

  it('bookings one after another are kept in send order, ties in booking order', async () => {
    const { queue, handle } = setup();
    for (const [hh, mm] of [[9, 0], [8, 30], [10, 0], [8, 30]]) {
      await handle({ patient: 'P', phone: '+3531234567', appointmentAt: at(hh, mm) });
    }
    expect(queue.snapshot.map((r) => r.id)).toEqual(['r2', 'r4', 'r1', 'r3']);
  });

  it('a tick sends only what is due, earliest first', async () => {
    const { sms, service, handle } = setup();
    for (const hh of [11, 9, 10]) await handle({ patient: 'P', phone: '+3531234567', appointmentAt: at(hh) });
    expect(await service.dispatchDue(at(9))).toEqual(['r2', 'r3']);
    expect(sms.sent.map((s) => s.id)).toEqual(['r2', 'r3']);
    expect(await service.dispatchDue(at(12))).toEqual(['r1']);
  });

  it('a cancelled reminder is not sent and a follower sees the same queue', async () => {
    const { journal, queue, service, handle } = setup();
    for (const hh of [9, 10, 11]) await handle({ patient: 'P', phone: '+3531234567', appointmentAt: at(hh) });
    expect(await service.cancel('r2')).toBe(true);
    expect(await service.cancel('r2')).toBe(false);
    expect(journal.replay()).toEqual(queue.snapshot);
    expect(await service.dispatchDue(at(12))).toEqual(['r1', 'r3']);
  });
});
