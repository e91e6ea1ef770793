import type { Reminder, ReminderQueue } from './queue';

export interface Sms {
  to: string;
  text: string;
  id: string;
}

/** A fake SMS provider: records what was sent, in order. */
export class SmsGateway {
  readonly sent: Sms[] = [];

  async send(sms: Sms): Promise<void> {
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
    this.sent.push(sms);
  }
}

export interface BookingRequest {
  patient: string;
  phone: string;
  appointmentAt: number;
  /** Minutes before the appointment. */
  leadMinutes?: number;
}

export class ReminderService {
  private seq = 0;

  constructor(
    private readonly queue: ReminderQueue,
    private readonly sms: SmsGateway,
  ) {}

  async book(req: BookingRequest): Promise<Reminder> {
    if (!/^\+\d{6,15}$/.test(req.phone)) throw new Error(`invalid phone number ${req.phone}`);
    const sendAt = req.appointmentAt - (req.leadMinutes ?? 60) * 60_000;
    const reminder: Reminder = {
      id: `r${++this.seq}`,
      sendAt,
      phone: req.phone,
      text: `Hi ${req.patient}, see you at ${new Date(req.appointmentAt).toISOString().slice(11, 16)} UTC`,
    };
    await this.queue.add(reminder);
    return reminder;
  }

  cancel(id: string): Promise<boolean> {
    return this.queue.remove(id);
  }

  /** The dispatcher's tick: sends every reminder due by `now`, earliest first. */
  async dispatchDue(now: number): Promise<string[]> {
    const due = this.queue.takeDue(now);
    for (const r of due) await this.sms.send({ to: r.phone, text: r.text, id: r.id });
    return due.map((r) => r.id);
  }
}

export type Reply = { status: 201; id: string } | { status: 400; error: string };

/** POST /reminders */
export const createBookingHandler =
  (service: ReminderService) =>
  async (body: BookingRequest): Promise<Reply> => {
    try {
      const reminder = await service.book(body);
      return { status: 201, id: reminder.id };
    } catch (err) {
      return { status: 400, error: (err as Error).message };
    }
  };
