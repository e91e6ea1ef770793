// 004 IV-D input from the integration runs' traces: each function's call orders relative to the
// root, the functions the root calls directly, and whether the runs did concurrent work at all.
//
// What "the root" is (004 IV-D/IV-F: order and depth are counted from the root function, SA.run()
// with order 0 and depth 0 in Table III). Two cases:
//   - The config names `roots` (e.g. `main`): those functions are the root, as in the paper. A
//     call's order is its position in the calls made since the enclosing root activation began
//     (the root itself 0); calls outside any root activation count from the start of their test
//     process.
//   - No `roots`: the integration test itself is the root. Its file is outside the analyzed
//     sources, so it has no node of its own: rank-project.ts adds a virtual node `(test)` at
//     depth 0 whose callees are the graph's roots and every function the tests call directly
//     (depth 1). Each call the test makes into the sources is one execution of the component
//     from the root, Table III's "relative call order" counted afresh: the called function has
//     order 1 (the test, the root, 0), and every call in its activation tree its position after
//     that (2, 3, …). A test file running many scenarios thus does not push the later scenarios'
//     calls to ever larger orders, and two calls the test starts at once (Promise.all) both
//     count from 1 — the same position relative to the root, as SA.func3 and SA.func4 share
//     order 3 in Table III.
import type { RunCallOrders } from './localize-types.js';
import { readTraceFile, traceFiles } from '../trace/read-trace.js';

export interface IntegrationFacts {
  /** One entry per test process (004 eq. (1)'s runs). */
  executions: RunCallOrders[];
  /** Functions (display names) called from uninstrumented code: the test calls them directly. */
  topLevel: string[];
  /** Test processes read, and how many of them ran two tasks at once. */
  processes: number;
  concurrentProcesses: number;
}

/** Reads every trace of the given integration run folders. `roots`: the configured root names
 *  (empty: the test is the root). */
export async function integrationFacts(runDirs: string[], roots: string[]): Promise<IntegrationFacts> {
  const rootNames = new Set(roots);
  const executions: RunCallOrders[] = [];
  const topLevel = new Set<string>();
  let processes = 0;
  let concurrentProcesses = 0;
  for (const dir of runDirs)
    for (const file of traceFiles(dir)) {
      const byFunction = new Map<string, number[]>();
      /** activation → the call order its own orders count from (the enclosing root's, or 0). */
      const base = new Map<number, number>();
      /** Activations entered from uninstrumented code and not exited yet. */
      const openTop = new Set<number>();
      /** Every activation entered and not exited yet. */
      const open = new Set<number>();
      let concurrent = false;
      let calls = 0;
      await readTraceFile(file, (event, info) => {
        // A task that is still running when its caller goes on runs concurrently with it. (The
        // recorder also marks a call the uninstrumented test made and awaited as spawned, once it
        // has finished: that one ran alone.)
        if (event.e === 'spawn' && open.has(event.a)) concurrent = true;
        if (event.e === 'ex' || event.e === 'exc') {
          openTop.delete(event.a);
          open.delete(event.a);
        }
        if (event.e !== 'en') return;
        open.add(event.a);
        calls++;
        const fn = info.functions.get(event.f);
        const name = fn?.name;
        const rooted = rootNames.size > 0;
        let from = event.p === null ? (rooted ? 0 : event.o - 1) : (base.get(event.p) ?? 0);
        if (name !== undefined && rootNames.has(name)) from = event.o;
        base.set(event.a, from);
        if (event.p === null) {
          // Two activations the test started are both unfinished: it runs them at once.
          if (openTop.size && fn?.async) concurrent = true;
          if (fn?.async) openTop.add(event.a);
          if (name !== undefined) topLevel.add(name);
        }
        if (name === undefined) return;
        let orders = byFunction.get(name);
        if (!orders) byFunction.set(name, (orders = []));
        orders.push(event.o - from);
      });
      if (!calls) continue;
      processes++;
      if (concurrent) concurrentProcesses++;
      executions.push([...byFunction].map(([fn, orders]) => ({ function: fn, orders })));
    }
  return { executions, topLevel: [...topLevel].sort(), processes, concurrentProcesses };
}
