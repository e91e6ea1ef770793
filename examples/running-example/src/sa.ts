import { shared } from './shared.ts';

/**
 * 004 Fig. 2, Thread 2 — component A. run() calls func1() and then func2(); func2() calls
 * func3() or func4() depending on y (Fig. 3, Table III: run 0, func1 1, func2 2, func3/func4 3).
 * Inputs: y in (0, 1), z an integer in [0, 9]; the shared x must still be 1 when func1 reads it.
 */
export class SA {
  xx = 0;
  y: number;
  z: number;

  constructor(y: number, z: number) {
    this.y = y;
    this.z = z;
  }

  async run(): Promise<void> {
    await this.func1();
    this.func2();
  }

  /**
   * Reads x after a context switch. It relies on Thread 1 not having run SB.func() yet
   * (x == 1, so xx == z + 1); nothing enforces that order — the fault.
   */
  async func1(): Promise<void> {
    await Promise.resolve(); // Thread 2 is descheduled here; Thread 1 may run first
    this.xx = this.z + shared.x;
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
