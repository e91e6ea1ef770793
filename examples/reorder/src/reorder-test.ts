import { SetCheck } from './set-check.ts';

/** SIR reorder SetThread: run() calls sc.set(). */
export class SetThread {
  constructor(private readonly sc: SetCheck) {}

  async run(): Promise<void> {
    await Promise.resolve(); // Thread.start(): run() begins on a later turn
    await this.sc.set();
  }
}

/** SIR reorder CheckThread: run() calls sc.check() and throws "bug found" when it is false. */
export class CheckThread {
  constructor(private readonly sc: SetCheck) {}

  async run(): Promise<void> {
    await Promise.resolve(); // Thread.start(): run() begins on a later turn
    const rst = this.sc.check();
    if (rst !== true) throw new Error('bug found');
  }
}

/**
 * SIR reorder ReorderTest: starts iSet SetThreads and iCheck CheckThreads on one SetCheck and
 * joins them all (004 Table VI: 4 threads, the default 2 + 2). main → run → SetThread.run → set
 * is the depth-3 path of Fig. 14 / Table XIII.
 */
export class ReorderTest {
  constructor(
    private readonly iSet = 2,
    private readonly iCheck = 2,
  ) {}

  static async main(iSet = 2, iCheck = 2): Promise<void> {
    await new ReorderTest(iSet, iCheck).run();
  }

  async run(): Promise<void> {
    const sc = new SetCheck();
    const started: Promise<void>[] = [];
    for (let i = 0; i < this.iSet; i++) started.push(new SetThread(sc).run());
    for (let i = 0; i < this.iCheck; i++) started.push(new CheckThread(sc).run());
    // join(): wait for every thread, then report the first one that died
    const joined = await Promise.allSettled(started);
    for (const outcome of joined) {
      if (outcome.status === 'rejected') throw outcome.reason;
    }
  }
}
