import { setTimeout as sleep } from 'node:timers/promises';

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A fake webhook receiver. `failFirst[id]` makes the first N POSTs of a delivery answer 503;
 * `status[id]` makes every POST of it answer that status. Deliveries are stored once by id.
 */
export class Endpoint {
  readonly received = new Map<string, unknown>();
  readonly attempts = new Map<string, number>();

  constructor(private readonly failFirst: Record<string, number> = {}, private readonly status: Record<string, number> = {}) {}

  async post(id: string, payload: unknown, ms = 2): Promise<number> {
    const n = (this.attempts.get(id) ?? 0) + 1;
    this.attempts.set(id, n);
    await sleep(ms);
    if (this.status[id]) throw new HttpError(this.status[id], `POST ${id}: ${this.status[id]}`);
    if (n <= (this.failFirst[id] ?? 0)) throw new HttpError(503, `POST ${id}: 503 (attempt ${n})`);
    if (!this.received.has(id)) this.received.set(id, payload);
    return 204;
  }
}
