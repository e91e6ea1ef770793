import { pEvent, pEventMultiple } from 'p-event';
import { type Frame, FakeSocket } from './socket.ts';

export class RpcClient {
  private nextId = 1;

  constructor(readonly socket: FakeSocket, private readonly timeoutMs = 2000) {}

  /** Waits for the socket's 'open' event. */
  async ready(): Promise<void> {
    await pEvent(this.socket, 'open', { timeout: this.timeoutMs });
  }

  /** Sends a request and waits for the reply with the same id; 'error' on the socket rejects. */
  async call(method: string, params?: unknown, timeout = this.timeoutMs): Promise<unknown> {
    const id = this.nextId++;
    const reply = pEvent(this.socket, 'message', {
      filter: (frame: Frame) => frame.id === id,
      rejectionEvents: ['error'],
      timeout,
    });
    this.socket.send({ id, method, params });
    const frame = (await reply) as Frame;
    if (frame.error) throw new Error(`${method}: ${frame.error}`);
    return frame.result;
  }

  /** Subscribes to the next `count` messages of any id (a monitor). */
  watch(count: number): Promise<Frame[]> {
    return pEventMultiple(this.socket, 'message', { count, timeout: this.timeoutMs }) as Promise<Frame[]>;
  }

  async close(): Promise<void> {
    const closed = pEvent(this.socket, 'close');
    this.socket.close();
    await closed;
  }

  listeners(): number {
    return this.socket.listenerCount('message') + this.socket.listenerCount('error');
  }
}
