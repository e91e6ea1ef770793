import type { EventLog, StoredEvent } from './event-log';

export interface IncomingEvent {
  id?: string;
  type: string;
  at?: number;
  data?: Record<string, unknown>;
}

let nextId = 1;

/** The /ingest endpoint's service: validates a device's batch and stores it in the tenant's log. */
export class IngestService {
  accepted = 0;

  constructor(private readonly log: EventLog, private readonly now: () => number = Date.now) {}

  async ingest(tenant: string, batch: IncomingEvent[]): Promise<{ stored: number; offset: number }> {
    if (!/^[a-z0-9-]+$/.test(tenant)) throw new Error(`bad tenant name: ${tenant}`);
    if (batch.length === 0) return { stored: 0, offset: -1 };
    const events: StoredEvent[] = batch.map((e) => {
      if (typeof e.type !== 'string' || e.type.length === 0) throw new Error('every event needs a type');
      return { id: e.id ?? `ev-${nextId++}`, type: e.type, at: e.at ?? this.now(), data: e.data };
    });
    const offset = await this.log.append(tenant, events);
    this.accepted += events.length;
    return { stored: events.length, offset };
  }

  async history(tenant: string, type?: string): Promise<StoredEvent[]> {
    const events = await this.log.read(tenant);
    return type ? events.filter((e) => e.type === type) : events;
  }
}
