import { setTimeout as sleep } from 'node:timers/promises';
import { EventBus } from './event-bus';

export interface Notice {
  topic: string;
  text: string;
}

export function formatNotice(n: Notice): string {
  return `[${n.topic}] ${n.text}`;
}

/** A connected client: its socket takes `latencyMs` to accept a frame. */
export class Client {
  readonly inbox: string[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(readonly name: string, private readonly latencyMs: number) {}

  attach(bus: EventBus<Notice>): void {
    this.unsubscribe = bus.subscribe(async (notice) => {
      await sleep(this.latencyMs);
      this.inbox.push(formatNotice(notice));
    });
  }

  /** Closes the socket (one round trip), then stops listening. */
  async disconnect(): Promise<void> {
    await sleep(1);
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

export class NotificationHub {
  readonly bus = new EventBus<Notice>();

  connect(name: string, latencyMs: number): Client {
    const client = new Client(name, latencyMs);
    client.attach(this.bus);
    return client;
  }

  broadcast(topic: string, text: string): Promise<number> {
    return this.bus.publish({ topic, text });
  }
}
