import type { Entitlements, ExchangeFeed, Tick } from './exchange';

export type TickListener = (tick: Tick) => void;

export interface QuoteHub {
  subscribe(user: string, symbol: string, listener: TickListener): Promise<void>;
  unsubscribe(symbol: string, listener: TickListener): void;
  listenerCount(symbol?: string): number;
  readonly upstreamOpens: number;
}

/**
 * Fans the exchange's ticks out to local listeners. The upstream subscription of a
 * symbol is opened once, by the first subscriber; later ones share the same promise.
 */
export function createQuoteHub(feed: ExchangeFeed, entitlements: Entitlements): QuoteHub {
  const listeners = new Map<string, Set<TickListener>>();
  const upstream = new Map<string, Promise<void>>();
  // Registrations still waiting for the licence check or the upstream: an unsubscribe
  // arriving meanwhile cancels them.
  const pending = new Map<string, Map<TickListener, { cancelled: boolean }>>();
  let upstreamOpens = 0;

  feed.on('tick', (tick: Tick) => {
    for (const listener of [...(listeners.get(tick.symbol) ?? [])]) listener(tick);
  });

  const ensureUpstream = (symbol: string): Promise<void> => {
    let opening = upstream.get(symbol);
    if (!opening) {
      upstreamOpens++;
      opening = feed.subscribe(symbol);
      upstream.set(symbol, opening);
      opening.catch(() => upstream.delete(symbol));
    }
    return opening;
  };

  const subscribe = async (user: string, symbol: string, listener: TickListener): Promise<void> => {
    const registration = { cancelled: false };
    let waiting = pending.get(symbol);
    if (!waiting) pending.set(symbol, (waiting = new Map()));
    waiting.set(listener, registration);
    try {
      if (!(await entitlements.allows(user, symbol))) throw new Error(`${user} may not see ${symbol}`);
      await ensureUpstream(symbol);
    } finally {
      if (waiting.get(listener) === registration) waiting.delete(listener);
      if (waiting.size === 0 && pending.get(symbol) === waiting) pending.delete(symbol);
    }
    if (registration.cancelled) return;
    let set = listeners.get(symbol);
    if (!set) listeners.set(symbol, (set = new Set()));
    set.add(listener);
  };

  const unsubscribe = (symbol: string, listener: TickListener): void => {
    const registration = pending.get(symbol)?.get(listener);
    if (registration) registration.cancelled = true;
    const set = listeners.get(symbol);
    if (!set) return;
    set.delete(listener);
    if (set.size === 0) listeners.delete(symbol);
  };

  return {
    subscribe,
    unsubscribe,
    listenerCount: (symbol) =>
      symbol === undefined ? [...listeners.values()].reduce((n, s) => n + s.size, 0) : listeners.get(symbol)?.size ?? 0,
    get upstreamOpens() {
      return upstreamOpens;
    },
  };
}
