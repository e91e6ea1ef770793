// 004 IV-D input from the integration runs' traces: each function's relative call orders, the
// functions the root calls directly, and whether the runs did concurrent work at all.
//
// What "the root" is (004 IV-D/IV-F: order and depth are counted from the root function, SA.run()
// with order 0 and depth 0 in Table III). Two cases:
//   - The config names `roots` (e.g. `main`): those functions are the root, as in the paper; each
//     root activation is one execution from the root, its calls counted afresh. Calls outside any
//     root activation count from the start of their test process.
//   - No `roots`: the integration test itself is the root. Its file is outside the analyzed
//     sources, so it has no node of its own: rootedGraph (below) adds a virtual node `(test)` at
//     depth 0 whose callees are the graph's roots and every function the tests call directly
//     (depth 1). Each call the test makes into the sources is one execution of the component
//     from the root: the called function has order 1 (the test, the root, 0) and the calls below
//     it count on from there. A test file running many scenarios thus does not push the later
//     scenarios' calls to ever larger orders, and two calls the test starts at once (Promise.all)
//     both have order 1 — the same position relative to the root, as SA.func3 and SA.func4 share
//     order 3 in Table III.
//
// The order of one call (o_ij in eq. (1)) is its *relative call order* — Table III's title — in
// its execution from the root: the position of its calling context (the chain of functions from
// the root down to it) among the calling contexts the execution reached, in the order they were
// first reached. A call that repeats a context already reached takes that context's position:
// the next iteration of a loop, or another task (thread) doing the same thing. This is our
// reading of IV-D where it is ambiguous, chosen because
//   - the paper's tables are relative orders of this kind: Table III numbers SA.run's callees
//     1, 2 and func2's callee 3 (func3 and func4, alternatives, share it); Table XII gives
//     SyncStack.push order 2 — Producer.run 1, push 2 — although each of several producer threads
//     pushes many times. Positions in the raw interleaved call sequence instead grow with the
//     number of iterations and tasks (push ≈ 83 in the producer-consumer example), so S_rate then
//     measures how long a function's loop runs, not how early it sits in an execution;
//   - with one task and no repetition the two readings coincide: the context sequence is the
//     call sequence.
// Constructors take no position (a call inside one shares its caller's position): an object
// under construction is not shared yet, the harness rule drops every constructor's failure
// invariants (reduce.ts), and the paper's call tables list methods only (Table III: no
// constructor, although SA is constructed; AspectJ's method pointcuts do not match them). With
// positions for constructors, Table XII's push would have order 7 (SyncStack, its Monitor base,
// Producer, Consumer and WoTou constructed first).
import type { StaticAnalysis } from '../static/static-types.js';
import type { CallGraphInput, RunCallOrders } from './localize-types.js';
import { readTraceFile, traceFiles } from '../trace/read-trace.js';
import type { TestScope } from '../trace/test-cases.js';
import { ConcurrencyProbe } from '../trace/concurrency.js';

/** One execution from the root: the calling contexts it reached so far, each keyed by its
 *  parent context's node and the function, with its node number and its position. */
interface Execution {
  contexts: Map<string, { node: number; order: number }>;
  next: number;
}

const newExecution = (next = 1): Execution => ({ contexts: new Map(), next });

export interface IntegrationFacts {
  /** One entry per test process (004 eq. (1)'s runs). */
  executions: RunCallOrders[];
  /** Functions (display names) called from uninstrumented code: the test calls them directly. */
  topLevel: string[];
  /** Test processes that called an instrumented function, and how many of them ran two tasks at
   *  once (trace/concurrency.ts). */
  processes: number;
  concurrentProcesses: number;
}

/** Reads every trace of the given integration run folders. `roots`: the configured root names
 *  (empty: the test is the root). */
