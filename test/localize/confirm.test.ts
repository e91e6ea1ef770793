import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONFIRMING_STEPS, implicatedBy, writesBeforeFailure } from '../../src/core/localize/confirm.ts';
import type { ScheduleStep } from '../../src/core/active/violation.ts';

const steps = (rows: [string, string, string][]): ScheduleStep[] => rows.map(([task, fn, event], i) => ({ step: i + 1, task, function: fn, file: 'src/x.ts', line: 1, event }));

test('reorder: set() wrote a, another task failed before set() went on — set is interrupted; constructors never count', () => {
  const schedule = steps([
    ['T1', 'SetCheck.constructor', 'writes a'],
    ['T8', 'CheckThread.run', 'resumes after the await at src/reorder-test.ts:18'],
    ['T7', 'SetThread.run', 'resumes after the await at src/reorder-test.ts:8'],
    ['T7', 'SetCheck.set', 'writes a'],
    ['T10', 'CheckThread.run', 'resumes after the await at src/reorder-test.ts:18'],
    ['T10', 'CheckThread.run', 'throws Error: bug found'],
    ['T7', 'SetCheck.set', 'resumes after the await at src/set-check.ts:12'],
    ['T7', 'SetCheck.set', 'writes b'],
  ]);
  const got = implicatedBy({ kind: 'failed assertion', schedule });
  assert.deepEqual(got.interrupted, ['SetCheck.set']);
  // CheckThread.run resumed (and failed) after set()'s write: stale (2a); SetThread.run did not fail.
  assert.deepEqual(got.touched, ['CheckThread.run', 'SetCheck.set']);
  assert.equal(got.basis, 'interleaving');
  // Static callers that ran in the same task come along (the schedule names the innermost only).
  const withCallers = implicatedBy({ kind: 'failed assertion', schedule }, (f) => (f === 'SetCheck.set' ? ['SetThread.run', 'Other.caller'] : []));
  assert.deepEqual(withCallers.touched, ['CheckThread.run', 'SetCheck.set', 'SetThread.run']);
  assert.deepEqual(withCallers.callers, ['SetThread.run'], 'implicated only as the caller of what the schedule names');
});

test('stale: the failing task resumed after another task wrote; the writer that went on undisturbed is not implicated', () => {
  const schedule = steps([
    ['T2', 'Queue.pop', 'writes qsize'],
    ['T2', 'Queue.pop', 'releases lock #3'],
    ['T4', 'Queue.getqueuetop', 'resumes after the await at src/queue.ts:62'],
    ['T4', 'elementAt', 'writes x'],
    ['T5', 'Other.f', 'resumes after the await at src/q.ts:1'],
    ['T4', 'elementAt', 'throws ArrayIndexOutOfBoundsError'],
  ]);
  const got = implicatedBy({ kind: 'exception', schedule });
  assert.deepEqual(got, { touched: ['Queue.getqueuetop'], interrupted: [], basis: 'interleaving' });
});

test('no interleaving found: the window of CONFIRMING_STEPS steps ending at the first throw', () => {
  const rows: [string, string, string][] = [];
  for (let i = 0; i < CONFIRMING_STEPS + 3; i++) rows.push(['T1', `early${i}`, 'resumes after the await at a.ts:1']);
  rows.push(['T2', 'late', 'throws Error: x'], ['T3', 'after', 'writes y']);
  const got = implicatedBy({ kind: 'exception', schedule: steps(rows) });
  assert.equal(got.touched.length, CONFIRMING_STEPS);
  assert.ok(got.touched.includes('late') && !got.touched.includes('after') && !got.touched.includes('early0'));
  assert.equal(got.basis, 'window');
});

