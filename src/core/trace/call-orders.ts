// 004 IV-D input: each function's call orders. 004 Table III counts calls relative to the root of
// the call graph (SA.run 0, SA.func1 1, …); a test process runs many scenarios, so a call's order
// is its position in the calls of its own top-level activation (the root of its activation tree,
// order 0), not in the whole process. One entry per test process (`orders.length` = how often the
// function ran there).
import { readTraceFile, traceFiles } from './read-trace.js';

export type ExecutionCallOrders = { function: string; orders: number[] }[];

export async function callOrdersOf(runDir: string): Promise<ExecutionCallOrders[]> {
  const executions: ExecutionCallOrders[] = [];
  for (const file of traceFiles(runDir)) {
    const byFunction = new Map<string, number[]>();
    // activation → the call order of its top-level activation
    const rootOrder = new Map<number, number>();
    await readTraceFile(file, (event, info) => {
      if (event.e !== 'en') return;
      const base = event.p === null ? event.o : rootOrder.get(event.p) ?? event.o;
      rootOrder.set(event.a, base);
      const fn = info.functions.get(event.f);
      if (!fn) return;
      let orders = byFunction.get(fn.name);
      if (!orders) byFunction.set(fn.name, (orders = []));
      orders.push(event.o - base);
    });
    if (byFunction.size) executions.push([...byFunction].map(([fn, orders]) => ({ function: fn, orders })));
  }
  return executions;
}
