import { Supplier } from './supplier.ts';

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** Races `work` against a timer; the timer is always cleared, and on timeout the work is aborted. */
export async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ac = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new TimeoutError(ms);
      ac.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(ac.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asks every supplier at once; the first answer wins and the others are cancelled. */
export async function bestEffortQuote(suppliers: Supplier[], sku: string, ms: number): Promise<{ price: number; from: string }> {
  return withTimeout(ms, async (signal) => {
    const ac = new AbortController();
    signal.addEventListener('abort', () => ac.abort(signal.reason), { once: true });
    try {
      return await Promise.any(suppliers.map(async (s) => ({ price: await s.quote(sku, ac.signal), from: s.name })));
    } finally {
      ac.abort(new Error('another supplier answered'));
    }
  });
}

export interface BatchReport {
  prices: Record<string, number>;
  failed: Record<string, string>;
  batches: number;
}

/** Quotes SKUs in batches of `size`; a batch waits for all its quotes, failed or not, before the next. */
export async function quoteAll(supplier: Supplier, skus: string[], size: number, ms: number): Promise<BatchReport> {
  const report: BatchReport = { prices: {}, failed: {}, batches: 0 };
  for (let i = 0; i < skus.length; i += size) {
    const batch = skus.slice(i, i + size);
    const settled = await Promise.allSettled(batch.map((sku) => withTimeout(ms, (signal) => supplier.quote(sku, signal))));
    settled.forEach((r, j) => {
      if (r.status === 'fulfilled') report.prices[batch[j]] = r.value;
      else report.failed[batch[j]] = (r.reason as Error).name === 'TimeoutError' ? 'timeout' : (r.reason as Error).message;
    });
    report.batches++;
  }
  return report;
}
