import { HoldExpired, type Booking, type HoldManager } from './holds.ts';

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Patients waiting for a slot get it, in order, when a hold on it is released. */
export class Waitlist {
  private readonly waiting = new Map<string, string[]>();
  readonly granted: Array<{ slot: string; patient: string; hold: string }> = [];

  constructor(private readonly holds: HoldManager) {
    holds.on('released', (slot: string) => void this.offer(slot));
  }

  join(slot: string, patient: string): void {
    const queue = this.waiting.get(slot) ?? [];
    queue.push(patient);
    this.waiting.set(slot, queue);
  }

  private async offer(slot: string): Promise<void> {
    const patient = this.waiting.get(slot)?.shift();
    if (!patient) return;
    const hold = await this.holds.hold(slot, patient);
    if (hold) this.granted.push({ slot, patient, hold });
  }
}

export type Outcome = { ok: true; booking: Booking } | { ok: false; reason: string };

/** The patient portal's booking flow: hold the slot, fill in the form, pay. */
export class PatientPortal {
  constructor(private readonly holds: HoldManager) {}

  async bookAppointment(patient: string, slot: string, card: string, formMs: number): Promise<Outcome> {
    const hold = await this.holds.hold(slot, patient);
    if (!hold) return { ok: false, reason: 'slot taken' };
    await pause(formMs);
    return this.checkout(hold, card);
  }

  async checkout(hold: string, card: string): Promise<Outcome> {
    try {
      return { ok: true, booking: await this.holds.confirm(hold, card) };
    } catch (err) {
      if (err instanceof HoldExpired) return { ok: false, reason: 'hold expired' };
      return { ok: false, reason: (err as Error).message };
    }
  }
}
