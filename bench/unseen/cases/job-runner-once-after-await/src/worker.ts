import { EventEmitter } from 'node:events';

export interface Task {
  id: number;
  payload: number[];
}
export interface Reply {
  id: number;
  result: number;
}

export function compute(payload: number[]): number {
  return payload.reduce((acc, x) => acc * 31 + x, 7) % 1_000_003;
}

/** A fake worker thread: answers each posted task with a 'message' event. */
export class FakeWorker extends EventEmitter {
  constructor(private readonly latencyMs = 0) {
    super();
  }

  postMessage(task: Task): void {
    const reply = () => this.emit('message', { id: task.id, result: compute(task.payload) } satisfies Reply);
    if (this.latencyMs === 0) setImmediate(reply);
    else setTimeout(reply, this.latencyMs);
  }
}
