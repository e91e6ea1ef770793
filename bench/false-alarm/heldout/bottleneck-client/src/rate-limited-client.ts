import Bottleneck from 'bottleneck';
import { WeatherApi } from './weather-api';

export class RateLimitedClient {
  private readonly limiter: Bottleneck;
  retries = 0;

  constructor(private readonly api: WeatherApi, options: { maxConcurrent?: number; minTime?: number } = {}) {
    this.limiter = new Bottleneck({ maxConcurrent: options.maxConcurrent ?? 2, minTime: options.minTime ?? 0 });
    // A 503 is retried once after 5 ms; anything else fails the job.
    this.limiter.on('failed', (error: { status?: number }, info: { retryCount: number }) => {
      if (error.status === 503 && info.retryCount === 0) {
        this.retries++;
        return 5;
      }
      return undefined;
    });
  }

  forecast(city: string): Promise<{ city: string; tempC: number }> {
    return this.limiter.schedule(() => this.api.forecast(city));
  }

  forecasts(cities: string[]): Promise<{ city: string; tempC: number }[]> {
    return Promise.all(cities.map((c) => this.forecast(c)));
  }

  counts(): Bottleneck.Counts {
    return this.limiter.counts();
  }

  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      if (this.limiter.empty() && this.counts().RUNNING === 0 && this.counts().EXECUTING === 0) resolve();
      else this.limiter.once('idle', () => resolve());
    });
  }

  stop(): Promise<void> {
    return this.limiter.stop({ dropWaitingJobs: false });
  }
}
