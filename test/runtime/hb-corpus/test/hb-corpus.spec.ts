// Runs every program of the happens-before corpus (src/programs.ts) one after the other and checks
// the orders Node.js guarantees for it. Prints one `HB <base64 json>` line per program: its name and the
// checks it broke (none, in every schedule). test/runtime/hb-corpus.test.ts and
// test/slow/hb-corpus.test.ts run this file under the controlled scheduler, seed after seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as programs from '../src/programs.ts';

type Log = string[];
type Check = (log: Log) => string | undefined;

/** `a` ran, and before `b` (when `b` ran). */
const before = (a: string, b: string): Check => (log) => {
  const i = log.indexOf(a);
  const j = log.indexOf(b);
  if (i < 0) return `${a} never ran`;
  return j >= 0 && j < i ? `${b} ran before ${a}` : undefined;
};
const exactly = (...expected: string[]): Check => (log) =>
  JSON.stringify(log) === JSON.stringify(expected) ? undefined : `ran ${JSON.stringify(log)}, Node runs ${JSON.stringify(expected)}`;
const never = (x: string): Check => (log) => (log.includes(x) ? `${x} ran` : undefined);
const once = (x: string): Check => (log) => (log.filter((l) => l === x).length === 1 ? undefined : `${x} ran ${log.filter((l) => l === x).length} times`);
const all = (...xs: string[]): Check => (log) => xs.find((x) => !log.includes(x))?.concat(' never ran');
/** Every entry matching `first` comes before every entry matching `then`. */
const allBefore = (first: RegExp, then: RegExp): Check => (log) => {
  const lastFirst = log.map((l, i) => (first.test(l) ? i : -1)).reduce((a, b) => Math.max(a, b), -1);
  const firstThen = log.findIndex((l) => then.test(l));
  return firstThen >= 0 && lastFirst > firstThen ? `${log[firstThen]} ran before ${log[lastFirst]}` : undefined;
};
const count = (pattern: RegExp, n: number): Check => (log) => {
  const c = log.filter((l) => pattern.test(l)).length;
  return c === n ? undefined : `${c} entries match ${pattern}, expected ${n}`;
};
const inOrder = (...xs: string[]): Check => (log) => {
  const at = xs.map((x) => log.indexOf(x));
  if (at.some((i) => i < 0)) return `${xs[at.findIndex((i) => i < 0)]} never ran`;
  return at.every((i, k) => k === 0 || at[k - 1] < i) ? undefined : `not in order ${xs.join(' < ')}: ${JSON.stringify(log)}`;
};

