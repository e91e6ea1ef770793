// `concurrently(...fns)`: the explicit way for an integration test to say "these run as concurrent
// tasks" (DESIGN §2; issue 6), for code where `Promise.all([a(), b()])` is not the natural shape.
// It promises nothing about which function starts first. Without Concurrency Lens (or with
// tracing only) it calls them in order, as `Promise.all` does. Under the controlled scheduler each
// function's start is a scheduling point of its own: the strategy picks which task starts first,
// as the threads of the papers all start together (003 §2.1: every enabled transition may go
// first). That is a legal interleaving here, unlike deferring the first segment of an async call
// written in the code, which always runs before the caller goes on.
// It resolves to the results in order; when functions fail it rejects with the failure (an
// AggregateError holding all of them when several failed) after every function has settled.
import type { Recorder } from './recorder.js';

type Results<T extends readonly (() => unknown)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/** Site indexes of the task starts, per position, registered with the recorder on first use. */
const startSites: number[] = [];

function startSite(recorder: Recorder, index: number): number {
  while (startSites.length <= index) {
    const position = startSites.length;
    const [, base] = recorder.m('conlens:concurrently', [], [[position + 1, 1, 'await', `task ${position + 1} starts`]]);
    startSites.push(base);
  }
  return startSites[index];
}

export async function concurrently<T extends readonly (() => unknown)[]>(...fns: T): Promise<Results<T>> {
  for (const [i, fn] of fns.entries()) {
    if (typeof fn !== 'function') throw new TypeError(`concurrently: argument ${i + 1} is not a function`);
  }
  const recorder = (globalThis as { __conlens?: Recorder }).__conlens;
  const scheduler = recorder?.scheduler;
  const started = fns.map((fn, i) => {
    if (!recorder || !scheduler) return new Promise((resolve) => resolve(fn()));
    // A task's start is the user's declared freedom (it may start late, as a thread may): a
    // deliberate delay, not an await of a plain value.
    const gate = scheduler.park(undefined, startSite(recorder, i), undefined, { deliberate: true });
    return gate.then(() => fn());
  });
  const outcomes = await Promise.allSettled(started);
  const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `concurrently: ${failures.length} of ${fns.length} functions failed`);
  return outcomes.map((o) => (o as PromiseFulfilledResult<unknown>).value) as Results<T>;
}
