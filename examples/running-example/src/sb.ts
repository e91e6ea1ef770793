import { shared } from './shared.ts';

/**
 * 004 Fig. 2, Thread 1 — the surroundings of component A. Its func() decreases the shared x
 * by 5 and is supposed to run only after SA.func1() has read x.
 */
export class SB {
  async run(): Promise<void> {
    await Promise.resolve(); // Thread 1 starts its work
    this.func();
  }

  func(): void {
    shared.x = shared.x - 5;
  }
}
