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
    if (!(await entitlements.allows(user, symbol))) throw new Error(`${user} may not see ${symbol}`);
    await ensureUpstream(symbol);
    let set = listeners.get(symbol);
    if (!set) listeners.set(symbol, (set = new Set()));
    set.add(listener);
  };

  const unsubscribe = (symbol: string, listener: TickListener): void => {
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
