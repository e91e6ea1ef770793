import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foreignRead, interleavingOf, leakedLock, regionFunctions, storyOf } from '../../src/core/localize/interleaving.ts';
import { accessText, type Frame, type ScheduleStep, type StepAccess } from '../../src/core/active/violation.ts';

// [task, function, activation, event or access, line]
type Row = [string, string, number, string | StepAccess, number?];

function schedule(rows: Row[], file = 'src/inventory.ts'): ScheduleStep[] {
  return rows.map(([task, fn, a, what, line], i) => ({
    step: i + 1,
    task,
    function: fn,
    file,
    line: line ?? 1,
    event: typeof what === 'string' ? what : accessText(what),
    ...(typeof what === 'string' ? {} : { access: what }),
    a,
  }));
}
const rd = (obj: number, k: string, value?: string, ek?: string): StepAccess => ({ op: 'read', obj, k, ...(ek ? { ek } : {}), ...(value ? { value } : {}) });
const wr = (obj: number, k: string, value?: string, ek?: string): StepAccess => ({ op: 'write', obj, k, ...(ek ? { ek } : {}), ...(value ? { value } : {}) });
const frames = (f: Record<number, [string, number | null]>): Record<string, Frame> =>
  Object.fromEntries(Object.entries(f).map(([a, [fn, parent]]) => [a, { function: fn, parent }]));

test('lost update on a field: the story of issue 14, in the user\'s words with file:line per step', () => {
  const steps = schedule([
    ['T2', 'Inventory.reserve', 2, rd(1, 'stock', '3'), 12],
    ['T1', 'Inventory.reserve', 1, 'resumes after the await at src/inventory.ts:13 (decision 1, 2 ready)', 13],
    ['T1', 'Inventory.reserve', 1, wr(1, 'stock', '0'), 15],
    ['T2', 'Inventory.reserve', 2, 'resumes after the await at src/inventory.ts:13 (decision 2, 1 ready)', 13],
    ['T2', 'Inventory.reserve', 2, wr(1, 'stock', '2'), 15],
  ]);
  const got = interleavingOf({ kind: 'failed assertion', schedule: steps, frames: frames({ 1: ['Inventory.reserve', null], 2: ['Inventory.reserve', null] }) })!;
  assert.equal(got.pattern, 'R-W-W');
  assert.equal(got.row, 1);
  assert.equal(got.name, 'lost update');
  assert.deepEqual(got.region, { kind: 'check-then-act', owner: 'Inventory.reserve', task: 'T2', awaited: { file: 'src/inventory.ts', line: 13 } });
  assert.deepEqual(got.conflicting, { function: 'Inventory.reserve', task: 'T1', op: 'write' });
  assert.deepEqual(got.steps.map((s) => [s.role, s.task, s.op, s.value, s.line]), [['check', 'T2', 'read', '3', 12], ['conflict', 'T1', 'write', '0', 15], ['act', 'T2', 'write', '2', 15]]);
  const story = storyOf({ kind: 'failed assertion', schedule: steps, message: 'expected 0, got 2' }, got);
  assert.equal(
    story,
    'T2 read `stock` (3) at inventory.ts:12 and awaited at inventory.ts:13; meanwhile T1 wrote `stock` (0) at inventory.ts:15; T2 then wrote `stock` (2) at inventory.ts:15 from its stale read — the check and the act of `Inventory.reserve` are not atomic (lost update, 001 Table 1 pattern 1: R-W-W). The run then failed: failed assertion, expected 0, got 2.',
  );
});

test('a Map cache miss → await fetch → set: the caller holding check and act owns the region, not the callee with the counter', () => {
  // Cache.get (activation 2 / 5) calls Cache.lookup (3 / 6) for the miss and Api.fetch (4 / 7),
  // which counts its calls; after the await, get sets the entry itself.
  const f = frames({ 1: ['(test)', null], 2: ['Cache.get', null], 3: ['Cache.lookup', 2], 4: ['Api.fetch', 2], 5: ['Cache.get', null], 6: ['Cache.lookup', 5], 7: ['Api.fetch', 5] });
  const steps = schedule([
    ['T1', 'Cache.lookup', 3, rd(10, '[]', 'undefined', 'u1'), 8],
    ['T1', 'Api.fetch', 4, wr(20, 'fetches', '1'), 30],
    ['T2', 'Cache.lookup', 6, rd(10, '[]', 'undefined', 'u1'), 8],
    ['T2', 'Api.fetch', 7, wr(20, 'fetches', '2'), 30],
    ['T1', 'Cache.get', 2, 'resumes after the await at src/cache.ts:12 (decision 3, 2 ready)', 12],
    ['T1', 'Cache.get', 2, wr(10, '[]', undefined, 'u1'), 13],
    ['T2', 'Cache.get', 5, 'resumes after the await at src/cache.ts:12 (decision 4, 1 ready)', 12],
    ['T2', 'Cache.get', 5, wr(10, '[]', undefined, 'u1'), 13],
    ['T2', 'Cache.get', 5, rd(10, '[]', 'User', 'u2'), 14],
  ], 'src/cache.ts');
  const got = interleavingOf({ kind: 'failed assertion', schedule: steps, frames: f })!;
  assert.equal(got.pattern, 'R-W-W');
  assert.equal(got.region.owner, 'Cache.get');
  assert.equal(got.region.task, 'T2');
  assert.equal(got.variable, 'entry "u1"');
  assert.deepEqual(regionFunctions(got), { owner: 'Cache.get' }, 'the conflicting writer is the same function');
  assert.match(storyOf({ kind: 'failed assertion', schedule: steps }, got), /^T2 read entry "u1" \(undefined\) at cache\.ts:8 and awaited at cache\.ts:12; meanwhile T1 wrote entry "u1" at cache\.ts:13; T2 then wrote entry "u1" at cache\.ts:13 from its stale read — the check and the act of `Cache\.get` are not atomic/);
});

