import type { SloClassifier } from './slo.ts';

export interface Snapshot {
  count: number;
  totalMs: number;
  buckets: Record<string, number>;
}

export function mean(snapshot: Snapshot): number {
  return snapshot.count === 0 ? 0 : snapshot.totalMs / snapshot.count;
}

export function bucketTotal(snapshot: Snapshot): number {
  return Object.values(snapshot.buckets).reduce((a, b) => a + b, 0);
}

export class LatencyStats {
  private count = 0;
  private totalMs = 0;
  private readonly buckets = new Map<string, number>();

  constructor(private readonly classifier: SloClassifier) {}

  async record(ms: number): Promise<void> {
    const label = await this.classifier.classify(ms);
    this.count++;
    this.totalMs += ms;
    this.buckets.set(label, (this.buckets.get(label) ?? 0) + 1);
  }

  snapshot(): Snapshot {
    return { count: this.count, totalMs: this.totalMs, buckets: Object.fromEntries(this.buckets) };
  }
}

export async function report(stats: LatencyStats, every: number, times: number): Promise<Snapshot[]> {
  const out: Snapshot[] = [];
  for (let i = 0; i < times; i++) {
    await new Promise<void>((resolve) => (every === 0 ? setImmediate(resolve) : setTimeout(resolve, every)));
    out.push(stats.snapshot());
  }
  return out;
}
