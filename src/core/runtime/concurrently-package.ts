// The entry of `concurrency-lens/concurrently` (dist/concurrently.cjs): what users' tests import —
// concurrently(...fns) and the linearization oracle synthesized tests use (002 Alg. 2). A module of
// its own because the oracle runs its parts with concurrently(): the entry sits above both.
export { concurrently } from './concurrently.js';
export { linearizable, type LinearizableTest } from './linearizable.js';
