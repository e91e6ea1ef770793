import pRetry, { AbortError } from 'p-retry';
import { Endpoint, HttpError } from './endpoint.ts';

export interface Delivery {
  id: string;
  event: string;
  data: unknown;
}

export interface Outcome {
  id: string;
  ok: boolean;
  attempts: number;
  error?: string;
}

/** Sends webhooks with retries: 5xx is retried with a short backoff, 4xx gives up at once. */
export class Dispatcher {
  readonly failedAttempts: string[] = [];

  constructor(private readonly endpoint: Endpoint, private readonly retries = 4) {}

  async deliver(d: Delivery): Promise<Outcome> {
    let attempts = 0;
    try {
      await pRetry(
        async () => {
          attempts++;
          try {
            return await this.endpoint.post(d.id, { event: d.event, data: d.data });
          } catch (error) {
            if (error instanceof HttpError && error.status < 500) throw new AbortError(error);
            throw error;
          }
        },
        {
          retries: this.retries,
          minTimeout: 2,
          factor: 2,
          randomize: false,
          onFailedAttempt: (error) => {
            this.failedAttempts.push(`${d.id}#${error.attemptNumber}`);
          },
        },
      );
      return { id: d.id, ok: true, attempts };
    } catch (error) {
      return { id: d.id, ok: false, attempts, error: (error as Error).message };
    }
  }

  deliverAll(ds: Delivery[]): Promise<Outcome[]> {
    return Promise.all(ds.map((d) => this.deliver(d)));
  }
}
