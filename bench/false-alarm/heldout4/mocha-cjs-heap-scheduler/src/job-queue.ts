import { EventEmitter } from 'node:events';
import Heap from 'mnemonist/heap';

interface Entry {
  name: string;
  priority: number;
  seq: number;
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Jobs wait in a heap (lower priority number first, ties in submission order) and one consumer
 * runs them one at a time. `submit` checks and sets `running` in the same synchronous step, so a
 * burst of submissions starts exactly one consumer. Listeners of `done` hear about a job in a
 * `process.nextTick`, before any timer.
 */
export class JobQueue extends EventEmitter {
  private readonly heap = new Heap<Entry>((a, b) => a.priority - b.priority || a.seq - b.seq);
  private seq = 0;
  private running = false;
  readonly started: string[] = [];
  consumers = 0;
  active = 0;
  maxActive = 0;

  get size(): number {
    return this.heap.size;
  }

  submit<T>(name: string, priority: number, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.heap.push({ name, priority, seq: this.seq++, work, resolve: resolve as (v: unknown) => void, reject });
      if (this.running) return;
      this.running = true;
      this.consumers++;
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    while (this.heap.size > 0) {
      const entry = this.heap.pop()!;
      this.started.push(entry.name);
      this.active++;
      this.maxActive = Math.max(this.maxActive, this.active);
      try {
        const value = await entry.work();
        entry.resolve(value);
        process.nextTick(() => this.emit('done', entry.name, value));
      } catch (err) {
        entry.reject(err);
        process.nextTick(() => this.emit('failed', entry.name, err));
      } finally {
        this.active--;
      }
    }
    this.running = false;
    this.emit('idle');
  }
}
