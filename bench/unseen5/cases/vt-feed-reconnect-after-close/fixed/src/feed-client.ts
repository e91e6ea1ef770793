import type { BrokerSocket, FakeBroker, Tick } from './broker';

export interface FeedOptions {
  symbols: string[];
  onTick: (tick: Tick) => void;
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface FeedClient {
  start(): Promise<void>;
  close(): void;
  readonly connected: boolean;
  readonly reconnects: number;
}

/** A market-data subscription that survives broker restarts: a dropped connection is re-dialled with exponential backoff. */
export function createFeedClient(broker: FakeBroker, opts: FeedOptions): FeedClient {
  const base = opts.backoffMs ?? 3;
  const max = opts.maxBackoffMs ?? 50;
  let socket: BrokerSocket | undefined;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let reconnects = 0;

  const adopt = (s: BrokerSocket) => {
    socket = s;
    attempt = 0;
    s.subscribe(opts.symbols);
    s.on('tick', opts.onTick);
    s.once('close', (reason: string) => {
      if (socket === s) socket = undefined;
      if (reason === 'server' && !stopped) scheduleReconnect();
    });
  };

  const scheduleReconnect = () => {
    attempt++;
    const delay = Math.min(base * 2 ** (attempt - 1), max);
    timer = setTimeout(() => {
      timer = undefined;
      broker.dial().then(
        (s) => {
          if (stopped) {
            s.end('client');
            return;
          }
          reconnects++;
          adopt(s);
        },
        () => {
          if (!stopped) scheduleReconnect();
        },
      );
    }, delay);
  };

  return {
    async start() {
      if (socket || stopped) return;
      adopt(await broker.dial());
    },
    close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      socket?.end('client');
      socket = undefined;
    },
    get connected() {
      return socket?.open ?? false;
    },
    get reconnects() {
      return reconnects;
    },
  };
}