test('file stat → await → mkdir: resource keys are locations like fields (EEXIST is the failure)', () => {
  const f = frames({ 1: ['ensureDir', null], 2: ['ensureDir', null] });
  const steps = schedule([
    ['T1', 'ensureDir', 1, rd(0, 'file:/tmp/x/out', 'false'), 4],
    ['T2', 'ensureDir', 2, rd(0, 'file:/tmp/x/out', 'false'), 4],
    ['T2', 'ensureDir', 2, 'resumes after the await at src/fs-util.ts:4 (decision 1, 2 ready)', 4],
    ['T2', 'ensureDir', 2, wr(0, 'file:/tmp/x/out'), 5],
    ['T2', 'ensureDir', 2, wr(0, 'dir:/tmp/x'), 5],
    ['T1', 'ensureDir', 1, 'resumes after the await at src/fs-util.ts:4 (decision 2, 1 ready)', 4],
    ['T1', 'ensureDir', 1, wr(0, 'file:/tmp/x/out'), 5],
    ['T1', 'ensureDir', 1, "throws Error: EEXIST: file already exists, mkdir '/tmp/x/out'"],
  ], 'src/fs-util.ts');
  const input = { kind: 'exception' as const, schedule: steps, frames: f, message: "Error: EEXIST: file already exists, mkdir '/tmp/x/out'" };
  const got = interleavingOf(input)!;
  assert.equal(got.pattern, 'R-W-W');
  assert.equal(got.variable, 'file /tmp/x/out');
  assert.deepEqual([got.region.owner, got.region.task, got.conflicting.task], ['ensureDir', 'T1', 'T2']);
  assert.match(storyOf(input, got), /^T1 read file `\/tmp\/x\/out` \(false\) at fs-util\.ts:4 and awaited at fs-util\.ts:4; meanwhile T2 wrote file `\/tmp\/x\/out` at fs-util\.ts:5; T1 then wrote file `\/tmp\/x\/out` at fs-util\.ts:5 from its stale read/);
  assert.equal(accessText(wr(0, 'port:4123')), 'listens on port 4123');
  assert.equal(accessText(rd(0, 'dir:/tmp/x')), 'reads directory /tmp/x');
});

test('a torn write in two parts: the reader saw the half-done file and failed before the writer finished (W-R-W)', () => {
  const f = frames({ 1: ['Store.save', null], 2: ['Store.load', null] });
  const steps = schedule([
    ['T1', 'Store.save', 1, wr(0, 'file:/tmp/s/db.json', '"{\\"a\\":"'), 20],
    ['T2', 'Store.load', 2, rd(0, 'file:/tmp/s/db.json', '"{\\"a\\":"'), 30],
    ['T2', 'Store.load', 2, 'throws SyntaxError: Unexpected end of JSON input', 31],
    ['T1', 'Store.save', 1, 'resumes after the await at src/store.ts:20 (decision 2, 1 ready)', 20],
    ['T1', 'Store.save', 1, wr(0, 'file:/tmp/s/db.json'), 21],
  ], 'src/store.ts');
  const input = { kind: 'exception' as const, schedule: steps, frames: f, message: 'SyntaxError: Unexpected end of JSON input' };
  const got = interleavingOf(input)!;
  assert.equal(got.pattern, 'W-R-W');
  assert.equal(got.name, 'dirty read (torn update)');
  assert.deepEqual(regionFunctions(got), { owner: 'Store.save', writer: 'Store.load' });
  assert.match(storyOf(input, got), /the update of `Store\.save` is not atomic \(dirty read \(torn update\), 001 Table 1 pattern 3: W-R-W\)/);
});