test('a deadlock implicates exactly the functions waiting in its cycle', () => {
  const schedule = steps([
    ['T3', 'Account.transfer', 'acquires lock #2'],
    ['T2', 'Account.constructor', 'writes num'],
    ['T4', 'Account.deposit', 'writes balance'],
    ['T3', 'Account.transfer', 'waits for lock #5, held by T4'],
    ['T4', 'Account.transfer', 'waits for lock #2, held by T3'],
  ]);
  assert.deepEqual(implicatedBy({ kind: 'deadlock', schedule }), { touched: ['Account.transfer'], interrupted: [], basis: 'cycle' });
  assert.deepEqual(implicatedBy({ kind: 'deadlock', schedule: [] }), { touched: [], interrupted: [], basis: 'none' });
});

test("a deadlock also implicates the program's own lock method each waiter was calling (004 §V-C: at Chopstick.pickup)", () => {
  const schedule = steps([
    ['T1', 'Philosopher.run', 'acquires lock #1'],
    ['T2', 'Philosopher.run', 'acquires lock #5'],
    ['T1', 'Philosopher.run', 'waits for lock #5, held by T2, calling pickup()'],
    ['T2', 'Philosopher.run', 'waits for lock #1, held by T1, calling pickup()'],
  ]);
  schedule[2].calls = 'pickup';
  schedule[3].calls = 'pickup';
  const callees = (f: string) => (f === 'Philosopher.run' ? ['Chopstick.pickup', 'Chopstick.pickdown', 'Philosopher.eat'] : []);
  assert.deepEqual(implicatedBy({ kind: 'deadlock', schedule }, () => [], callees), { touched: ['Chopstick.pickup', 'Philosopher.run'], interrupted: [], basis: 'cycle' });
  // A library's acquire (async-mutex) is no function of the program: only the waiter.
  schedule[2].calls = 'acquire';
  schedule[3].calls = 'acquire';
  assert.deepEqual(implicatedBy({ kind: 'deadlock', schedule }, () => [], callees).touched, ['Philosopher.run']);
});

test('resuming after a lock request is waiting for the lock, not a stale read', () => {
  const schedule = steps([
    ['T4', 'Account.creditInterest', 'asks for lock #2'],
    ['T5', 'Account.setEqChk', 'writes checking'],
    ['T5', 'Account.getChk', 'releases lock #2'],
    ['T4', 'Account.creditInterest', 'resumes after the await at src/account.ts:38'],
    ['—', '(top level)', 'writes savings'],
    ['T5', 'Account.setEqChk', 'resumes after the await at src/account.ts:48'],
    ['T6', 'Account.getSav', 'releases lock #5'],
  ]);
  const got = implicatedBy({ kind: 'failed assertion', schedule }, (f) => (f === 'Account.setEqChk' ? ['Account.copyFrom'] : []));
  // setEqChk resumed after the top-level write; creditInterest only waited for its lock.
  assert.deepEqual(got.touched, ['Account.setEqChk']);
});

