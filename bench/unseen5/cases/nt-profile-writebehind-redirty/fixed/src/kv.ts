const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fake remote key-value store: every call is a network round trip of a few milliseconds. */
export class FakeKvStore {
  private readonly data = new Map<string, string>();
  readonly writes: Array<{ key: string; value: string }> = [];

  constructor(private readonly latency: [number, number] = [2, 6]) {}

  private roundTrip(): Promise<void> {
    const [min, max] = this.latency;
    return sleep(min + Math.floor(Math.random() * (max - min + 1)));
  }

  async get(key: string): Promise<string | undefined> {
    await this.roundTrip();
    return this.data.get(key);
  }

  async put(key: string, value: string): Promise<void> {
    const copy = String(value);
    await this.roundTrip();
    this.data.set(key, copy);
    this.writes.push({ key, value: copy });
  }

  peek(key: string): string | undefined {
    return this.data.get(key);
  }
}
