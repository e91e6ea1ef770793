// Fake back ends: the clinic's slot calendar and the card processor, each call a round trip.

const latency = (min: number, max: number) => new Promise<void>((r) => setTimeout(r, min + Math.random() * (max - min)));

export class SlotCalendar {
  private readonly owners = new Map<string, string>();
  calls = 0;

  /** Takes a free slot for a patient in one round trip; false if someone has it. */
  async take(slot: string, patient: string): Promise<boolean> {
    await latency(0.5, 2);
    this.calls++;
    if (this.owners.has(slot)) return false;
    this.owners.set(slot, patient);
    return true;
  }

  async free(slot: string): Promise<void> {
    await latency(0.5, 2);
    this.calls++;
    this.owners.delete(slot);
  }

  ownerOf(slot: string): string | undefined {
    return this.owners.get(slot);
  }
}

export class CardDeclined extends Error {}

export class Payments {
  readonly captured: Array<{ card: string; cents: number }> = [];

  constructor(private readonly minMs = 2, private readonly maxMs = 8) {}

  async capture(card: string, cents: number): Promise<string> {
    await latency(this.minMs, this.maxMs);
    if (card.startsWith('0000')) throw new CardDeclined(`card ${card} declined`);
    this.captured.push({ card, cents });
    return `ch_${this.captured.length}`;
  }
}
