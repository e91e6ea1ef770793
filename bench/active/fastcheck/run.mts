// The fast-check baseline of bench/active: the example's concurrent scenario (scenarios.mts, the
// same steps as its integration test, on its own src/) run under fast-check's `fc.scheduler()`,
// the JavaScript ecosystem's tool for async races. As fast-check's documentation suggests, the
// async APIs get scheduling points: every call of every async method of every class the example's
// src/ exports (patched on the prototype for the concurrent part), and the concurrent calls the
// test makes, first wait for a promise fast-check schedules (`gate`), so fast-check picks the
// order in which those calls start. Code between them runs as Node runs it (fast-check cannot
// reach the awaits inside).
//
// Usage (under the TypeScript loader, no tracing):
//   node --import dist/register.mjs bench/active/fastcheck/run.mts <example> <dir> <runs> <seed> [methods|calls]
// Prints one JSON line: { runs, failures, messages, ms }.
import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { types } from 'node:util';
import { SCENARIOS, type Context } from './scenarios.mts';

const [name, dir, runsText, seedText, modelText] = process.argv.slice(2);
/** `methods` (default): every async method of the example's classes is scheduled too (the most
 *  fast-check can reach). `calls`: only the concurrent calls the test makes are (fc.scheduler as
 *  it is used for code with no async dependency to mock); the code between runs as Node runs it. */
const model = modelText === 'calls' ? 'calls' : 'methods';
const runs = Number(runsText ?? 100);
const seed = Number(seedText ?? 1);
const scenario = SCENARIOS[name];
if (!scenario) {
  process.stderr.write(`no fast-check scenario for "${name}"\n`);
  process.exit(2);
}

const srcDir = join(dir, 'src');
const load = (file: string) => import(pathToFileURL(join(srcDir, file)).href) as Promise<Record<string, any>>;
const modules = await Promise.all(readdirSync(srcDir).filter((f) => f.endsWith('.ts')).map(load));

/** Every class the example exports, with its async prototype methods. */
const classes = new Set<Function>();
for (const module of modules) {
  for (const value of Object.values(module)) {
    if (typeof value === 'function' && value.prototype && Object.getOwnPropertyNames(value.prototype).length > 1) classes.add(value);
  }
}

/** `fn` starts when fast-check releases a scheduled, already resolved promise: a scheduling point
 *  at the call. (`scheduleFunction` schedules the *result* of the call instead, which deadlocks
 *  fast-check's waitNext as soon as that result waits for another scheduled call.) */
export function gate<A extends unknown[], T>(s: fc.Scheduler, fn: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  return (...args: A) => s.schedule(Promise.resolve()).then(() => fn(...args));
}

function wrapAll(s: fc.Scheduler): () => void {
  const restore: (() => void)[] = [];
  const done = new Set<object>();
  for (const cls of classes) {
    for (let proto = cls.prototype; proto && proto !== Object.prototype && !done.has(proto); proto = Object.getPrototypeOf(proto)) {
      done.add(proto);
      for (const key of Object.getOwnPropertyNames(proto)) {
        const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
        const original = descriptor.value;
        if (key === 'constructor' || typeof original !== 'function' || !types.isAsyncFunction(original)) continue;
        const gated = gate(s, (self: unknown, ...args: unknown[]) => original.apply(self, args) as Promise<unknown>);
        Object.defineProperty(proto, key, { ...descriptor, value: function (this: unknown, ...args: unknown[]) { return gated(this, ...args); } });
        restore.push(() => Object.defineProperty(proto, key, descriptor));
      }
    }
  }
  return () => restore.splice(0).reverse().forEach((undo) => undo());
}

// A rejection nobody handles (fast-check's scheduled promise of a method that threw, when the
// test had stopped waiting for it) belongs to the run it happened in.
let unhandled: unknown;
process.on('unhandledRejection', (reason) => {
  unhandled ??= reason;
});

/** Nothing scheduled and the promise still pending for this long: a deadlock or a hang. Time, not
 *  turns: with only the test's calls scheduled (`calls`) the example's own timers and immediates
 *  (a consumer resting five turns) run a long while with nothing for fast-check to release. */
const IDLE_MS = 2000;
const started = performance.now();
let failures = 0;
const messages: string[] = [];
for (const s of fc.sample(fc.scheduler(), { numRuns: runs, seed })) {
  let unwrap: () => void = () => {};
  const context: Context = {
    s,
    load,
    gate: (fn) => gate(s, fn),
    wrap: () => (unwrap = model === 'calls' ? () => {} : wrapAll(s)),
    // Release one scheduled task at a time, letting the example's own (unscheduled) microtasks
    // and immediates run in between, until the promise settles.
    wait: async <T>(promise: Promise<T>) => {
      let settled = false;
      promise.then(() => (settled = true), () => (settled = true));
      try {
        for (let idleSince = performance.now(); !settled; ) {
          if (s.count() > 0) {
            idleSince = performance.now();
            await s.waitNext(1);
          } else if (performance.now() - idleSince > IDLE_MS) {
            throw new Error(`hang: nothing scheduled and not settled for ${IDLE_MS} ms`);
          } else {
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
        return await promise;
      } finally {
        unwrap();
      }
    },
  };
  unhandled = undefined;
  try {
    await scenario(context);
    await new Promise((resolve) => setImmediate(resolve));
    if (unhandled !== undefined) throw unhandled;
  } catch (error) {
    failures++;
    if (messages.length < 3) messages.push(String((error as Error).message ?? error).split('\n')[0].slice(0, 160));
  } finally {
    unwrap();
  }
}
process.stdout.write(`${JSON.stringify({ runs, failures, messages, ms: Math.round(performance.now() - started) })}\n`);
// Hung runs may leave timers of the example behind.
process.exit(0);
