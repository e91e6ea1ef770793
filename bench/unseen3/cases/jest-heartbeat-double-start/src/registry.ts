export type Callback = (err: Error | null) => void;

/** A registry round trip: a few milliseconds, different each time. */
export function jitter(): number {
  return 1 + Math.floor(Math.random() * 6);
}

/** The service registry: nodes register, then beat to stay listed. */
export class Registry {
  readonly registrations: string[] = [];
  private readonly beats = new Map<string, number>();
  private readonly down = new Set<string>();

  constructor(private readonly latency: () => number = jitter) {}

  register(nodeId: string, done: Callback): void {
    setTimeout(() => {
      if (this.down.has(nodeId)) return done(new Error(`registry refused ${nodeId}`));
      this.registrations.push(nodeId);
      this.beats.set(nodeId, 0);
      done(null);
    }, this.latency());
  }

  beat(nodeId: string): void {
    this.beats.set(nodeId, (this.beats.get(nodeId) ?? 0) + 1);
  }

  beatsOf(nodeId: string): number {
    return this.beats.get(nodeId) ?? 0;
  }

  refuse(nodeId: string): void {
    this.down.add(nodeId);
  }
}
