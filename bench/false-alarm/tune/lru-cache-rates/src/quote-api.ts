/** A fake quote API: answers on a later turn of the event loop; counts calls per pair. */
export class QuoteApi {
  calls = new Map<string, number>();
  private version = 0;

  constructor(private readonly rates: Record<string, number>, private readonly latencyMs = 5) {}

  quote(pair: string): Promise<{ pair: string; rate: number; version: number }> {
    this.calls.set(pair, (this.calls.get(pair) ?? 0) + 1);
    const version = ++this.version;
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        const rate = this.rates[pair];
        if (rate === undefined) reject(new Error(`unknown pair ${pair}`));
        else resolve({ pair, rate, version });
      }, this.latencyMs),
    );
  }

  total(): number {
    let n = 0;
    for (const c of this.calls.values()) n += c;
    return n;
  }
}
