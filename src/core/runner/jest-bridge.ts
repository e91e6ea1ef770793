// How instrumented code inside Jest's vm contexts reaches the recorder. Instrumented code calls
// `globalThis.__conlens`; register.mjs sets it on the worker's real global, but each Jest test
// file runs in a vm context with a global of its own. Node's built-in modules are the objects
// both realms share (Jest's require returns the real ones), so the transformer, loaded in the
// real realm, publishes the recorder on one of them and the setup file, inside the context,
// adopts it.
// A plain require, not an import: a bundler's namespace wrapper would be a copy, not the module.
const shared = (): object => require('node:async_hooks') as object;

const KEY = Symbol.for('conlens.recorder');

/** In the real realm (the transformer module): make the recorder reachable. In a Jest worker,
 *  whose argv names only jest-worker's script, the trace is named after the worker
 *  (`jest-worker-<JEST_WORKER_ID>`), so every worker's trace has a key of its own. */
export function publishRecorder(): void {
  const recorder = (globalThis as { __conlens?: { setProcessArgv?(argv: string[]): void } }).__conlens;
  if (recorder === undefined) return;
  const worker = process.env.JEST_WORKER_ID;
  if (worker && /jest-worker/.test(process.argv[1] ?? '')) recorder.setProcessArgv?.([process.argv[1], `jest-worker-${worker}`]);
  Object.defineProperty(shared(), KEY, { value: recorder, enumerable: false, configurable: true });
}

/** In a test file's vm context (the setup file): the recorder on this context's global. */
export function adoptRecorder(): void {
  const recorder = (shared() as Record<symbol, unknown>)[KEY];
  if (recorder === undefined || (globalThis as { __conlens?: unknown }).__conlens !== undefined) return;
  Object.defineProperty(globalThis, '__conlens', { value: recorder, enumerable: false, configurable: true, writable: false });
}
