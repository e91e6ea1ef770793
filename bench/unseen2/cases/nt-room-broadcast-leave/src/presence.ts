import { setTimeout as sleep } from 'node:timers/promises';

/** A fake presence service (the "last seen" store behind the member list). */
export class PresenceService {
  readonly offline = new Set<string>();

  async markOffline(memberId: string): Promise<void> {
    await sleep(1);
    this.offline.add(memberId);
  }
}

/** A member's connection: sending a line takes a round trip. */
export class Connection {
  readonly received: string[] = [];
  constructor(readonly memberId: string, private readonly latencyMs = 2) {}

  async send(line: string): Promise<void> {
    await sleep(this.latencyMs);
    this.received.push(line);
  }
}
