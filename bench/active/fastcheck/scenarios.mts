// One fast-check scenario per example: the steps and checks of its integration test
// (examples/<name>/test/integration), written as a fast-check user would — the concurrent calls
// go through `ctx.gate` (a scheduling point at their start), and `ctx.wrap()` schedules every async method of the example's
// classes for the concurrent part (run.mts). Each scenario throws when the run shows the bug.
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import type fc from 'fast-check';

export interface Context {
  s: fc.Scheduler;
  /** Imports a module of the example's src/ (the buggy or the fixed one). */
  load: (file: string) => Promise<Record<string, any>>;
  /** Schedules the async methods of the example's classes until the next `wait` ends. */
  wrap: () => void;
  /** `fn` with a scheduling point at its start (run.mts `gate`). */
  gate: <A extends unknown[], T>(fn: (...args: A) => Promise<T>) => (...args: A) => Promise<T>;
  /** Runs scheduled tasks until the promise settles (a deadlock: rejects after a while). */
  wait: <T>(promise: Promise<T>) => Promise<T>;
}

type Scenario = (ctx: Context) => Promise<void>;

const settledOk = (outcomes: PromiseSettledResult<unknown>[]) =>
  outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : '')).filter(Boolean).join('; ');

export const SCENARIOS: Record<string, Scenario> = {
  // 003 Fig. 1: two customers withdraw 70 from 100.
  async account({ gate, load, wrap, wait }) {
    const { Account, checkThenWithdraw } = await load('account.ts');
    const account = new Account(100);
    const withdraw = gate(checkThenWithdraw as (a: unknown, n: number) => Promise<boolean>);
    wrap();
    const outcomes = await wait(Promise.allSettled([withdraw(account, 70), withdraw(account, 70)]));
    assert.equal(settledOk(outcomes), '');
    assert.deepEqual(outcomes.map((o) => (o as PromiseFulfilledResult<boolean>).value).sort(), [false, true]);
    assert.equal(await account.getBalance(), 30);
  },

  // 001 Fig. 3: t1 copies x into y while t2 credits interest on x.
  async 'atomic-set-account'({ load, wrap, wait }) {
    const { Account } = await load('account.ts');
    const x = new Account(100, 200);
    const y = new Account();
    wrap();
    await wait((async () => {
      let t2: Promise<void> = Promise.resolve();
      if (await x.isLegal()) {
        t2 = x.creditInterest(0.25);
        await y.copyFrom(x);
      }
      await t2;
    })());
    const state = [await y.getChk(), await y.getSav()];
    assert.ok((state[0] === 100 && state[1] === 200) || (state[0] === 125 && state[1] === 250), `y = (${state})`);
  },

  // 004 §V-F: two accounts transfer to each other; five managers at once.
  async 'bank-transfer'({ gate, load, wrap, wait }) {
    const { Account } = await load('account.ts');
    const { main } = await load('manage-account.ts');
    const a = new Account('A0', 100, 0);
    const b = new Account('A1', 100, 1);
    wrap();
    await wait(Promise.all([a.transfer(b, 10), b.transfer(a, 10)]));
    assert.deepEqual([a.amount, b.amount], [100, 100]);
    const run = gate(main as (n: number) => Promise<{ amount: number }[]>);
    wrap();
    const accounts = await wait(run(5));
    assert.deepEqual(accounts.map((account) => account.amount), [100, 100, 100, 100, 100]);
  },

  // 004 §V-C: five philosophers dine.
  async 'dining-philosophers'({ load, wrap, wait }) {
    const { main } = await load('dining-philosophers.ts');
    wrap();
    const philosophers = await wait(main(5, 3) as Promise<{ eaten: number }[]>);
    assert.deepEqual(philosophers.map((p) => p.eaten), [3, 3, 3, 3, 3]);
  },

  // 000 Fig. 2: sampleBootstrap(bin2) while bin2.clear().
  async 'dynamic-bin'({ load, wrap, wait }) {
    const { DynamicBin1D } = await load('dynamic-bin.ts');
    const { DRand } = await load('random.ts');
    const sum = (xs: readonly number[]) => xs.reduce((p, q) => p + q, 0);
    const fn = (x: readonly number[], y: readonly number[]) => sum(x) - sum(y);
    const serial = async (clearFirst: boolean) => {
      const bin1 = new DynamicBin1D([1, 2, 3, 4, 5]);
      const bin2 = new DynamicBin1D([10, 20, 30, 40]);
      if (clearFirst) await bin2.clear();
      const result = await bin1.sampleBootstrap(bin2, 4, new DRand(7), fn);
      if (!clearFirst) await bin2.clear();
      return result.toArray();
    };
    const expected = [await serial(false), await serial(true)];
    const bin1 = new DynamicBin1D([1, 2, 3, 4, 5]);
    const bin2 = new DynamicBin1D([10, 20, 30, 40]);
    wrap();
    const [bootstrap] = await wait(Promise.all([bin1.sampleBootstrap(bin2, 4, new DRand(7), fn), bin2.clear()]));
    const actual = await bootstrap.toArray();
    assert.ok(expected.some((e) => isDeepStrictEqual(actual, e)), `bootstrap ${JSON.stringify(actual)}`);
  },

  // 004 §V-A: one task logs five messages while another closes the appender.
  async 'file-appender'({ s, load, wrap, wait }) {
    const { Category } = await load('category.ts');
    const { FileAppender } = await load('file-appender.ts');
    const { LogLog } = await load('helpers.ts');
    const { SimpleLayout } = await load('layout.ts');
    const { MemoryFile } = await load('memory-file.ts');
    const MESSAGES = ['m0', 'm1', 'm2', 'm3', 'm4'];
    for (const turns of [1, 5, 12, 18]) {
      LogLog.errors.length = 0;
      const file = new MemoryFile('app.log');
      const appender = new FileAppender(new SimpleLayout(), file);
      appender.setName('A1');
      const cat = new Category('org.example');
      cat.addAppender(appender);
      wrap();
      const logger = async () => {
        for (const message of MESSAGES) await cat.info(message);
      };
      const closer = async () => {
        for (let i = 0; i < turns; i++) await s.schedule(Promise.resolve());
        await appender.close();
      };
      const [logged, closed] = await wait(Promise.allSettled([logger(), closer()]));
      assert.equal(closed.status, 'fulfilled');
      assert.equal(logged.status, 'fulfilled', `logging threw: ${logged.status === 'rejected' ? logged.reason : ''}`);
      const refused = (LogLog.errors as string[]).filter((e) => e.startsWith('Attempted to append to closed appender')).length;
      assert.deepEqual(file.lines(), MESSAGES.slice(0, MESSAGES.length - refused).map((m) => `INFO - ${m}`));
    }
  },

  // 004 §V-D: producers and consumers on one SyncStack (the bug has no visible symptom).
  async 'producer-consumer'({ load, wrap, wait }) {
    const { main } = await load('producer-consumer.ts');
    for (const [n, count] of [[2, 20], [3, 10]]) {
      wrap();
      const { ss, eaten } = await wait(main(n, n, count) as Promise<{ ss: { index: number }; eaten: { id: number }[] }>);
      assert.deepEqual(eaten.map((wt) => wt.id).sort((a, b) => a - b), Array.from({ length: n * count }, (_, i) => i));
      assert.equal(ss.index, 0);
    }
  },

  // 002 Fig. 3: pop and getqueuetop at the same time.
  async queue({ load, wrap, wait }) {
    const { Queue } = await load('queue.ts');
    const tc = new Queue();
    await tc.push(1);
    wrap();
    const [pop, top] = await wait(Promise.allSettled([tc.pop(), tc.getqueuetop()]));
    assert.equal(settledOk([pop, top]), '');
    assert.equal((pop as PromiseFulfilledResult<number>).value, 1);
    assert.ok([1, null].includes((top as PromiseFulfilledResult<number | null>).value));
  },

  // 004 §V-E: SetThreads and CheckThreads on one SetCheck.
  async reorder({ load, wrap, wait }) {
    const { ReorderTest } = await load('reorder-test.ts');
    for (const [sets, checks] of [[2, 2], [1, 3]]) {
      wrap();
      await wait(ReorderTest.main(sets, checks));
    }
  },

  // 004 Fig. 2: Thread 1 (SB) and Thread 2 (SA) run together.
  async 'running-example'({ load, wrap, wait }) {
    const { SA } = await load('sa.ts');
    const { SB } = await load('sb.ts');
    const { shared } = await load('shared.ts');
    const scenarios: Array<[number, number]> = [[0.61, 0], [0.23, 1], [0.75, 2], [0.41, 3], [0.88, 4], [0.12, 5], [0.66, 6], [0.34, 7], [0.93, 8], [0.46, 9]];
    for (const [y, z] of scenarios) {
      shared.x = 1;
      const sa = new SA(y, z);
      // The fixed SB takes the promise it waits for (its test passes sa.xRead); the buggy one nothing.
      const sb = new SB(sa.xRead);
      wrap();
      await wait(Promise.all([sa.run(), sb.run()]));
      assert.equal(sa.xx, z + 1, 'func1 read x after Thread 1 had already decreased it');
    }
  },

  // 003 Table 1 / 000 C2: sb1.append(sb2) while sb2 is emptied or shortened.
  async 'string-buffer'({ load, wrap, wait }) {
    const { StringBuffer } = await load('string-buffer.ts');
    for (const [change, results] of [
      [(sb: any) => sb.setLength(0), ['Hello, world', 'Hello, ']],
      [(sb: any) => sb.delete(0, 3), ['Hello, world', 'Hello, ld']],
    ] as const) {
      const sb1 = new StringBuffer('Hello, ');
      const sb2 = new StringBuffer('world');
      wrap();
      const outcomes = await wait(Promise.allSettled([sb1.append(sb2), change(sb2)]));
      assert.equal(settledOk(outcomes), '');
      assert.ok((results as readonly string[]).includes(await sb1.substring(0)));
    }
  },

  // A wallet converts while a statement is taken: balance and currency must match.
  async 'wallet-conversion'({ gate, load, wrap, wait }) {
    const { FixedRates, Wallet } = await load('wallet.ts');
    const wallet = new Wallet(new FixedRates({ 'EUR>USD': 2 }), 100, 'EUR');
    const convert = gate((to: string) => wallet.convert(to));
    const statement = gate(() => wallet.statement());
    wrap();
    const [, seen] = await wait(Promise.all([convert('USD'), statement()]));
    assert.ok(seen === '100.00 EUR' || seen === '200.00 USD', `statement ${seen}`);
  },

  // A reservation moves units between two fields, each under its own lock, while a count runs.
  async 'inventory-two-locks'({ gate, load, wrap, wait }) {
    const { Inventory, QueuedConfirmations } = await load('inventory.ts');
    const item = new Inventory('bolt', 10, new QueuedConfirmations());
    const reserve = gate((n: number) => item.reserve(n));
    const total = gate(() => item.total());
    wrap();
    const [, counted] = await wait(Promise.all([reserve(3), total()]));
    assert.equal(counted, 10);
  },
};
