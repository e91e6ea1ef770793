import { EventEmitter } from 'node:events';
import type { Payments, SlotCalendar } from './calendar.ts';

export type HoldState = 'held' | 'confirming' | 'confirmed' | 'expired';

interface Hold {
  id: string;
  slot: string;
  patient: string;
  state: HoldState;
  timer: NodeJS.Timeout;
}

export interface Booking {
  slot: string;
  patient: string;
  charge: string;
}

export class HoldExpired extends Error {}

/**
 * Holds a slot for `ttlMs` while the patient pays; an unpaid hold expires and the slot is freed
 * (emitting 'released', which the waitlist listens to).
 */
export class HoldManager extends EventEmitter {
  private readonly holds = new Map<string, Hold>();
  private seq = 0;

  constructor(
    private readonly calendar: SlotCalendar,
    private readonly payments: Payments,
    private readonly ttlMs: number,
    private readonly feeCents = 4000,
  ) {
    super();
  }

  async hold(slot: string, patient: string): Promise<string | undefined> {
    if (!(await this.calendar.take(slot, patient))) return undefined;
    const id = `hold-${++this.seq}`;
    const timer = setTimeout(() => this.expire(id), this.ttlMs);
    this.holds.set(id, { id, slot, patient, state: 'held', timer });
    return id;
  }

  stateOf(id: string): HoldState | undefined {
    return this.holds.get(id)?.state;
  }

  private expire(id: string): void {
    const hold = this.holds.get(id);
    if (!hold || hold.state !== 'held') return;
    hold.state = 'expired';
    this.calendar.free(hold.slot).then(() => this.emit('released', hold.slot));
  }

  async confirm(id: string, card: string): Promise<Booking> {
    const hold = this.holds.get(id);
    if (!hold || hold.state !== 'held') throw new HoldExpired(`hold ${id} has expired`);
    // the payment owns the hold from here: the expiry timer can no longer free the slot
    hold.state = 'confirming';
    clearTimeout(hold.timer);
    let charge: string;
    try {
      charge = await this.payments.capture(card, this.feeCents);
    } catch (err) {
      hold.state = 'held';
      hold.timer = setTimeout(() => this.expire(id), this.ttlMs);
      throw err;
    }
    hold.state = 'confirmed';
    return { slot: hold.slot, patient: hold.patient, charge };
  }
}