export async function integrationFacts(runDirs: string[], roots: string[], testCases?: TestScope): Promise<IntegrationFacts> {
  const rootNames = new Set(roots);
  const executions: RunCallOrders[] = [];
  const topLevel = new Set<string>();
  let processes = 0;
  let concurrentProcesses = 0;
  for (const dir of runDirs)
    for (const file of traceFiles(dir)) {
      const byFunction = new Map<string, number[]>();
      /** activation → its execution, its calling context's node and its relative order. */
      const activations = new Map<number, { execution: Execution; node: number; order: number }>();
      /** Context nodes: a new one per root activation and per context first reached (0: outside). */
      let nodes = 0;
      /** Calls outside any root activation (only with `roots`): one execution per process. */
      const outside = newExecution();
      const probe = new ConcurrencyProbe();
      await readTraceFile(file, (event, info) => {
        probe.see(event, info);
        if (event.e !== 'en') return;
        const fn = info.functions.get(event.f);
        const name = fn?.name;
        const key = name ?? `#${event.f}`;
        const parent = event.p === null ? undefined : activations.get(event.p);
        if (name !== undefined && rootNames.has(name)) {
          activations.set(event.a, { execution: newExecution(), node: ++nodes, order: 0 });
        } else if (!parent && rootNames.size === 0) {
          // The test (the root, order 0) called into the sources: one execution from the root.
          activations.set(event.a, { execution: newExecution(2), node: ++nodes, order: 1 });
        } else {
          const execution = parent?.execution ?? outside;
          const context = `${parent?.node ?? 0}\u0000${key}`;
          let reached = execution.contexts.get(context);
          if (!reached) {
            // A callback's run (kind 'callback', runtime/callbacks.ts) is no call of the program's:
            // what it calls sits at its registrant's position, as in a constructor.
            reached = { node: ++nodes, order: fn?.kind === 'constructor' || fn?.kind === 'callback' ? (parent?.order ?? 0) : execution.next++ };
            execution.contexts.set(context, reached);
          }
          activations.set(event.a, { execution, ...reached });
        }
        if (event.p === null && name !== undefined && fn?.kind !== 'callback') topLevel.add(name);
        if (name === undefined) return;
        let orders = byFunction.get(name);
        if (!orders) byFunction.set(name, (orders = []));
        orders.push(activations.get(event.a)!.order);
      }, { testCases });
      if (!probe.calls) continue;
      processes++;
      if (probe.concurrent) concurrentProcesses++;
      executions.push([...byFunction].map(([fn, orders]) => ({ function: fn, orders })));
    }
  return { executions, topLevel: [...topLevel].sort(), processes, concurrentProcesses };
}

/** The name of the virtual root node when the integration test is the root. */
export const TEST_ROOT = '(test)';

export interface RootedGraph {
  input: CallGraphInput;
  /** The root is the virtual `(test)` node. */
  testRoot: boolean;
  /** What the root calls directly. */
  entryPoints: string[];
  /** The root in words (Report.root). */
  root: string;
}

/** The call graph localize searches, with its root (the head of the file explains the choice): the
 *  configured roots as they are, or a virtual `(test)` root calling the graph's roots and every
 *  function the integration tests call directly. */
export function rootedGraph(analysis: StaticAnalysis, configuredRoots: string[], topLevel: string[]): RootedGraph {
  const base: CallGraphInput = {
    nodes: analysis.nodes,
    edges: analysis.edges,
    roots: analysis.roots,
    depth: analysis.depth,
    calledAfter: analysis.calledAfter,
    classes: analysis.classes,
  };
  if (configuredRoots.length && analysis.roots.length) {
    const entry = analysis.edges.filter((e) => analysis.roots.includes(e.from)).map((e) => e.to);
    const root = analysis.roots.map((id) => analysis.nodes.find((n) => n.id === id)?.name ?? id).join(', ');
    return { input: base, testRoot: false, entryPoints: [...analysis.roots, ...entry], root };
  }
  const ids = new Set<string>(analysis.roots);
  const byName = new Map<string, string[]>();
  for (const n of analysis.nodes) byName.set(n.name, [...(byName.get(n.name) ?? []), n.id]);
  for (const name of topLevel) for (const id of byName.get(name) ?? []) ids.add(id);
  const edges = [...analysis.edges.map((e) => ({ from: e.from, to: e.to })), ...[...ids].map((to) => ({ from: TEST_ROOT, to }))];
  return {
    input: { ...base, nodes: [{ id: TEST_ROOT, name: TEST_ROOT }, ...analysis.nodes], edges, roots: [TEST_ROOT], depth: undefined },
    testRoot: true,
    entryPoints: [...ids],
    root: TEST_ROOT,
  };
}

/** The runs' call orders for that graph: with the virtual root, each run also calls it, at order 0. */
export function rootedCallOrders(executions: RunCallOrders[], testRoot: boolean): RunCallOrders[] {
  return testRoot ? executions.map((run) => [...run, { function: TEST_ROOT, orders: [0] }]) : executions;
}