const CHECKS: Record<keyof typeof programs, Check[]> = {
  timeoutFifo: [exactly('a', 'b', 'c')],
  timeoutByDelay: [exactly('fast', 'slow')],
  timeoutMixedDelays: [exactly('c1', 'a2', 'b2')],
  timeoutCleared: [exactly('cleared', 'end'), never('victim')],
  intervalTicks: [inOrder('tick1', 'tick2', 'tick3'), never('tick4'), all('immediate')],
  intervalVsTimeout: [inOrder('tick1', 'timeout'), inOrder('tick1', 'tick2'), never('tick3')],
  intervalClearsItself: [inOrder('tick1', 'tick2'), inOrder('tick1', 'later'), count(/^tick/, 2)],
  nestedTimeouts: [inOrder('outer', 'sibling'), inOrder('outer', 'inner'), count(/./, 3)],
  timeoutArguments: [exactly('ab', 'this-timeout')],
  immediateFifo: [exactly('a', 'b', 'c')],
  immediateNested: [exactly('a', 'b', 'c')],
  immediateCleared: [exactly('arg', 'last')],
  immediateBeforeLaterTimer: [exactly('immediate', 'timer')],
  tickBeforePromise: [exactly('tick', 'promise')],
  tickFifo: [exactly('a', 'b', 'c')],
  microtaskFifo: [exactly('a', 'b', 'c')],
  thenChainsInterleave: [exactly('p1', 'q1', 'p2')],
  tickInsidePromise: [exactly('a', 'b', 'tick')],
  finallyAndCatch: [exactly('finally', 'catch x', 'finally2', 'then1')],
  tickBeforeImmediate: [exactly('tick', 'microtask', 'immediate')],
  promiseBeforeTimer: [exactly('promise', 'timer')],
  fsWriteThenRead: [exactly('written', 'read hello')],
  fsTwoReads: [all('read x', 'read y'), count(/^read/, 2)],
  fsMkdirThenStat: [inOrder('made', 'dir'), all('immediate')],
  fsCallbackSchedulesImmediate: [exactly('io', 'immediate', 'timer')],
  readStreamEvents: [before('open', 'data 65536'), allBefore(/^data/, /^end$/), inOrder('end', 'close'), count(/^data/, 4)],
  writeStreamFinish: [allBefore(/^written/, /^finish$/), inOrder('written 0', 'written 1', 'written 2'), inOrder('finish', 'close')],
  lateEndListener: [inOrder('data', 'added', 'end', 'close')],
  emitterSynchronous: [exactly('before', 'listener 1', 'after', 'listener 2', 'after2')],
  emitterOnce: [once('once'), before('once', 'data'), allBefore(/^(once|data)$/, /^close$/)],
  emitterRemoved: [inOrder('counted 1', 'data', 'counted 2', 'removed'), count(/^counted/, 2), count(/^data$/, 10), allBefore(/^data$/, /^close$/)],
  httpSequentialRequests: [inOrder('request 1', 'body 1', 'end 1', 'response ok 1', 'request 2', 'body 2', 'end 2', 'response ok 2')],
  httpConcurrentRequests: [inOrder('request a', 'end a'), inOrder('request b', 'end b'), (log) => (/^responses (a,b) after 2$/.test(log.at(-1) ?? '') ? undefined : `last: ${log.at(-1)}`)],
  socketDataBeforeEnd: [exactly('connection', 'data hi', 'end', 'close')],
  timerVsTickVsImmediate: [inOrder('tick', 'immediate'), inOrder('tick', 'timer'), count(/./, 3)],
  racingSources: [inOrder('t1', 't2'), all('i', 'io'), count(/./, 4)],
  // A race (a read in a timer, the write in an I/O callback): both orders are Node's.
  sharedCounterCallbacks: [count(/ wrote /, 2)],
  timeoutClearedById: [exactly('cleared', 'end'), never('victim')],
  intervalClearedByPrimitive: [exactly('tick1', 'tick2', 'later')],
  // Each callback runs in the context it was registered in.
  asyncContextInCallbacks: [count(/ a$/, 4), count(/ b$/, 4), inOrder('then a', 'then b'), allBefore(/^then/, /^(timer|immediate|stat)/), inOrder('immediate a', 'immediate b')],
  dnsTwoLookups: [all('lookup x ok', 'lookup y ok', 'immediate'), count(/./, 3)],
  childExitBeforeCallback: [inOrder('exit 0', 'callback hi', 'close'), count(/./, 3)],
  zlibRoundTrip: [inOrder('packed', 'unpacked hello'), all('deflated'), count(/./, 3)],
  cryptoCallbacks: [all('bytes 8', 'key 16', 'timer'), count(/./, 3)],
  fsPromisesWriteThenRead: [exactly('written', 'read first 5')],
  timersPromisesByDelay: [exactly('fast', 'callback 5', 'slow')],
  timersPromisesImmediateFifo: [exactly('a', 'b', 'c')],
  dnsPromisesAndStat: [exactly('lookup ok', 'stat ok')],
  streamPipelineFinished: [exactly('finish', 'piped abc')],
};

test('the happens-before corpus keeps every order Node guarantees', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-hb-'));
  try {
    for (const [name, program] of Object.entries(programs) as [keyof typeof programs, (log: Log, dir: string) => Promise<void>][]) {
      const log: Log = [];
      const started = performance.now();
      await program(log, dir);
      const ms = Math.round(performance.now() - started);
      const broken = CHECKS[name].map((check) => check(log)).filter((x): x is string => x !== undefined);
      process.stdout.write(`HB ${Buffer.from(JSON.stringify({ name, broken, log, ms })).toString("base64")}\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(true);
});
