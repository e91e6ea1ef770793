// Types of `concurrency-lens/concurrently` (built from src/core/runtime/concurrently-package.ts).

/**
 * Runs the functions as concurrent tasks and resolves to their results in order. Without
 * Concurrency Lens it calls them in order, like `Promise.all`; under the controlled scheduler each
 * function's start is a scheduling point, so the strategy picks which task starts first. Rejects
 * after every function settled: with the failure, or an AggregateError when several failed.
 */
export declare function concurrently<T extends readonly (() => unknown)[]>(
  ...fns: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }>;

export interface LinearizableTest<S> {
  /** The sequential part p: builds fresh objects, each time it is called. */
  setup: () => S | Promise<S>;
  /** The parallel parts c1, c2, …: each a sequence of calls on what setup built. */
  parts: ((state: S) => unknown)[][];
  /** What the final observable state is (default: everything setup returned). */
  observe?: (state: S) => unknown;
  /** How many times the concurrent run is tried (002 Alg. 2's MaxRun; default 5). */
  runs?: number;
}

/**
 * The linearization oracle (He, Wu & Chen, 002 Alg. 2): runs every linearization of
 * (setup, parts) once and records each call's outcome (return value or exception) and the final
 * state; then runs the parts concurrently. Rejects with an AssertionError when the concurrent run
 * shows what no linearization does (a concurrency error; tried `runs` times); resolves otherwise (a misuse that a
 * sequential order shows too is not reported).
 */
export declare function linearizable<S>(test: LinearizableTest<S>): Promise<'linearizable'>;
