import { EventEmitter } from 'eventemitter3';

export interface Frame {
  id: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: string;
}

/**
 * A fake duplex socket to an RPC server. `send` hands a request to the server, which answers on a
 * timer (`delay(method)` ms) with a 'message' frame; 'open' comes once, shortly after creation.
 */
export class FakeSocket extends EventEmitter {
  readonly sent: Frame[] = [];
  closed = false;

  constructor(private readonly delay: (method: string) => number = () => 2, openAfterMs = 3) {
    super();
    setTimeout(() => this.emit('open'), openAfterMs);
  }

  send(frame: Frame): void {
    if (this.closed) throw new Error('socket closed');
    this.sent.push(frame);
    const ms = this.delay(frame.method ?? '');
    setTimeout(() => {
      if (this.closed) return;
      if (frame.method === 'crash') {
        this.emit('error', new Error('server crashed'));
        return;
      }
      if (frame.method === 'silent') return;
      if (frame.method === 'fail') this.emit('message', { id: frame.id, error: 'method failed' });
      else this.emit('message', { id: frame.id, result: { method: frame.method, echo: frame.params } });
    }, ms);
  }

  close(): void {
    this.closed = true;
    setTimeout(() => this.emit('close'), 1);
  }
}
