import { EventEmitter } from 'node:events';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jitter = (max: number) => delay(1 + Math.floor(Math.random() * max));

/** A fake socket to the chat server: connecting and each write take a round trip; it can drop. */
export class FakeTransport extends EventEmitter {
  open = false;
  connects = 0;
  readonly delivered: string[] = [];

  async connect(): Promise<void> {
    this.connects++;
    await jitter(3);
    this.open = true;
  }

  async write(frame: string): Promise<void> {
    if (!this.open) throw new Error('socket is not open');
    await jitter(2);
    if (!this.open) throw new Error('socket closed while writing');
    this.delivered.push(frame);
  }

  drop(): void {
    this.open = false;
    this.emit('close');
  }
}
