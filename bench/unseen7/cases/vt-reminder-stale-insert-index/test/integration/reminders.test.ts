import { beforeEach, describe, expect, it } from 'vitest';
import { createJournal, createReminderQueue, type Journal, type ReminderQueue } from '../../src/queue';
import { createBookingHandler, ReminderService, SmsGateway } from '../../src/reminders';

const at = (hh: number, mm = 0) => Date.UTC(2026, 11, 1, hh, mm);
const phone = '+3531234567';

describe('reminders under concurrent bookings', () => {
  let journal: Journal;
  let queue: ReminderQueue;
  let sms: SmsGateway;
  let service: ReminderService;
  let handle: ReturnType<typeof createBookingHandler>;

  beforeEach(async () => {
    journal = createJournal();
    queue = createReminderQueue(journal);
    sms = new SmsGateway();
    service = new ReminderService(queue, sms);
    handle = createBookingHandler(service);
    for (const hh of [9, 10, 11, 12]) await handle({ patient: 'Early', phone, appointmentAt: at(hh) });
  });

  it('three patients booking at once are reminded in time order', async () => {
    const slots = [at(8, 30), at(9, 30), at(10, 30), at(11, 30), at(12, 30)].sort(() => Math.random() - 0.5);
    const replies = await Promise.all(slots.slice(0, 3).map((appointmentAt) => handle({ patient: 'New', phone, appointmentAt })));
    expect(replies.every((r) => r.status === 201)).toBe(true);
    const sendTimes = queue.snapshot.map((r) => r.sendAt);
    expect(sendTimes).toEqual([...sendTimes].sort((a, b) => a - b));
  });

  it('a follower replaying the journal holds the same queue', async () => {
    await Promise.all([at(13), at(8), at(14), at(9, 45)].map((appointmentAt) => handle({ patient: 'F', phone, appointmentAt })));
    expect(journal.replay()).toEqual(queue.snapshot);
    expect(queue.size).toBe(8);
  });

  it('cancellations at once leave the other reminders in order', async () => {
    const results = await Promise.all(['r1', 'r3', 'r9'].map((id) => service.cancel(id)));
    expect(results).toEqual([true, true, false]);
    expect(queue.snapshot.map((r) => r.id)).toEqual(['r2', 'r4']);
    expect(journal.replay()).toEqual(queue.snapshot);
  });

  it('every booked reminder is sent exactly once while the dispatcher ticks', async () => {
    const bookings = Promise.all([at(8, 15), at(13, 15), at(10, 45)].map((appointmentAt) => handle({ patient: 'T', phone, appointmentAt })));
    const ticks = Promise.all([at(8), at(10), at(11)].map((now) => service.dispatchDue(now)));
    await Promise.all([bookings, ticks]);
    await service.dispatchDue(at(23));
    const ids = sms.sent.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
  });
});
