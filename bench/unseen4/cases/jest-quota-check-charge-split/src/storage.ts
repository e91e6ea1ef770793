const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const jitter = (min: number, spread: number) => delay(min + Math.floor(Math.random() * spread));

/** Bytes used and allowed per user. Every method is synchronous: the ledger lives in memory. */
export class QuotaLedger {
  private readonly used = new Map<string, number>();

  constructor(private readonly limits: Record<string, number>) {}

  limitOf(user: string): number {
    return this.limits[user] ?? 0;
  }

  usedBy(user: string): number {
    return this.used.get(user) ?? 0;
  }

  remaining(user: string): number {
    return this.limitOf(user) - this.usedBy(user);
  }

  hasRoom(user: string, bytes: number): boolean {
    return bytes <= this.remaining(user);
  }

  charge(user: string, bytes: number): void {
    this.used.set(user, this.usedBy(user) + bytes);
  }

  refund(user: string, bytes: number): void {
    this.used.set(user, Math.max(0, this.usedBy(user) - bytes));
  }
}

/** A fake object store with a little latency; names containing "corrupt" are refused. */
export class BlobStore {
  private readonly blobs = new Map<string, string>();
  private readonly manifests = new Map<string, string[]>();
  puts = 0;

  async put(key: string, data: string): Promise<void> {
    this.puts++;
    await jitter(2, 4);
    if (key.includes('corrupt')) throw new Error(`checksum mismatch for ${key}`);
    this.blobs.set(key, data);
  }

  get(key: string): string | undefined {
    return this.blobs.get(key);
  }

  get count(): number {
    return this.blobs.size;
  }

  async readManifest(user: string): Promise<string[]> {
    await jitter(1, 3);
    return [...(this.manifests.get(user) ?? [])];
  }

  async writeManifest(user: string, names: string[]): Promise<void> {
    await jitter(1, 3);
    this.manifests.set(user, [...names]);
  }
}

/** Runs tasks one at a time, in call order, on a promise chain. */
export class ChainMutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
