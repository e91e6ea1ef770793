import type { LoopbackSocket, Response } from './loopback';

interface Waiter {
  id: number;
  method: string;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/** Sends requests over one connection and hands each caller its answer. */
export class RpcClient {
  private nextId = 1;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly socket: LoopbackSocket) {
    socket.on('data', (line: string) => this.onData(line));
  }

  call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, method, resolve, reject });
      this.socket.write(JSON.stringify({ id, method, params }));
    });
  }

  private onData(line: string): void {
    const response = JSON.parse(line) as Response;
    const index = this.waiting.findIndex((w) => w.id === response.id);
    if (index < 0) return;
    const [waiter] = this.waiting.splice(index, 1);
    if (response.error !== undefined) waiter.reject(new Error(response.error));
    else waiter.resolve(response.result);
  }

  get pending(): number {
    return this.waiting.length;
  }
}