test('a lock released and re-acquired inside one update (003 §2.1, Lipton): the region kind says so', () => {
  const f = frames({ 1: ['Account.transfer', null], 2: ['Account.deposit', null] });
  const steps = schedule([
    ['T1', 'Account.transfer', 1, 'acquires lock #2', 40],
    ['T1', 'Account.transfer', 1, rd(5, 'balance', '100'), 41],
    ['T1', 'Account.transfer', 1, 'releases lock #2', 42],
    ['T2', 'Account.deposit', 2, 'acquires lock #2', 50],
    ['T2', 'Account.deposit', 2, wr(5, 'balance', '150'), 51],
    ['T2', 'Account.deposit', 2, 'releases lock #2', 52],
    ['T1', 'Account.transfer', 1, 'acquires lock #2', 43],
    ['T1', 'Account.transfer', 1, wr(5, 'balance', '90'), 44],
  ], 'src/account.ts');
  const got = interleavingOf({ kind: 'failed assertion', schedule: steps, frames: f })!;
  assert.equal(got.region.kind, 'lock re-acquired');
  assert.equal(got.region.lock, 2);
  assert.deepEqual(regionFunctions(got), { owner: 'Account.transfer', writer: 'Account.deposit' });
  assert.match(storyOf({ kind: 'failed assertion', schedule: steps }, got), /T1 read `balance` \(100\) at account\.ts:41 and released lock #2; .* `Account\.transfer` released and re-acquired lock #2 inside one update/);
  // Marked atomic in the configuration: an atomic block.
  assert.equal(interleavingOf({ kind: 'failed assertion', schedule: steps, frames: f, atomic: ['Account.transfer'] })!.region.kind, 'atomic block');
});

test('a deadlock has no region; its story names the waits', () => {
  const steps = schedule([
    ['T1', 'Account.transfer', 1, wr(5, 'balance', '1'), 10],
    ['T2', 'Account.transfer', 2, wr(5, 'balance', '2'), 10],
    ['T1', 'Account.transfer', 1, 'waits for lock #5, held by T2', 12],
    ['T2', 'Account.transfer', 2, 'waits for lock #2, held by T1', 12],
  ], 'src/account.ts');
  assert.equal(interleavingOf({ kind: 'deadlock', schedule: steps }), undefined);
  assert.equal(storyOf({ kind: 'deadlock', schedule: steps }), 'Deadlock: T1 in `Account.transfer` at account.ts:12 waits for lock #5, held by T2; T2 in `Account.transfer` at account.ts:12 waits for lock #2, held by T1 — every task waits for a lock another holds.');
});

test('a hang that followed an exception: told as the exception, no region when no two tasks conflicted', () => {
  const steps = schedule([
    ['T1', 'Server.start', 1, rd(3, 'port', '4123'), 5],
    ['T1', 'Server.start', 1, wr(0, 'port:4123'), 6],
    ['T2', 'Server.start', 2, rd(3, 'port', '4123'), 5],
    ['T2', 'Server.start', 2, 'throws Error: listen EADDRINUSE: address already in use :::4123', 6],
    ['T3', 'Client.ready', 3, 'waits at src/server.ts:20 for a promise that never settles', 20],
  ], 'src/server.ts');
  const input = { kind: 'exception' as const, schedule: steps, message: 'Error: listen EADDRINUSE: address already in use :::4123 (then the run hung: 1 continuation(s) waited …)' };
  assert.equal(interleavingOf(input), undefined, 'T2 never listened: no W after the read');
  assert.equal(storyOf(input), 'T2 threw Error: listen EADDRINUSE: address already in use :::4123 in `Server.start` (declared at server.ts:6); no two tasks\' accesses to one location interleaved before it.');
});

test('serializable triples are no violation: two readers around a writer that finished first', () => {
  const steps = schedule([
    ['T1', 'A.f', 1, wr(1, 'x', '1'), 1],
    ['T1', 'A.f', 1, wr(1, 'x', '2'), 2],
    ['T2', 'A.g', 2, rd(1, 'x', '2'), 3],
    ['T1', 'A.f', 1, rd(1, 'x', '2'), 4],
  ]);
  assert.equal(interleavingOf({ kind: 'failed assertion', schedule: steps }), undefined);
});

test('an order violation (004 running example): no split region, so the story names the last read of another task\'s write', () => {
  // Two test cases in one run. In the first, SB (T2) wrote x before SA (T3) resumed and read it;
  // in the second, test code reset x to 1 (untraced) and SA read it before SB wrote: the read of
  // 1 did not see T2's -4. Constructor writes are an object's set-up, never the race.
  const steps = schedule([
    ['T1', 'SA.constructor', 1, wr(5, 'z', '8'), 15],
    ['T2', 'SB.run', 2, 'resumes after the await at src/sb.ts:9 (decision 1, 2 ready)', 9],
    ['T2', 'SB.func', 2, rd(3, 'x', '1'), 14],
    ['T2', 'SB.func', 2, wr(3, 'x', '-4'), 14],
    ['T3', 'SA.func1', 3, 'resumes after the await at src/sa.ts:28 (decision 1, 1 ready)', 28],
    ['T3', 'SA.func1', 3, rd(5, 'z', '8'), 29],
    ['T3', 'SA.func1', 3, rd(3, 'x', '-4'), 29],
    ['T3', 'SA.func1', 3, wr(5, 'xx', '4'), 29],
    ['T4', 'SA.constructor', 4, wr(6, 'y', '0.46'), 14],
    ['T5', 'SA.func1', 5, 'resumes after the await at src/sa.ts:28 (decision 2, 2 ready)', 28],
    ['T5', 'SA.func1', 5, rd(3, 'x', '1'), 29],
    ['T6', 'SB.func', 6, wr(3, 'x', '-4'), 14],
    ['T5', 'SA.func4', 5, rd(6, 'y', '0.46'), 45],
  ], 'src/sa.ts');
  const input = { kind: 'failed assertion' as const, schedule: steps, message: 'func1 read x after Thread 1 had already decreased it' };
  assert.equal(interleavingOf(input), undefined);
  const order = foreignRead(input)!;
  assert.deepEqual([order.write.step, order.write.task, order.read.step, order.read.task], [4, 'T2', 7, 'T3']);
  assert.equal(storyOf(input), 'The run failed (failed assertion: func1 read x after Thread 1 had already decreased it). No task\'s check and act were split by another task; the last value one task read from another\'s write before the failure: T3 read `x` (-4) at sa.ts:29 in `SA.func1`, written by T2 at sa.ts:14 in `SB.func`. If T3 must read it before T2 writes it, nothing orders the two (an order violation).');
  // Without it (only set-up and one task's own writes): the plain sentence.
  const alone = { ...input, schedule: steps.slice(0, 1).concat(steps.slice(4, 6)) };
  assert.equal(foreignRead(alone), undefined);
  assert.match(storyOf(alone), /the schedule shows no conflicting accesses of two tasks\.$/);
  // A synchronous call of test code before the tasks started (`inv.set('lamp', 1)`) is set-up too:
  // its task never passed a scheduling decision.
  const setUp = schedule([
    ['T1', 'Inventory.set', 1, wr(4, '[]', undefined, 'lamp'), 6],
    ['T2', 'Shop.order', 2, 'resumes after the await at src/shop.ts:23 (decision 1, 2 ready)', 23],
    ['T2', 'Inventory.count', 3, rd(4, '[]', '1', 'lamp'), 7],
  ], 'src/shop.ts');
  assert.equal(foreignRead({ ...input, schedule: setUp }), undefined);
});

/** A startup-order race (Rates: `convert` reads `this.table.EUR` while `warm` is still fetching
 *  the table it replaces): the reader's steps, then `writer`'s rows, then the test's assert. */
function startup(writer: Row[]): ScheduleStep[] {
  return schedule([
    ['T2', 'Rates.convert', 2, 'resumes after the await at src/rates.ts:8 (decision 1, 2 ready)', 8],
    ['T2', 'Rates.convert', 2, { ...rd(1, 'table', 'Object'), ref: 2 }, 9],
    ['T2', 'Rates.convert', 2, rd(2, 'EUR', 'undefined'), 9],
    ...writer,
    ['—', '(top level)', 0, 'resumes after the await at test/integration.test.ts:3 (decision 3, 1 ready)', 3],
  ], 'src/rates.ts');
}
const warm: Row[] = [
  ['T1', 'Rates.warm', 1, 'resumes after the await at src/rates.ts:4 (decision 2, 1 ready)', 4],
  ['T1', 'Rates.warm', 1, { ...wr(1, 'table', 'Object'), ref: 3 }, 5],
];
const converted = { kind: 'failed assertion' as const, message: 'converted with the default rate' };

test('a stale read (order violation, the read first): convert read `table.EUR` before warm, already running, replaced `table`', () => {
  const input = { ...converted, schedule: startup(warm) };
  assert.equal(interleavingOf(input), undefined);
  const order = foreignRead(input)!;
  assert.deepEqual([order.kind, order.read.step, order.write.step, order.via?.map((s) => s.step)], ['read-before-write', 3, 5, [2]]);
  assert.equal(storyOf(input), 'The run failed (failed assertion: converted with the default rate). No task\'s check and act were split by another task; the last read before the failure of a value another running task wrote only after it: T2 read `table.EUR` (undefined) at rates.ts:9 in `Rates.convert` before T1 wrote `table` (Object) at rates.ts:5 in `Rates.warm`. If T1\'s write must come first, nothing orders the two (an order violation).');
  // The read's own location: "wrote it", with the value.
  const direct = schedule([
    ['T2', 'Rates.convert', 2, 'resumes after the await at src/rates.ts:8 (decision 1, 2 ready)', 8],
    ['T2', 'Rates.convert', 2, rd(1, 'rate', 'undefined'), 9],
    ['T1', 'Rates.warm', 1, 'resumes after the await at src/rates.ts:4 (decision 2, 1 ready)', 4],
    ['T1', 'Rates.warm', 1, wr(1, 'rate', '1.1'), 5],
  ], 'src/rates.ts');
  assert.match(storyOf({ ...converted, schedule: direct }), /: T2 read `rate` \(undefined\) at rates\.ts:9 in `Rates\.convert` before T1 wrote it \(1\.1\) at rates\.ts:5 in `Rates\.warm`\. If T1's write must come first/);
  // The same object written back (`this.table = this.table`), or the same value: nothing was stale.
  assert.equal(foreignRead({ ...converted, schedule: startup([warm[0], ['T1', 'Rates.warm', 1, { ...wr(1, 'table', 'Object'), ref: 2 }, 5]]) }), undefined);
  assert.equal(foreignRead({ ...converted, schedule: direct.map((s) => (s.access?.op === 'write' ? { ...s, access: { ...s.access, value: 'undefined' } } : s)) }), undefined);
});

test('a stale read needs a racing writer: test code, a constructor and a task that never passed a decision do not count', () => {
  assert.equal(foreignRead({ ...converted, schedule: startup(warm) })?.kind, 'read-before-write');
  // Test code resetting the table after the read (`r.table = {…}` in the test): set-up and checks.
  const byTest = startup([['—', '(top level)', 0, 'resumes after the await at test/integration.test.ts:2 (decision 2, 1 ready)', 2], ['—', '(top level)', 0, { ...wr(1, 'table', 'Object'), ref: 3 }, 2]]);
  assert.equal(foreignRead({ ...converted, schedule: byTest }), undefined);
  assert.match(storyOf({ ...converted, schedule: byTest }), /the schedule shows no conflicting accesses of two tasks\.$/);
  // A constructor's write is an object's set-up, even in a task that passed a decision.
  const byConstructor = startup([warm[0], ['T1', 'Rates.constructor', 3, { ...wr(1, 'table', 'Object'), ref: 3 }, 2]]);
  assert.equal(foreignRead({ ...converted, schedule: byConstructor }), undefined);
  // A synchronous call of test code (`r.warmSync()` after `convert` started): its task never
  // passed a scheduling decision, so it was not running concurrently.
  const undecided = startup([warm[1]]);
  assert.equal(foreignRead({ ...converted, schedule: undecided }), undefined);
  // The reader's own write between its read and the other task's: not this race (no stale read);
  // what is left is the two tasks' writes of `table`, in the order the schedule chose.
  const ownFirst = startup([['T2', 'Rates.convert', 2, { ...wr(1, 'table', 'Object'), ref: 4 }, 10], ...warm]);
  assert.equal(foreignRead({ ...converted, schedule: ownFirst })?.kind, 'write-after-write');
});

test('both order shapes in one run: nearest a throw wins; an assertion after the steps prefers the read of a foreign write', () => {
  // T3 read `limit` (5), written by T1 (read-after-write); later T3 read `ready` (false) before T1
  // wrote it (true) (read-before-write); then T3 threw. Two objects: no torn update of two fields.
  const rows: Row[] = [
    ['T1', 'Pool.open', 1, 'resumes after the await at src/pool.ts:3 (decision 1, 2 ready)', 3],
    ['T1', 'Pool.open', 1, wr(1, 'limit', '5'), 4],
    ['T3', 'Pool.take', 3, 'resumes after the await at src/pool.ts:9 (decision 2, 2 ready)', 9],
    ['T3', 'Pool.take', 3, rd(1, 'limit', '5'), 10],
    ['T3', 'Pool.take', 3, rd(4, 'ready', 'false'), 11],
    ['T3', 'Pool.take', 3, 'throws Error: pool not ready', 12],
    ['T1', 'Pool.open', 1, 'resumes after the await at src/pool.ts:5 (decision 3, 1 ready)', 5],
    ['T1', 'Pool.open', 1, wr(4, 'ready', 'true'), 6],
  ];
  const thrown = { kind: 'exception' as const, message: 'pool not ready', schedule: schedule(rows, 'src/pool.ts') };
  // Nearest the throw: the read of `ready`, whose write came after the throw — by T1, which was
  // running before it.
  assert.equal(storyOf(thrown), 'T3 threw Error: pool not ready in `Pool.take` (declared at pool.ts:12); no task\'s check and act were split by another task; the last read before the failure of a value another running task wrote only after it: T3 read `ready` (false) at pool.ts:11 in `Pool.take` before T1 wrote it (true) at pool.ts:6 in `Pool.open`. If T1\'s write must come first, nothing orders the two (an order violation).');
  // A write after the throw by a task that took no step before it (a later test case's): not it;
  // the read of `limit` is told instead.
  const later = schedule(rows.map((r, x) => (x >= 6 ? (['T9', 'Pool.open', 9, r[3], r[4]] as Row) : r)), 'src/pool.ts');
  assert.deepEqual((({ kind, read, write }) => [kind, read.step, write.step])(foreignRead({ ...thrown, schedule: later })!), ['read-after-write', 4, 2]);
  // A failed assertion after the steps (the end is the failure, and the run may have gone on to
  // other test cases): the read of a foreign write comes first, though the stale read is later.
  const asserted = { kind: 'failed assertion' as const, message: 'took from a closed pool', schedule: schedule(rows.filter((r) => !String(r[3]).startsWith('throws')), 'src/pool.ts') };
  assert.deepEqual((({ kind, read, write }) => [kind, read.step, write.step])(foreignRead(asserted)!), ['read-after-write', 4, 2]);
  assert.match(storyOf(asserted), /: T3 read `limit` \(5\) at pool\.ts:10 in `Pool\.take`, written by T1 at pool\.ts:4 in `Pool\.open`\./);
  // Without the read of `limit`: the stale read.
  const staleOnly = { ...asserted, schedule: asserted.schedule.filter((s) => s.access?.k !== 'limit') };
  assert.deepEqual((({ kind, read, write }) => [kind, read.step, write.step])(foreignRead(staleOnly)!), ['read-before-write', 5, 7]);
});

test('a throw in a callee of a call that read, awaited and went on with a value another task rewrote meanwhile: the story tells that stale read, not the callee\'s read of the other task\'s write', () => {
  // Two requests refresh one single-use token: both pass `refreshToken` on (tokens.ts:26); T7's
  // refresh rotates the server's token and stores the new one; T8's refresh, with the spent token,
  // is rejected. The server's read of `current` (written by T7) is nearest the throw.
  const f = frames({ 1: ['Tokens.get', null], 2: ['Server.refresh', 1], 3: ['Tokens.store', 1], 4: ['Tokens.get', null], 5: ['Server.refresh', 4] });
  const rows: Row[] = [
    ['T7', 'Tokens.get', 1, rd(1, 'refreshToken', '"rt-1"'), 26],
    ['T8', 'Tokens.get', 4, rd(1, 'refreshToken', '"rt-1"'), 26],
    ['T7', 'Server.refresh', 2, 'resumes after the await at src/tokens.ts:41 (decision 1, 2 ready)', 41],
    ['T7', 'Server.refresh', 2, rd(2, 'current', '"rt-1"'), 42],
    ['T7', 'Server.refresh', 2, wr(2, 'current', '"rt-2"'), 57],
    ['T7', 'Tokens.get', 1, 'resumes after the await at src/tokens.ts:26 (decision 2, 2 ready)', 26],
    ['T7', 'Tokens.store', 3, wr(1, 'refreshToken', '"rt-2"'), 38],
    ['T8', 'Server.refresh', 5, 'resumes after the await at src/tokens.ts:41 (decision 3, 1 ready)', 41],
    ['T8', 'Server.refresh', 5, rd(2, 'current', '"rt-2"'), 42],
    ['T8', 'Server.refresh', 5, 'throws InvalidGrantError: spent', 44],
  ];
  const input = { kind: 'exception' as const, message: 'spent', schedule: schedule(rows, 'src/tokens.ts'), frames: f };
  assert.equal(interleavingOf(input), undefined);
  const order = foreignRead(input)!;
  assert.deepEqual([order.kind, order.read.step, order.write.step, order.waited?.step], ['read-before-write', 2, 7, 8]);
  assert.equal(storyOf(input), 'T8 threw InvalidGrantError: spent in `Server.refresh` (declared at tokens.ts:44). Before that, its call of `Tokens.get` read `refreshToken` ("rt-1") at tokens.ts:26 and awaited; meanwhile T7 wrote it ("rt-2") at tokens.ts:38 in `Tokens.store`, and T8 went on with the value it had read: the check and the act of `Tokens.get` straddle the await, so they are not atomic (a stale read).');
  // Without frames (the call around the throw is unknown), or with the write after the throw: the
  // nearest read, as before.
  assert.equal(foreignRead({ ...input, frames: undefined })?.kind, 'read-after-write');
  const late = [...rows.slice(0, 6), ...rows.slice(7), rows[6]];
  assert.equal(foreignRead({ ...input, schedule: schedule(late, 'src/tokens.ts') })?.waited, undefined);
  // The call read `refreshToken` again after T7's write: it saw the new value, no stale read.
  const reread: Row[] = [...rows.slice(0, 8), ['T8', 'Tokens.get', 4, rd(1, 'refreshToken', '"rt-2"'), 30], ...rows.slice(8)];
  assert.equal(foreignRead({ ...input, schedule: schedule(reread, 'src/tokens.ts') })?.waited, undefined);
});

test("two fields of one object (001's two-location shapes): copyFrom read checking before and savings after creditInterest updated both", () => {
  // atomic-set-account: the reads run in lock callbacks outside any activation ('—'); they
  // belong to the task whose lock steps surround them.
  const f = frames({ 7: ['Account.copyFrom', null], 9: ['Account.getChk', 7], 11: ['Account.getSav', 7], 6: ['Account.creditInterest', null] });
  const steps = schedule([
    ['T5', 'Account.getChk', 9, 'acquires lock #2', 61],
    ['—', '(top level)', -1, rd(1, 'checking', '100'), 61],
    ['T5', 'Account.getChk', 9, 'releases lock #2', 61],
    ['T4', 'Account.creditInterest', 6, 'acquires lock #2', 38],
    ['—', '(top level)', -1, wr(1, 'checking', '125'), 39],
    ['—', '(top level)', -1, wr(1, 'savings', '250'), 40],
    ['T4', 'Account.creditInterest', 6, 'releases lock #2', 38],
    ['T5', 'Account.getSav', 11, 'acquires lock #2', 65],
    ['—', '(top level)', -1, rd(1, 'savings', '250'), 65],
    ['T5', 'Account.getSav', 11, 'releases lock #2', 65],
  ], 'src/account.ts');
  for (const s of steps) if (s.task === '—') delete s.a;
  const got = interleavingOf({ kind: 'failed assertion', schedule: steps, frames: f })!;
  assert.equal(got.pattern, 'R-WW-R');
  assert.equal(got.name, 'inconsistent snapshot');
  assert.deepEqual(regionFunctions(got), { owner: 'Account.copyFrom', writer: 'Account.creditInterest' });
  assert.deepEqual(got.steps.map((s) => [s.role, s.task, s.variable]), [['check', 'T5', 'checking'], ['conflict', 'T4', 'checking'], ['conflict', 'T4', 'savings'], ['act', 'T5', 'savings']]);
  assert.match(storyOf({ kind: 'failed assertion', schedule: steps }, got), /T5 read `checking` \(100\) at account\.ts:61 and released lock #2; meanwhile T4 wrote `checking` \(125\) at account\.ts:39 and wrote `savings` \(250\) at account\.ts:40 in `Account\.creditInterest`; T5 then read `savings` \(250\) at account\.ts:65: it saw `checking` from before that update and `savings` from after it/);
});

test('a lost wake-up (hang): the check of a flag and the wait for its event straddle an await; the writer notified before the wait began', () => {
  // BrokerClient.whenConnected (activation 2) reads `connected`, awaits a log write (its callee
  // ActivityLog.write, activation 3), then waits for 'connected'; connect (1) set the flag and
  // emitted in between.
  const f = frames({ 1: ['BrokerClient.connect', null], 2: ['BrokerClient.whenConnected', null], 3: ['ActivityLog.write', 2] });
  const steps = schedule([
    ['T2', 'BrokerClient.whenConnected', 2, rd(5, 'connected', 'false'), 41],
    ['T2', 'ActivityLog.write', 3, 'resumes after the await at src/broker.ts:8 (decision 1, 2 ready)', 8],
    ['T1', 'BrokerClient.connect', 1, 'resumes after the await at src/broker.ts:30 (decision 2, 2 ready)', 30],
    ['T1', 'BrokerClient.connect', 1, wr(5, 'connected', 'true'), 31],
    ['T2', 'BrokerClient.whenConnected', 2, 'resumes after the await at src/broker.ts:42 (decision 3, 1 ready)', 42],
    ['T2', 'BrokerClient.whenConnected', 2, 'waits at src/broker.ts:43 for a promise that never settles', 43],
  ], 'src/broker.ts');
  const got = interleavingOf({ kind: 'hang', schedule: steps, frames: f })!;
  assert.equal(got.pattern, 'R-W-wait');
  assert.equal(got.name, 'lost wake-up');
  assert.deepEqual(got.region, { kind: 'check-then-act', owner: 'BrokerClient.whenConnected', task: 'T2', awaited: { file: 'src/broker.ts', line: 42 } });
  assert.deepEqual(regionFunctions(got), { owner: 'BrokerClient.whenConnected', writer: 'BrokerClient.connect' });
  assert.deepEqual(got.steps.map((s) => [s.role, s.op, s.line]), [['check', 'read', 41], ['conflict', 'write', 31], ['act', 'wait', 43]]);
  assert.match(storyOf({ kind: 'hang', schedule: steps }, got), /^T2 read `connected` \(false\) at broker\.ts:41 and awaited at broker\.ts:42; meanwhile T1 wrote `connected` \(true\) at broker\.ts:31 in `BrokerClient\.connect`; T2 then started waiting at broker\.ts:43 for a change that had already happened/);
  // Without the other task's write before the wait there is nothing stale: a plain hang.
  assert.equal(interleavingOf({ kind: 'hang', schedule: steps.filter((s) => s.step !== 4), frames: f }), undefined);
  // A wait that names where its promise was made (a `new Promise` the trace saw) is the same wait.
  const made = steps.map((s) => (s.step === 6 ? { ...s, event: 'waits at src/broker.ts:43 for the promise made at src/broker.ts:43 in BrokerClient.whenConnected (T2), which nothing resolved' } : s));
  assert.equal(interleavingOf({ kind: 'hang', schedule: made, frames: f })?.pattern, 'R-W-wait');
  // An awaited call's promise is not: as before, the wait is for that call.
  const call = steps.map((s) => (s.step === 6 ? { ...s, event: 'waits at src/broker.ts:43 for `this.ready(…)`: the promise made at src/broker.ts:12 in BrokerClient.ready (T2), which nothing resolved' } : s));
  assert.equal(interleavingOf({ kind: 'hang', schedule: call, frames: f }), undefined);
});

test('a port probed by listening, then listened on: told as a probe and a listen, not as a lost write', () => {
  // DevServer.start (1 / 2) probes through isPortFree → listen (3 / 4), then listens itself (5 / 6).
  const f = frames({ 1: ['DevServer.start', null], 2: ['DevServer.start', null], 3: ['listen', 1], 4: ['listen', 2], 5: ['listen', 1], 6: ['listen', 2] });
  const steps = schedule([
    ['T1', 'listen', 3, wr(0, 'port:25450'), 15],
    ['T2', 'listen', 4, wr(0, 'port:25450'), 15],
    ['T2', 'listen', 6, wr(0, 'port:25450'), 15],
    ['T1', 'DevServer.start', 1, 'resumes after the await at src/dev-server.ts:68 (decision 3, 1 ready)', 68],
    ['T1', 'listen', 5, wr(0, 'port:25450'), 15],
    ['T1', 'listen', 5, 'throws Error: listen EADDRINUSE: address already in use 127.0.0.1:25450', 15],
  ], 'src/dev-server.ts');
  const got = interleavingOf({ kind: 'failed assertion', schedule: steps, frames: f })!;
  assert.equal(got.pattern, 'W-W-W');
  assert.equal(got.region.owner, 'DevServer.start');
  const story = storyOf({ kind: 'failed assertion', schedule: steps }, got);
  assert.match(story, /T1 then listened on port `25450` at dev-server\.ts:15, which T2 held by then — the probe and the listen of `DevServer\.start` are not atomic/);
  assert.doesNotMatch(story, /write is lost/);
});

test('both passed the check (a thrown failure): two refreshes of one single-use token — the caller holding the check owns the region, not the server that threw', () => {
  // ApiClient.getToken (1 / 3) reads `token`, calls AuthServer.refresh (2 / 4); T2's refresh
  // consumed the token, T1's threw; T2 wrote `token` only after the throw.
  const f = frames({ 1: ['ApiClient.getToken', null], 2: ['AuthServer.refresh', 1], 3: ['ApiClient.getToken', null], 4: ['AuthServer.refresh', 3] });
  const steps = schedule([
    ['T1', 'ApiClient.getToken', 1, rd(5, 'token', 'undefined'), 48],
    ['T2', 'ApiClient.getToken', 3, rd(5, 'token', 'undefined'), 48],
    ['T2', 'AuthServer.refresh', 4, 'resumes after the await at src/api.ts:19 (decision 1, 2 ready)', 19],
    ['T2', 'AuthServer.refresh', 4, wr(6, '[]', undefined, 'rt-0'), 21],
    ['T1', 'AuthServer.refresh', 2, 'resumes after the await at src/api.ts:19 (decision 2, 2 ready)', 19],
    ['T1', 'AuthServer.refresh', 2, 'throws Error: invalid_grant: refresh token rt-0 was already used', 17],
    ['T2', 'ApiClient.getToken', 3, 'resumes after the await at src/api.ts:49 (decision 3, 1 ready)', 49],
    ['T2', 'ApiClient.getToken', 3, wr(5, 'token', 'Object'), 50],
  ], 'src/api.ts');
  const input = { kind: 'exception' as const, schedule: steps, frames: f, message: 'Error: invalid_grant: refresh token rt-0 was already used' };
  const got = interleavingOf(input)!;
  assert.equal(got.pattern, 'R-R-fail');
  assert.equal(got.region.owner, 'ApiClient.getToken');
  assert.deepEqual(got.steps.map((s) => [s.role, s.task, s.op]), [['check', 'T1', 'read'], ['conflict', 'T2', 'read'], ['act', 'T1', 'fail']]);
  assert.match(storyOf(input, got), /^T1 read `token` \(undefined\) at api\.ts:48 and awaited at api\.ts:19; meanwhile T2 read `token` \(undefined\) at api\.ts:48; both passed the check; T1 then threw Error: invalid_grant: refresh token rt-0 was already used in `AuthServer\.refresh` before it could act — the check and the act of `ApiClient\.getToken` are not atomic/);
  // Without the other task's later write of `token`, the two reads are no conflict: no region.
  assert.equal(interleavingOf({ ...input, schedule: steps.slice(0, 7) }), undefined);
});

test('a .then read-modify-write over fs callbacks: the story names the flow and its callback tasks, and the callback that separated check and act', () => {
  // visit (activations 1 and 4, tasks T1 and T4) reads the file in count's fs.readFile callback
  // (activations 2 / 5, callback tasks T2 / T5) and writes it in its then callback (3 / 6).
  const f: Record<string, Frame> = {
    1: { function: 'VisitCounter.visit', parent: null },
    2: { function: 'fs.readFile callback (line 9)', parent: 1, callback: true, flow: 'T1' },
    3: { function: 'then callback (line 25)', parent: 2, callback: true, flow: 'T2' },
    4: { function: 'VisitCounter.visit', parent: null },
    5: { function: 'fs.readFile callback (line 9)', parent: 4, callback: true, flow: 'T4' },
    6: { function: 'then callback (line 25)', parent: 5, callback: true, flow: 'T5' },
  };
  const steps = schedule([
    ['T2', 'VisitCounter.count', 2, 'runs the fs.readFile callback registered at src/visit-counter.ts:9 (decision 1, 2 ready)', 9],
    ['T2', 'VisitCounter.count', 2, rd(0, 'file:/tmp/v.txt', '0'), 9],
    ['T5', 'VisitCounter.count', 5, 'runs the fs.readFile callback registered at src/visit-counter.ts:9 (decision 2, 2 ready)', 9],
    ['T5', 'VisitCounter.count', 5, rd(0, 'file:/tmp/v.txt', '0'), 9],
    ['T3', 'VisitCounter.visit', 3, 'runs the then callback registered at src/visit-counter.ts:25 (decision 3, 2 ready)', 25],
    ['T3', 'VisitCounter.store', 3, wr(0, 'file:/tmp/v.txt', '1'), 17],
    ['T6', 'VisitCounter.visit', 6, 'runs the then callback registered at src/visit-counter.ts:25 (decision 4, 1 ready)', 25],
    ['T6', 'VisitCounter.store', 6, wr(0, 'file:/tmp/v.txt', '1'), 17],
  ], 'src/visit-counter.ts');
  const got = interleavingOf({ kind: 'failed assertion', schedule: steps, frames: f })!;
  assert.equal(got.pattern, 'R-W-W');
  assert.deepEqual(got.region.callback, { name: 'then', file: 'src/visit-counter.ts', line: 25 });
  assert.deepEqual(got.steps.map((s) => [s.role, s.task, s.own]), [['check', 'T4', 'T5'], ['conflict', 'T1', 'T3'], ['act', 'T4', 'T6']]);
  const story = storyOf({ kind: 'failed assertion', schedule: steps, frames: f }, got);
  assert.match(story, /^T4 \(callback task T5\) read file `\/tmp\/v\.txt` \(0\) at visit-counter\.ts:9 and went back to the event loop until the then callback registered at visit-counter\.ts:25 ran; meanwhile T1 \(callback task T3\) wrote/);
});

test('a synthesized test\'s oracle verdict fails after the steps: errors its sequential orders threw and caught are not the failure', () => {
  // The linearization oracle (002 Alg. 2) first runs the calls in each sequential order, where the
  // second register() of one name throws (caught, an outcome); then the concurrent run, where both
  // pass the check. The first throw is not where the run failed: the story is the lost update.
  const steps = schedule([
    ['T8', 'UserRegistry.register', 8, rd(1, '[]', 'true', 'ann'), 13],
    ['T8', 'UserRegistry.register', 8, 'throws Error: ann', 13],
    ['T10', 'UserRegistry.register', 10, rd(2, '[]', 'false', 'ann'), 13],
    ['T9', 'UserRegistry.register', 9, 'resumes after the await at src/registry.ts:14 (decision 12, 2 ready)', 14],
    ['T9', 'UserRegistry.register', 9, wr(2, '[]', undefined, 'ann'), 15],
    ['T10', 'UserRegistry.register', 10, 'resumes after the await at src/registry.ts:14 (decision 14, 1 ready)', 14],
    ['T10', 'UserRegistry.register', 10, wr(2, '[]', undefined, 'ann'), 15],
  ], 'src/registry.ts');
  const input = {
    kind: 'failed assertion' as const,
    schedule: steps,
    message: 'concurrency error: no linearization shows what the concurrent run did (002 Alg. 2)',
    frames: frames({ 8: ['UserRegistry.register', null], 9: ['UserRegistry.register', null], 10: ['UserRegistry.register', null] }),
  };
  const got = interleavingOf(input)!;
  assert.equal(got?.pattern, 'R-W-W');
  assert.equal(got.region.owner, 'UserRegistry.register');
  assert.equal(got.region.task, 'T10');
  assert.doesNotMatch(storyOf(input), /threw Error: ann/);
  // Without a message, the first throw stays the failure (nothing says the test failed elsewhere).
  assert.equal(interleavingOf({ ...input, message: undefined }), undefined);
});

test('a hang on a lock its holder never released (it threw, no finally): the leak, not "nothing happened"', () => {
  const steps = schedule([
    ['T1', 'Cart.add', 1, 'asks for lock #2', 14],
    ['T2', 'Cart.add', 2, 'asks for lock #2', 14],
    ['T1', 'Cart.add', 1, 'resumes after the await at src/cart.ts:14 (decision 1, 2 ready)', 14],
    ['T1', 'Cart.add', 1, 'acquires lock #2', 14],
    ['T1', 'Cart.price', 3, 'resumes after the await at src/cart.ts:8 (decision 3, 1 ready)', 8],
    ['T1', 'Cart.price', 3, 'throws Error: no price for unknown', 7],
    ['T2', 'Cart.add', 2, 'waits at src/cart.ts:14 for a promise that never settles', 14],
    ['—', '(top level)', 0, 'waits at test/cart.test.ts:7 for a promise that never settles', 7],
  ], 'src/cart.ts');
  const input = { kind: 'hang' as const, schedule: steps, message: 'hang: 2 continuation(s) waited until the process ended for promises that never settled' };
  const leak = leakedLock(input)!;
  assert.equal(leak.lock, '#2');
  assert.deepEqual([leak.acquired.task, leak.acquired.function, leak.waiter.task, leak.thrown?.function], ['T1', 'Cart.add', 'T2', 'Cart.price']);
  assert.equal(storyOf(input), "T2 waits in `Cart.add` at cart.ts:14 for T1's lock #2, acquired at cart.ts:14 and never released: it threw Error: no price for unknown in `Cart.price` (declared at cart.ts:7) while holding it — a lock held across code that can throw needs its release in a `finally` (or `runExclusive`).");
  // Released in a finally: no leak. Two tasks each waiting for the other's lock: a deadlock, no leak.
  assert.equal(leakedLock({ ...input, schedule: [...steps.slice(0, 6), { ...steps[3], event: 'releases lock #2' }, ...steps.slice(6)] }), undefined);
  const cycle = schedule([
    ['T1', 'A.f', 1, 'acquires lock #1'], ['T2', 'A.f', 2, 'acquires lock #2'], ['T1', 'A.f', 1, 'asks for lock #2'], ['T2', 'A.f', 2, 'asks for lock #1'],
    ['T1', 'A.f', 1, 'waits for lock #2 held by T2'], ['T2', 'A.f', 2, 'waits for lock #1 held by T1'],
  ]);
  assert.equal(leakedLock({ kind: 'deadlock', schedule: cycle }), undefined);
});

test('two callbacks of one call both ran (a timeout and a late answer): no read on either side, so the last two writes of one location by two racing tasks are the order dependence', () => {
  const rows: Row[] = [
    ['—', '(top level)', 0, wr(0, 'file:/tmp/s.json', '16'), 10],
    ['T1', 'SettingsLoader.load', 1, rd(0, 'file:/tmp/s.json'), 13],
    ['T2', 'SettingsLoader.load', 2, 'runs the setTimeout callback registered at src/settings.ts:9 (decision 1, 2 ready)', 9],
    ['T2', 'SettingsLoader.load', 2, wr(5, 'answered', '1'), 10],
    ['T3', 'SettingsLoader.load', 3, 'runs the fs.readFile callback registered at src/settings.ts:13 (decision 2, 2 ready)', 13],
    ['T3', 'SettingsLoader.load', 3, wr(5, 'answered', '2'), 15],
    ['—', '(top level)', 0, 'resumes after the await at test/integration/settings.test.ts:13 (decision 3, 1 ready)', 13],
  ];
  const input = { kind: 'failed assertion' as const, message: 'done was called more than once', schedule: schedule(rows, 'src/settings.ts') };
  assert.equal(interleavingOf(input), undefined);
  const order = foreignRead(input)!;
  assert.deepEqual([order.kind, order.write.step, order.read.step], ['write-after-write', 4, 6]);
  assert.equal(storyOf(input), 'The run failed (failed assertion: done was called more than once). No task\'s check and act were split by another task; the last two writes of one location by two tasks before the failure: T2 wrote `answered` (1) at settings.ts:10 in `SettingsLoader.load` (the setTimeout callback registered at settings.ts:9), then T3 wrote it (2) at settings.ts:15 in `SettingsLoader.load` (the fs.readFile callback registered at settings.ts:13). The schedule chose which ran first, and nothing kept the other from running too: if one must come first, or only one may run, nothing orders the two (an order violation).');
  // One task writing twice, or a second writer that never passed a decision (a synchronous call
  // of test code), is no race: the old story stays.
  const oneTask = schedule(rows.map((r) => (r[0] === 'T3' ? (['T2', r[1], 2, r[3], r[4]] as Row) : r)), 'src/settings.ts');
  assert.equal(foreignRead({ ...input, schedule: oneTask }), undefined);
  const undecided = schedule(rows.filter((r) => !(r[0] === 'T3' && typeof r[3] === 'string')), 'src/settings.ts');
  assert.equal(foreignRead({ ...input, schedule: undecided }), undefined);
  assert.match(storyOf({ ...input, schedule: undecided }), /the schedule shows no conflicting accesses of two tasks\.$/);
});

test('no conflicting accesses, and two tasks awaited the same calls: the story says the shared state may be in untraced code, and how to trace it', () => {
  // A cart service whose repository is a fake in the tests: both addItem tasks awaited load and
  // save, and the only traced writes are each task's own cart.
  const step = (i: number, task: string, fn: string, event: string): ScheduleStep => {
    const [, file, line] = /at (\S+):(\d+)/.exec(event)!;
    return { step: i, task, function: fn, file, line: Number(line), event };
  };
  const schedule = [
    step(1, '—', '(top level)', 'resumes after the await at test/cart.test.ts:8 (decision 1, 1 ready)'),
    step(2, 'T3', 'CartService.addItem', 'resumes after the await at src/cart.ts:18 (decision 2, 2 ready)'),
    step(3, 'T4', 'CartService.addItem', 'resumes after the await at src/cart.ts:18 (decision 3, 2 ready)'),
    step(4, 'T3', 'CartService.addItem', 'resumes after the await at src/cart.ts:21 (decision 4, 2 ready)'),
    step(5, 'T5', 'CartService.count', 'resumes after the await at src/cart.ts:26 (decision 5, 1 ready)'),
  ];
  const story = storyOf({ kind: 'failed assertion', schedule, message: '2 !== 3' });
  assert.match(story, /the schedule shows no conflicting accesses of two tasks\. The tasks it interleaved awaited the same calls \(cart\.ts:18 in `CartService\.addItem`\): .*add that file to `include`/);
  // One task per await: nothing to say.
  assert.match(storyOf({ kind: 'failed assertion', schedule: [schedule[0], schedule[1], schedule[4]], message: 'x' }), /two tasks\.$/);
});

test('a hang stopped at the time budget while a keep-alive timer still fired: the story says the run was still going, and its last step', () => {
  const steps = schedule([
    ['T2', 'Client.connect', 2, 'resumes after the await at src/client.ts:37 (decision 1, 1 ready)', 37],
    ['T6', 'setInterval callback (line 19)', 6, 'runs the setInterval callback registered at test/hang.test.ts:19 (decision 5, 1 ready)', 19],
  ], 'test/hang.test.ts');
  assert.equal(storyOf({ kind: 'hang', schedule: steps }), 'The run hung: no task waited on a lock or a promise the scheduler saw stuck, and the run was still going when it was stopped; the last step was T6 in `setInterval callback (line 19)` at hang.test.ts:19 (runs the setInterval callback registered at test/hang.test.ts:19). Something the tests wait for never comes while other work keeps the process alive.');
  assert.equal(storyOf({ kind: 'hang', schedule: [] }), 'The run hung: nothing could run and nothing happened.');
});

test('a poll re-reading one place across an await (a drain loop) is no split check: the nearer region of a real check-then-act is the story', () => {
  // T1 Store.update reads `count`, awaits, writes it back (its check and act split by T2's
  // write); later the test's drain loop, Store.idle, reads `inFlight` at line 51, awaits a sleep,
  // T2 writes it, idle reads it again at line 51 and returns: its loop acts on the new value.
  const f = frames({ 1: ['Store.update', null], 2: ['Store.update', null], 3: ['Store.idle', null] });
  const steps = schedule([
    ['T1', 'Store.update', 1, rd(1, 'count', '0'), 10],
    ['T2', 'Store.update', 2, rd(1, 'count', '0'), 10],
    ['T2', 'Store.update', 2, wr(1, 'count', '1'), 12],
    ['T1', 'Store.update', 1, 'resumes after the await at src/inventory.ts:11 (decision 1, 2 ready)', 11],
    ['T1', 'Store.update', 1, wr(1, 'count', '1'), 12],
    ['T3', 'Store.idle', 3, rd(1, 'inFlight', '1'), 51],
    ['T2', 'Store.update', 2, wr(1, 'inFlight', '0'), 60],
    ['T3', 'Store.idle', 3, 'resumes after the await at src/inventory.ts:51 (decision 2, 1 ready)', 51],
    ['T3', 'Store.idle', 3, rd(1, 'inFlight', '0'), 51],
  ]);
  const got = interleavingOf({ kind: 'failed assertion', schedule: steps, frames: f })!;
  assert.equal(got.region.owner, 'Store.update');
  assert.equal(got.pattern, 'R-W-W');
  // The same read twice at two places is still a stale check (R-W-R).
  const twoPlaces = steps.map((s, i) => (i === 8 ? { ...s, line: 53 } : s));
  assert.equal(interleavingOf({ kind: 'failed assertion', schedule: twoPlaces, frames: f })!.region.owner, 'Store.idle');
});
