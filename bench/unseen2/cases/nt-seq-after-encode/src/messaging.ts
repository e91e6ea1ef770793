import { decode, encode } from './codec.ts';

export interface Frame {
  seq: number;
  topic: string;
  payload: string;
}

export interface Delivery {
  seq: number;
  topic: string;
  body: unknown;
}

/** Receives frames in any order and hands them on in sequence order, holding back those that came early. */
export class Inbox {
  private expected = 1;
  private readonly early = new Map<number, Frame>();
  readonly delivered: Delivery[] = [];

  accept(frame: Frame): void {
    if (frame.seq < this.expected || this.early.has(frame.seq)) return;
    this.early.set(frame.seq, frame);
    for (let next = this.early.get(this.expected); next; next = this.early.get(this.expected)) {
      this.early.delete(this.expected);
      this.expected++;
      this.delivered.push({ seq: next.seq, topic: next.topic, body: decode(next.payload) });
    }
  }

  get waiting(): number {
    return this.early.size;
  }
}

/** A link to the inbox that, like a network, may deliver frames a turn later. */
export class Link {
  sent = 0;
  constructor(private readonly inbox: Inbox) {}

  transmit(frame: Frame): void {
    this.sent++;
    setImmediate(() => this.inbox.accept(frame));
  }
}

/** Publishes a service's events in the order they happened. */
export class Outbox {
  private seq = 0;

  constructor(private readonly link: Link) {}

  send(topic: string, body: unknown): Promise<number> {
    return encode(body).then((payload) => {
      const frame: Frame = { seq: ++this.seq, topic, payload };
      this.link.transmit(frame);
      return frame.seq;
    });
  }

  get lastSeq(): number {
    return this.seq;
  }
}

export function topicsOf(deliveries: Delivery[]): string[] {
  return deliveries.map((d) => d.topic);
}
