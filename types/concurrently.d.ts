// Types of `concurrency-lens/concurrently` (built from src/core/runtime/concurrently.ts).

/**
 * Runs the functions as concurrent tasks and resolves to their results in order. Without
 * Concurrency Lens it calls them in order, like `Promise.all`; under the controlled scheduler each
 * function's start is a scheduling point, so the strategy picks which task starts first. Rejects
 * after every function settled: with the failure, or an AggregateError when several failed.
 */
export declare function concurrently<T extends readonly (() => unknown)[]>(
  ...fns: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }>;
