import { setTimeout as sleep } from 'node:timers/promises';

export interface FlagSet {
  version: number;
  flags: Record<string, boolean>;
}

/** The remote flag service. Each answer takes the latency queued for it (the last one repeats). */
export class FlagClient {
  private readonly inFlight = new Set<Promise<unknown>>();
  requests = 0;

  constructor(private readonly answers: { latencyMs: number; set: FlagSet }[]) {}

  fetchFlags(): Promise<FlagSet> {
    const answer = this.answers[Math.min(this.requests, this.answers.length - 1)];
    this.requests++;
    const reply = sleep(answer.latencyMs).then(() => structuredClone(answer.set));
    this.inFlight.add(reply);
    void reply.finally(() => this.inFlight.delete(reply));
    return reply;
  }

  /** Resolves when every request sent so far has been answered. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