test('a thrown failure: the error the run failed with, and only what was still running when it was thrown', () => {
  // 004 §V-A (log4j FileAppender): the closer runs between subAppend's two awaits. The writer
  // inside subAppend resumes first and throws "Stream closed", which QuietWriter catches and
  // logs; then subAppend resumes and fails on the nulled qw — the error the test reports.
  const schedule = steps([
    ['T1', 'AppenderSkeleton.doAppend', 'acquires lock #1'],
    ['T2', 'FileAppender.close', 'writes closed'],
    ['T2', 'FileWriter.close', 'writes closed'],
    ['T2', 'FileAppender.reset', 'writes qw'],
    ['T1', 'FileWriter.write', 'resumes after the await at src/memory-file.ts:38'],
    ['T1', 'FileWriter.ensureOpen', 'throws IOException: Stream closed'],
    ['T1', 'QuietWriter.write', 'resumes after the await at src/helpers.ts:46'],
    ['T1', 'OnlyOnceErrorHandler.error', 'writes firstTime'],
    ['T1', 'FileAppender.subAppend', 'resumes after the await at src/file-appender.ts:86'],
    ['T1', 'FileAppender.subAppend', "throws TypeError: Cannot read properties of null (reading 'flush')"],
  ]);
  const graph: Record<string, string[]> = {
    'FileWriter.write': ['QuietWriter.write'],
    'FileWriter.ensureOpen': ['FileWriter.write'],
    'QuietWriter.write': ['FileAppender.subAppend'],
    'OnlyOnceErrorHandler.error': ['QuietWriter.write'],
    'FileAppender.subAppend': ['FileAppender.append'],
    'FileAppender.append': ['AppenderSkeleton.doAppend'],
  };
  const callers = (f: string) => graph[f] ?? [];
  const message = "logging threw: TypeError: Cannot read properties of null (reading 'flush')";
  const got = implicatedBy({ kind: 'failed assertion', schedule, message }, callers);
  // subAppend last ran when its task took the lock (its callees' steps since then are its own
  // wait), so the closer's writes are under it; FileWriter.write and QuietWriter.write were stale
  // too, but had returned to their caller before the failure: they ran inside subAppend's region.
  assert.deepEqual(got, { touched: ['FileAppender.subAppend'], interrupted: [], basis: 'interleaving' });
  // Without the message the first throw is the failure, as before: the caught "Stream closed".
  assert.deepEqual(implicatedBy({ kind: 'failed assertion', schedule }, callers).touched, ['FileWriter.write']);
});

test("a write of the writer's own object makes no read stale: only a location another task accesses counts", () => {
  // touch() stamps a session object it parsed itself; revoke() resumes meanwhile and the test
  // fails. The store lives in test code (untraced): the only write in the schedule is touch's.
  const write = (task: string, fn: string, k: string, obj: number): ScheduleStep => ({ step: 0, task, function: fn, file: 'src/s.ts', line: 9, event: `writes ${k}`, access: { op: 'write', obj, k } });
  const read = (task: string, fn: string, k: string, obj: number): ScheduleStep => ({ step: 0, task, function: fn, file: 'src/s.ts', line: 5, event: `reads ${k}`, access: { op: 'read', obj, k } });
  const resume = (task: string, fn: string): ScheduleStep => ({ step: 0, task, function: fn, file: 'src/s.ts', line: 4, event: 'resumes after the await at src/s.ts:4' });
  const number = (xs: ScheduleStep[]) => xs.map((s, i) => ({ ...s, step: i + 1 }));
  const own = number([resume('T1', 'Store.touch'), read('T1', 'Store.touch', 'expires', 5), write('T1', 'Store.touch', 'expires', 5), resume('T2', 'Store.revoke')]);
  // No stale read: what is left is the window before the failure (rule 3), which names both.
  assert.equal(implicatedBy({ kind: 'failed assertion', schedule: own }).basis, 'window');
  // The same write of an object revoke reads too: revoke went on with what it had read.
  const seen = number([read('T2', 'Store.revoke', 'expires', 5), resume('T1', 'Store.touch'), write('T1', 'Store.touch', 'expires', 5), resume('T2', 'Store.revoke')]);
  assert.deepEqual(implicatedBy({ kind: 'failed assertion', schedule: seen }), { touched: ['Store.revoke'], interrupted: [], basis: 'interleaving' });
  // A schedule cut to its last steps may have lost the other task's access: the write counts.
  const cut = own.map((s) => ({ ...s, step: s.step + 100 }));
  assert.deepEqual(implicatedBy({ kind: 'failed assertion', schedule: cut }), { touched: ['Store.revoke'], interrupted: [], basis: 'interleaving' });
});

