import { EventEmitter } from 'node:events';
import type { Tick } from './exchange';
import type { QuoteHub } from './hub';

export type ClientFrame = { type: 'sub'; symbol: string } | { type: 'unsub'; symbol: string };
export type ServerFrame =
  | { type: 'subscribed'; symbol: string }
  | { type: 'error'; symbol: string; message: string }
  | { type: 'tick'; symbol: string; price: number; seq: number };

/** The server end of a browser's WebSocket, as the gateway sees it. */
export class FakeSocket extends EventEmitter {
  readonly sent: ServerFrame[] = [];
  sentAfterClose = 0;
  closed = false;

  /** The browser sends a frame. */
  fromClient(frame: ClientFrame): void {
    this.emit('message', JSON.stringify(frame));
  }

  send(frame: ServerFrame): void {
    if (this.closed) this.sentAfterClose++;
    else this.sent.push(frame);
  }

  close(): void {
    this.closed = true;
    this.emit('close');
  }

  /** Resolves once a frame of this type for this symbol has been sent. */
  async waitFor(type: ServerFrame['type'], symbol: string, timeoutMs = 5000): Promise<void> {
    const start = Date.now();
    while (!this.sent.some((f) => f.type === type && f.symbol === symbol)) {
      if (Date.now() - start > timeoutMs) throw new Error(`no ${type} frame for ${symbol}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  ticks(symbol?: string): Extract<ServerFrame, { type: 'tick' }>[] {
    return this.sent.filter((f): f is Extract<ServerFrame, { type: 'tick' }> => f.type === 'tick' && (!symbol || f.symbol === symbol));
  }
}

/** One browser session: subscribes and unsubscribes as the user opens and closes quote panels. */
export class QuoteSession {
  private readonly symbols = new Set<string>();

  constructor(
    private readonly user: string,
    private readonly socket: FakeSocket,
    private readonly hub: QuoteHub,
  ) {
    socket.on('message', (raw: string) => this.onFrame(JSON.parse(raw) as ClientFrame));
    socket.on('close', () => this.onClose());
  }

  /** Sends a tick to the browser; an arrow property so one function is registered per session. */
  private readonly forward = (tick: Tick): void => {
    this.socket.send({ type: 'tick', symbol: tick.symbol, price: tick.price, seq: tick.seq });
  };

  private onFrame(frame: ClientFrame): void {
    if (frame.type === 'sub') {
      if (this.symbols.has(frame.symbol)) return;
      this.symbols.add(frame.symbol);
      this.hub.subscribe(this.user, frame.symbol, this.forward).then(
        () => {
          if (this.symbols.has(frame.symbol)) this.socket.send({ type: 'subscribed', symbol: frame.symbol });
        },
        (err: Error) => {
          this.symbols.delete(frame.symbol);
          this.socket.send({ type: 'error', symbol: frame.symbol, message: err.message });
        },
      );
    } else {
      this.symbols.delete(frame.symbol);
      this.hub.unsubscribe(frame.symbol, this.forward);
    }
  }

  private onClose(): void {
    for (const symbol of this.symbols) this.hub.unsubscribe(symbol, this.forward);
    this.symbols.clear();
  }
}
