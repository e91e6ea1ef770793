import pTimeout, { TimeoutError } from 'p-timeout';
import { Provider, Quote } from './providers';

export interface Comparison {
  best: Quote | undefined;
  quotes: Quote[];
  timedOut: string[];
  failed: string[];
}

/** Asks every provider at once, each within its own time budget. */
export class QuoteService {
  private readonly lastQuotes = new Map<string, Quote>();

  constructor(private readonly providers: Provider[], private readonly budgetMs: number) {}

  /** Every provider gets `budgetMs`; a late one is aborted, not left running. */
  async compare(amount: number): Promise<Comparison> {
    const settled = await Promise.allSettled(this.providers.map((p) => this.ask(p, amount)));
    const result: Comparison = { best: undefined, quotes: [], timedOut: [], failed: [] };
    settled.forEach((s, i) => {
      const name = this.providers[i].name;
      if (s.status === 'fulfilled') result.quotes.push(s.value);
      else if (s.reason instanceof TimeoutError) result.timedOut.push(name);
      else result.failed.push(name);
    });
    for (const q of result.quotes) if (!result.best || q.premium < result.best.premium) result.best = q;
    return result;
  }

  /** The first provider to answer wins; the others are aborted. */
  async first(amount: number): Promise<Quote> {
    const controller = new AbortController();
    try {
      return await Promise.any(this.providers.map((p) => p.quote(amount, controller.signal)));
    } finally {
      controller.abort();
    }
  }

  /** One provider within the budget; if it is late, its last good quote (marked stale) is used. */
  async withFallback(provider: Provider, amount: number): Promise<Quote & { stale: boolean }> {
    const controller = new AbortController();
    const call = provider.quote(amount, controller.signal).then((q) => ({ ...q, stale: false }));
    const answer = await pTimeout(call, {
      milliseconds: this.budgetMs,
      fallback: () => {
        controller.abort();
        const last = this.lastQuotes.get(provider.name);
        if (!last) throw new TimeoutError(`${provider.name}: no answer and nothing cached`);
        return { ...last, stale: true };
      },
    });
    if (!answer.stale) this.lastQuotes.set(provider.name, answer);
    return answer;
  }

  private async ask(provider: Provider, amount: number): Promise<Quote> {
    const controller = new AbortController();
    try {
      const quote = await pTimeout(provider.quote(amount, controller.signal), {
        milliseconds: this.budgetMs,
        message: `${provider.name} took longer than ${this.budgetMs} ms`,
      });
      this.lastQuotes.set(provider.name, quote);
      return quote;
    } catch (error) {
      controller.abort();
      throw error;
    }
  }
}