test('what each function wrote before the failure, named as the stories name it: not after it, not constructors or the test', () => {
  // A cart the repository returned (untraced) is pushed to and stamped by addItem; count only
  // resumes; the test's own assertion fails at the last step.
  const step = (task: string, fn: string, event: string, access?: ScheduleStep['access']): ScheduleStep => ({ step: 0, task, function: fn, file: 'src/cart.ts', line: 3, event, ...(access ? { access } : {}) });
  const schedule = [
    step('T1', 'Cart.constructor', 'writes `items`', { op: 'write', obj: 1, k: 'items' }),
    step('T3', 'CartService.addItem', 'resumes after the await at src/cart.ts:18'),
    step('T3', 'CartService.addItem', 'writes the elements of cart.items via push()', { op: 'write', obj: 2, k: '[]', on: 'cart.items' }),
    step('T3', 'CartService.addItem', 'writes `updatedAt` (1)', { op: 'write', obj: 3, k: 'updatedAt' }),
    step('T3', 'CartService.addItem', 'reads `updatedAt`', { op: 'read', obj: 3, k: 'updatedAt' }),
    step('T5', 'CartService.count', 'resumes after the await at src/cart.ts:26'),
    step('—', '(top level)', 'writes `done`', { op: 'write', obj: 9, k: 'done' }),
    step('—', '(top level)', 'throws AssertionError: 2 !== 3'),
    step('T4', 'CartService.addItem', 'writes `late`', { op: 'write', obj: 4, k: 'late' }),
  ].map((s, i) => ({ ...s, step: i + 1 }));
  assert.deepEqual(writesBeforeFailure({ kind: 'failed assertion', schedule, message: 'AssertionError: 2 !== 3' }), {
    'CartService.addItem': ['the elements of cart.items', 'updatedAt'],
  });
  // Member state is the access maps' to tell (a private method's writes included), and settling a
  // promise or emitting an event is a signal: neither counts.
  const more = [
    ...schedule.slice(0, 4),
    step('T3', 'Resolver.answer', 'writes entry "a" of this.cache via set()', { op: 'write', obj: 5, k: '[]', ek: 'a', on: 'this.cache' }),
    step('T3', 'Resolver.answer', 'writes `state` ("open")', { op: 'write', obj: 6, k: 'state' }),
    step('T3', 'Resolver.answer', 'settles promise #1 (resolve)', { op: 'write', obj: 0, k: 'promise:#1' }),
    step('T3', 'Resolver.answer', "emits the 'open' event of Connection", { op: 'write', obj: 0, k: 'event:Connection#1:open' }),
    ...schedule.slice(4),
  ].map((s, i) => ({ ...s, step: i + 1 }));
  assert.deepEqual(writesBeforeFailure({ kind: 'failed assertion', schedule: more, message: 'AssertionError: 2 !== 3' }, new Set(['state', 'cache'])), {
    'CartService.addItem': ['the elements of cart.items', 'updatedAt'],
  });
  assert.deepEqual(writesBeforeFailure({ kind: 'failed assertion', schedule: [] }), {});
});

test("a hang where only the test waits, for a promise it made itself and nothing resolved, implicates nothing; the program's own promise does", () => {
  const before: [string, string, string][] = [
    ['T63', 'PaymentService.processPayment', 'resumes after the await at src/payment-service.ts:53'],
    ['T63', 'PaymentService.processPayment', 'writes the elements of this.inFlight via delete()'],
    ['—', '(top level)', 'resumes after the await at test/payments.test.ts:59'],
  ];
  const own = implicatedBy({ kind: 'hang', schedule: steps([...before, ['—', '(top level)', 'waits at test/payments.test.ts:60 for the promise made at test/payments.test.ts:56, which nothing resolved']]) });
  assert.deepEqual(own, { touched: [], interrupted: [], basis: 'none' });
  // The promise a function of the program made (its task holds the resolve function): evidence.
  const program = implicatedBy({ kind: 'hang', schedule: steps([...before, ['—', '(top level)', 'waits at test/payments.test.ts:60 for the promise made at src/payment-service.ts:80 in PaymentService.settled (T63), which nothing resolved']]) });
  assert.deepEqual(program.touched, ['PaymentService.processPayment']);
  assert.equal(program.basis, 'window');
});
