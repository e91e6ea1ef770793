import type { LoopbackTransport, Response } from './transport.ts';

export type Callback = (err: Error | null, result?: number) => void;

export class TimeoutError extends Error {
  constructor(method: string, ms: number) {
    super(`${method} timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export class RpcClient {
  private nextId = 1;
  private readonly pending = new Map<number, (msg: Response) => void>();
  lateReplies = 0;

  constructor(
    private readonly transport: LoopbackTransport,
    private readonly timeoutMs = 20,
  ) {
    transport.onMessage((msg) => this.dispatch(msg));
  }

  call(method: string, params: number[], cb: Callback): void {
    const id = this.nextId++;
    let done = false;
    const onTimeout = () => {
      if (done) return;
      done = true;
      cb(new TimeoutError(method, this.timeoutMs));
    };
    const timer = setTimeout(onTimeout, this.timeoutMs);
    const onReply = (msg: Response) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (msg.error) cb(new Error(msg.error));
      else cb(null, msg.result);
    };
    this.pending.set(id, onReply);
    this.transport.send({ id, method, params });
  }

  callAsync(method: string, params: number[]): Promise<number | undefined> {
    return new Promise((resolve, reject) => this.call(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  }

  private dispatch(msg: Response): void {
    const handler = this.pending.get(msg.id);
    if (!handler) {
      this.lateReplies++;
      return;
    }
    this.pending.delete(msg.id);
    handler(msg);
  }
}
