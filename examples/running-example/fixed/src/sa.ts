import { shared } from './shared.ts';

/**
 * 004 Fig. 2, Thread 2 — component A, fixed: func1() announces through `xRead` that it has read
 * the shared x, and Thread 1 waits for that announcement before changing x.
 */
export class SA {
  xx = 0;
  y: number;
  z: number;
  /** Settles once func1() has read x: the point after which Thread 1 may change x. */
  readonly xRead: Promise<void>;
  private signalXRead: () => void = () => {};

  constructor(y: number, z: number) {
    this.y = y;
    this.z = z;
    this.xRead = new Promise<void>((resolve) => {
      this.signalXRead = resolve;
    });
  }

  async run(): Promise<void> {
    await this.func1();
    this.func2();
  }

  async func1(): Promise<void> {
    await Promise.resolve(); // Thread 2 may be descheduled here; Thread 1 now waits for xRead
    this.xx = this.z + shared.x;
    this.signalXRead();
  }

  func2(): void {
    if (this.y > 0.5) {
      this.func3();
    } else {
      this.func4();
    }
  }

  func3(): void {
    this.z = this.z + 1;
  }

  func4(): void {
    this.y = this.y * 2;
  }
}
