import { shared } from './shared.ts';

/**
 * 004 Fig. 2, Thread 1, fixed: it decreases the shared x only after Thread 2 has read it
 * (`after` is SA.xRead), which is the order the program intends.
 */
export class SB {
  constructor(private readonly after: Promise<void>) {}

  async run(): Promise<void> {
    await this.after; // wait until SA.func1() has read x
    this.func();
  }

  func(): void {
    shared.x = shared.x - 5;
  }
}
