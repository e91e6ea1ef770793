// Schedule evidence (issue 30): Falcon's unserializable triples and Unicorn's order pairs found in
// a trace, scored over failing and passing runs (Ochiai), and how they rank positions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPatterns, type AccessPattern } from '../../src/core/localize/schedule-evidence/patterns.ts';
import { scheduleEvidence } from '../../src/core/localize/schedule-evidence/index.ts';
import { positionSchedule, scoreSchedules, strengthOf } from '../../src/core/localize/schedule-evidence/score.ts';
import { compareSchedule } from '../../src/core/localize/rank.ts';

type Ev = Record<string, unknown>;

/** A run folder with one trace: functions and sites declared, then `body`. */
function run(root: string, name: string, body: Ev[]): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const head: Ev[] = [
    { e: 'header', format: 'conlens-trace', version: 1, pid: 1, ppid: 0, argv: ['t.test.ts'], cwd: root, started: '', fields: true },
    { e: 'fn', i: 1, name: 'Store.check', file: 'src/store.ts', line: 3, kind: 'method', async: true },
    { e: 'fn', i: 2, name: 'Store.reset', file: 'src/store.ts', line: 9, kind: 'method', async: false },
    { e: 'fn', i: 3, name: 'Store.count', file: 'src/store.ts', line: 12, kind: 'method', async: false },
    { e: 'fn', i: 4, name: "setTimeout callback (line 5)", file: 'src/store.ts', line: 5, kind: 'callback', async: false },
    { e: 'fn', i: 5, name: "'data' listener callback (line 6)", file: 'src/store.ts', line: 6, kind: 'callback', async: false },
    { e: 'fn', i: 6, name: 'Store.constructor', file: 'src/store.ts', line: 2, kind: 'constructor', async: false },
    { e: 'fn', i: 7, name: 'Store.save', file: 'src/store.ts', line: 17, kind: 'method', async: true },
    { e: 'fn', i: 8, name: 'Store.saveLater', file: 'src/store.ts', line: 25, kind: 'method', async: false },
    { e: 'site', i: 1, file: 'src/store.ts', line: 4, col: 1, k: 'read', name: 'value' },
    { e: 'site', i: 2, file: 'src/store.ts', line: 7, col: 1, k: 'write', name: 'value' },
    { e: 'site', i: 3, file: 'src/store.ts', line: 10, col: 1, k: 'write', name: 'value' },
    { e: 'site', i: 4, file: 'src/store.ts', line: 13, col: 1, k: 'update', name: 'calls' },
    { e: 'site', i: 5, file: 'src/store.ts', line: 14, col: 1, k: 'write', name: 'set', on: 'this.map' },
    { e: 'site', i: 6, file: 'src/store.ts', line: 15, col: 1, k: 'read', name: 'size', on: 'this.map' },
    { e: 'site', i: 7, file: 'src/store.ts', line: 20, col: 1, k: 'read', name: 'checking' },
    { e: 'site', i: 8, file: 'src/store.ts', line: 21, col: 1, k: 'read', name: 'savings' },
    { e: 'site', i: 9, file: 'src/store.ts', line: 22, col: 1, k: 'write', name: 'checking' },
    { e: 'site', i: 10, file: 'src/store.ts', line: 23, col: 1, k: 'write', name: 'savings' },
    { e: 'site', i: 11, file: 'src/store.ts', line: 30, col: 1, k: 'count', name: 'queries' },
    { e: 'site', i: 12, file: 'src/store.ts', line: 31, col: 1, k: 'count', name: 'queries' },
  ];
  writeFileSync(join(dir, 'trace-1.jsonl'), [...head, ...body, { e: 'end', reason: 'exit', code: 0, events: 0 }].map((e) => JSON.stringify(e)).join('\n') + '\n');
  return dir;
}

const en = (a: number, f: number, p: number | null = null): Ev => ({ e: 'en', a, p, f, o: a, v: {} });
const ex = (a: number, f: number): Ev => ({ e: 'ex', a, f, x: 0, v: {} });
const rd = (a: number, s: number, k = 'value', ek?: string): Ev => ({ e: 'rd', a, s, obj: 7, k, ...(ek !== undefined ? { ek } : {}) });
const wr = (a: number, s: number, k = 'value', ek?: string): Ev => ({ e: 'wr', a, s, obj: 7, k, ...(ek !== undefined ? { ek } : {}) });

const ids = (ps: AccessPattern[]) => ps.map((p) => `${p.kind} ${p.ops} ${p.owner}${p.split ? ' split' : ''}`).sort();

test('a check and its act split by another task: the R-W-W triple ranks the checker; the order pairs around it', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // T1 check() reads value, suspends; T2 reset() writes it; T1 writes it.
    const dir = run(root, 'r1', [en(1, 1), rd(1, 1), en(2, 2), wr(2, 3), ex(2, 2), wr(1, 2), ex(1, 1)]);
    const found = await runPatterns(dir);
    assert.deepEqual(ids(found), ['pair RW Store.check split', 'pair WW Store.check split', 'triple RWW Store.check']);
    const triple = found.find((p) => p.kind === 'triple')!;
    assert.deepEqual(triple.accesses.map((a) => `${a.op}${a.line}`), ['R4', 'W10', 'W7']);
    assert.equal(strengthOf(triple), 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('two whole calls one after the other make only order pairs, and one statement run twice says nothing about order', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // count() twice (`this.calls++`, an update) by two tasks, each call over before the next.
    const dir = run(root, 'r1', [en(1, 3), { e: 'up', a: 1, s: 4, obj: 7, k: 'calls' }, ex(1, 3), en(2, 3), { e: 'up', a: 2, s: 4, obj: 7, k: 'calls' }, ex(2, 3)]);
    const found = await runPatterns(dir);
    assert.deepEqual(ids(found), ['pair WR Store.count']);
    for (const p of found) assert.equal(strengthOf(p), 3, p.id);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('two elements of one collection do not race; a whole-collection read conflicts with an element write', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    const dir = run(root, 'r1', [en(1, 1), wr(1, 5, '[]', 'a'), en(2, 2), wr(2, 5, '[]', 'b'), ex(2, 2), rd(1, 6, '[]'), ex(1, 1)]);
    const found = await runPatterns(dir);
    // No pair between set('a') and set('b'); T1's size read after T2's set('b') is a W-R pair —
    // T1's call, begun before that write and suspended across it, owns it — and T1's set('a') …
    // T2's set('b') … T1's size is a W-W-R triple on the map as a whole.
    assert.deepEqual(ids(found), ['pair WR Store.check split', 'triple WWR Store.check']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('logical tasks: a timer callback continues the flow that set it; a listener run is a flow of its own', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // check() reads, its setTimeout callback (activation 10, parent 1) writes: one flow, no pair.
    const timer = run(root, 'timer', [en(1, 1), rd(1, 1), ex(1, 1), en(10, 4, 1), { e: 'spawn', a: 10 }, wr(10, 2), ex(10, 4)]);
    assert.deepEqual(ids(await runPatterns(timer)), []);
    // The same with a 'data' listener's run: another flow, so the write after the read is an R-W pair.
    const listener = run(root, 'listener', [en(1, 1), rd(1, 1), ex(1, 1), en(10, 5, 1), { e: 'spawn', a: 10 }, wr(10, 2), ex(10, 5)]);
    assert.deepEqual(ids(await runPatterns(listener)), ['pair RW Store.check']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// unseen4's vt-deadline: reserveLine registered a `.then` that remembers the hold; the order's
// flow gave up at the deadline (its await rejected) and released the holds; the callback ran
// after, when nothing waited for it, and wrote the hold back. The pair is the registrant's.
test('a one-shot callback its flow moved on from is a flow of its own: the pair is the call that registered it, split', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // check() (1) calls count() (2), which sets a timer and returns; check awaits; check resumes,
    // calls reset() (3), which writes; then the timer's callback (10, registered by 2) reads.
    const resumed = run(root, 'resumed', [en(1, 1), en(2, 3, 1), ex(2, 3), { e: 'aw', a: 1, s: 1 }, { e: 'rs', a: 1, s: 1 }, en(3, 2, 1), wr(3, 3), ex(3, 2), { e: 'aw', a: 1, s: 1 }, en(10, 4, 2), { e: 'spawn', a: 10 }, rd(10, 1), wr(10, 2), ex(10, 4), ex(1, 1)]);
    const found = await runPatterns(resumed);
    assert.deepEqual(ids(found), ['pair WR Store.count split']);
    assert.equal(found[0].lateCallback, 'setTimeout callback (line 5)');
    const { patternText } = await import('../../src/core/localize/schedule-evidence/patterns.ts');
    assert.match(patternText(found[0]), /^Store\.reset wrote `value` at store\.ts:10, then another task's Store\.count read it at store\.ts:4, in the middle of a call of Store\.count \(its setTimeout callback \(line 5\), registered before that write, ran after it, when nothing waited for it any more\)/);
    // The same when check's await rejected: no `rs`, check goes on and throws (`exc`).
    const rejected = run(root, 'rejected', [en(1, 1), en(2, 3, 1), ex(2, 3), { e: 'aw', a: 1, s: 1 }, en(3, 2, 1), wr(3, 3), ex(3, 2), { e: 'exc', a: 1, f: 1, err: {}, v: {} }, en(10, 4, 2), { e: 'spawn', a: 10 }, rd(10, 1), wr(10, 2), ex(10, 4)]);
    assert.deepEqual(ids(await runPatterns(rejected)), ['pair WR Store.count split']);
    // The callback ran while check still waited (before it resumed): check's flow, no pair.
    const waited = run(root, 'waited', [en(1, 1), en(2, 3, 1), ex(2, 3), { e: 'aw', a: 1, s: 1 }, en(10, 4, 2), { e: 'spawn', a: 10 }, rd(10, 1), wr(10, 2), ex(10, 4), { e: 'rs', a: 1, s: 1 }, en(3, 2, 1), wr(3, 3), ex(3, 2), ex(1, 1)]);
    assert.deepEqual(ids(await runPatterns(waited)), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// unseen7's contacts import: `rows.forEach(async (row) => { await db.upsert(row); })`, then the
// count. The caller ended before the calls it started; its flow read what they wrote later.
test('a write by an async call its caller ended before, after the caller\'s flow read the location: the pair is the caller\'s, split', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // check() (1) starts save() (2), which suspends; check reads value and ends; save writes it.
    const dropped = run(root, 'dropped', [en(1, 1), en(2, 7, 1), { e: 'aw', a: 2, s: 1 }, { e: 'spawn', a: 2 }, rd(1, 1), ex(1, 1), { e: 'rs', a: 2, s: 1 }, wr(2, 2), ex(2, 7)]);
    const found = await runPatterns(dropped);
    assert.deepEqual(ids(found), ['pair RW Store.check split']);
    assert.equal(found[0].droppedCall, 'Store.save');
    const { patternText } = await import('../../src/core/localize/schedule-evidence/patterns.ts');
    assert.equal(patternText(found[0]), "Store.check read `value` at store.ts:4, then another task's Store.save wrote it at store.ts:7: Store.check had started Store.save before the read and ended before that call did: nothing waited for it (R-W order, Unicorn)");
    // check awaited save (it ended after it): save's late write, as before.
    const awaited = run(root, 'awaited', [en(1, 1), en(2, 7, 1), { e: 'aw', a: 2, s: 1 }, { e: 'spawn', a: 2 }, rd(1, 1), { e: 'aw', a: 1, s: 1 }, { e: 'rs', a: 2, s: 1 }, wr(2, 2), ex(2, 7), { e: 'rs', a: 1, s: 1 }, ex(1, 1)]);
    const late = await runPatterns(awaited);
    assert.deepEqual(ids(late), ['pair RW Store.save split']);
    assert.equal(late[0].droppedCall, undefined);
    // A synchronous caller that returned the promise handed the work on to its own caller.
    const handed = run(root, 'handed', [en(3, 8), en(2, 7, 3), { e: 'aw', a: 2, s: 1 }, { e: 'spawn', a: 2 }, rd(3, 1), { e: 'ex', a: 3, f: 8, x: 26, v: { return: { $: 'object', id: 4, cls: 'Promise' } } }, { e: 'rs', a: 2, s: 1 }, wr(2, 2), ex(2, 7)]);
    const handedOn = await runPatterns(handed);
    assert.deepEqual(ids(handedOn), ['pair RW Store.save split']);
    assert.equal(handedOn[0].droppedCall, undefined);
    // The read was another flow's, not the caller's: an ordinary late write.
    const other = run(root, 'other', [en(1, 1), en(2, 7, 1), { e: 'aw', a: 2, s: 1 }, { e: 'spawn', a: 2 }, ex(1, 1), en(4, 1), rd(4, 1), ex(4, 1), { e: 'rs', a: 2, s: 1 }, wr(2, 2), ex(2, 7)]);
    // A call made by a closure of a caller that had ended before it began (a handler a factory
    // returned runs as the factory's activation): the caller started nothing, so it dropped nothing.
    const closure = run(root, 'closure', [en(1, 1), ex(1, 1), en(2, 7, 1), { e: 'aw', a: 2, s: 1 }, { e: 'spawn', a: 2 }, rd(1, 1), { e: 'rs', a: 2, s: 1 }, wr(2, 2), ex(2, 7)]);
    assert.deepEqual((await runPatterns(closure)).map((p) => p.droppedCall), [undefined]);
    const others = await runPatterns(other);
    assert.deepEqual(ids(others), ['pair RW Store.save split']);
    assert.equal(others[0].droppedCall, undefined);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// unseen5's job queue: every table method bumps `this.queries++`; two workers' calls interleaved
// their counts, and the W-W-R triple ranked the worker loop first. Counts commute.
test('counts (n++, n += 1) of two tasks make no pattern; a plain read of the counter still does', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    const up = (a: number, s: number): Ev => ({ e: 'up', a, s, obj: 7, k: 'queries' });
    // T1 check() counts, suspends; T2 reset() counts; T1 counts again.
    const counts = run(root, 'counts', [en(1, 1), up(1, 11), en(2, 2), up(2, 12), ex(2, 2), up(1, 12), ex(1, 1)]);
    assert.deepEqual(ids(await runPatterns(counts)), []);
    // The same with T1 reading the counter plainly at the end: the read saw T2's count.
    const read = run(root, 'read', [en(1, 1), up(1, 11), en(2, 2), up(2, 12), ex(2, 2), rd(1, 1, 'queries'), ex(1, 1)]);
    assert.ok(ids(await runPatterns(read)).includes('pair WR Store.check split'), ids(await runPatterns(read)).join('; '));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// unseen5's job queue: a worker loop's `acquire()` each round wrote and then read a semaphore's
// permits; another worker's release came between two rounds, and the W-W-R triple said the
// loop's accesses were split. Two calls of one function are two operations, each reading afresh.
test('a triple across two calls of one function (a loop calling it twice) is two regions, none split; across two functions it is the caller\'s', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // T1 check() calls count() (writes), T2 reset() writes, T1 calls count() again (reads).
    const twice = run(root, 'twice', [en(1, 1), en(2, 3, 1), wr(2, 2), ex(2, 3), en(5, 2), wr(5, 3), ex(5, 2), en(3, 3, 1), rd(3, 1), ex(3, 3), ex(1, 1)]);
    assert.deepEqual(ids(await runPatterns(twice)).filter((id) => id.startsWith('triple')), []);
    // The second call is of another function (count, then reset: a check in one, the act in another).
    const two = run(root, 'two', [en(1, 1), en(2, 3, 1), wr(2, 2), ex(2, 3), en(5, 2), wr(5, 3), ex(5, 2), en(3, 2, 1), rd(3, 1), ex(3, 2), ex(1, 1)]);
    assert.deepEqual(ids(await runPatterns(two)).filter((id) => id.startsWith('triple')), ['triple WWR Store.check']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('two fields of one object (001 atomic sets): a reader that saw one before and one after another task updated both', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // T1 check() reads checking, suspends; T2 reset() writes checking and savings; T1 reads savings.
    const dir = run(root, 'r1', [en(1, 1), rd(1, 7, 'checking'), en(2, 2), wr(2, 9, 'checking'), wr(2, 10, 'savings'), ex(2, 2), rd(1, 8, 'savings'), ex(1, 1)]);
    const found = await runPatterns(dir);
    // The atomic-set triple is check()'s; so are the pairs, each in the middle of its call.
    assert.deepEqual(ids(found), ['atomic-set RWWR Store.check', 'pair RW Store.check split', 'pair WR Store.check split']);
    const set = found.find((p) => p.kind === 'atomic-set')!;
    assert.deepEqual(set.accesses.map((a) => `${a.op}${a.line}`), ['R20', 'W22', 'W23', 'R21']);
    assert.equal(strengthOf(set), 2);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a write whose call was over before the read is the writer\'s, not split', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // T1 reset() writes and returns; T2 check(), which began after that, reads.
    const dir = run(root, 'r1', [en(1, 2), wr(1, 3), ex(1, 2), en(2, 1), rd(2, 1), ex(2, 1)]);
    assert.deepEqual(ids(await runPatterns(dir)), ['pair WR Store.reset']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// unseen4's nt-metrics: count() took the window and awaited; the reporter read the window out;
// count then added to it — a late write. The R-W pair is the writer's call, split by the read.
test('a write by a call that had begun before the read is a late write: the R-W pair is the writer\'s, split; a reader whose call began after the write ended owns a plain one', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // T1 check() begins and suspends; T2 count() reads the map's contents (the reporter) and
    // ends; T1 then writes an element.
    const late = run(root, 'late', [en(1, 1), en(2, 3), rd(2, 6, '[]'), ex(2, 3), wr(1, 5, '[]', 'a'), ex(1, 1)]);
    const found = await runPatterns(late);
    assert.deepEqual(ids(found), ['pair RW Store.check split']);
    const { patternText } = await import('../../src/core/localize/schedule-evidence/patterns.ts');
    assert.match(patternText(found[0]), /^Store\.count read the elements of this\.map at store\.ts:15, then another task's Store\.check wrote it at store\.ts:14, in the middle of a call of Store\.check \(it had begun before that read\)/);
    // The writer's call began after the read: the reader's pair, not split.
    const after = run(root, 'after', [en(2, 3), rd(2, 6, '[]'), ex(2, 3), en(1, 1), wr(1, 5, '[]', 'a'), ex(1, 1)]);
    assert.deepEqual(ids(await runPatterns(after)), ['pair RW Store.count']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an object under construction is no one else\'s: a constructor\'s writes make no pattern', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // new Store() by T1 writes value; T2's check() reads it afterwards — an order no schedule flips.
    const dir = run(root, 'r1', [en(1, 6), wr(1, 3), ex(1, 6), en(2, 1), rd(2, 1), ex(2, 1)]);
    assert.deepEqual(ids(await runPatterns(dir)), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

const pattern = (id: string, owner: string, kind: 'triple' | 'pair' = 'pair', ops = 'RW'): AccessPattern => ({
  id, kind, ops, owner, variable: '`value`',
  accesses: ops.split('').map((op, i) => ({ op: op as 'R' | 'W', file: 'src/a.ts', line: 10 + i, function: i === 1 ? 'Other.f' : owner })),
});

test('Ochiai over the runs: failed(P) / sqrt(failed * (failed(P) + passed(P)))', () => {
  const a = pattern('a', 'A.a', 'triple', 'RWW');
  const b = pattern('b', 'B.b');
  const c = pattern('c', 'C.c');
  const runs = [
    { failed: true, patterns: [a, b] },
    { failed: true, patterns: [a, b, c] },
    { failed: true, patterns: [b] },
    { failed: false, patterns: [b] },
    { failed: false, patterns: [] },
    { failed: false, patterns: [c] },
    { failed: false, patterns: [] },
  ];
  const scored = scoreSchedules(runs);
  const by = new Map(scored.patterns.map((p) => [p.id, p]));
  assert.equal(by.get('a')!.suspiciousness.toFixed(4), (2 / Math.sqrt(3 * 2)).toFixed(4)); // 0.8165
  assert.equal(by.get('b')!.suspiciousness.toFixed(4), (3 / Math.sqrt(3 * 4)).toFixed(4)); // 0.8660
  assert.equal(by.get('c')!.suspiciousness.toFixed(4), (1 / Math.sqrt(3 * 2)).toFixed(4)); // 0.4082
  // Every failing run shows b, one passing run too; a misses a failing run: b ranks first (under
  // Tarantula a's 1.0 beat b's 0.8).
  assert.deepEqual(scored.functions.map((f) => f.function), ['B.b', 'A.a', 'C.c']);
  assert.deepEqual(scored.runs, { failed: 3, passed: 4 });
  const words = positionSchedule(scored.functions[1], scored.runs).text;
  assert.match(words, /^in 2 of 3 failing runs and 0 of 4 passing runs: A\.a read `value` at a\.ts:10; another task's Other\.f wrote it at a\.ts:11/);
});

test('a rare pattern only failing runs show does not outrank one every failing run shows (stop 52)', () => {
  // unseen5's job-claim shape: the fault's pattern in all 10 failing runs and 9 of 30 passing
  // runs, a bystander's in 1 failing run only.
  const fault = pattern('fault', 'Worker.runOnce', 'triple', 'RWW');
  const bystander = pattern('bystander', 'Worker.loop', 'triple', 'RWW');
  const runs = [
    ...Array.from({ length: 10 }, (_, i) => ({ failed: true, patterns: i === 0 ? [fault, bystander] : [fault] })),
    ...Array.from({ length: 30 }, (_, i) => ({ failed: false, patterns: i < 9 ? [fault] : [] })),
  ];
  const scored = scoreSchedules(runs);
  assert.deepEqual(scored.functions.map((f) => [f.function, f.suspiciousness.toFixed(2)]), [['Worker.runOnce', '0.73'], ['Worker.loop', '0.32']]);
  // A pattern every failing run and no passing run shows is the only 1.0.
  assert.equal(scoreSchedules([{ failed: true, patterns: [fault] }, { failed: false, patterns: [] }]).functions[0].suspiciousness, 1);
});

test('a pattern no failing run shows is no evidence', () => {
  const scored = scoreSchedules([{ failed: false, patterns: [pattern('a', 'A.a')] }, { failed: true, patterns: [] }]);
  assert.deepEqual(scored.patterns, []);
  assert.deepEqual(scored.functions, []);
});

test('positions compare by suspiciousness, then the kind of pattern', () => {
  const s = (suspiciousness: number, strength: number, failed: number) => ({ suspiciousness, strength, failed, passed: 0, failedRuns: 10, passedRuns: 0, pattern: { kind: 'pair' as const, ops: 'RW', variable: 'v', accesses: [] }, text: '' });
  assert.ok(compareSchedule(s(1, 2, 1), s(0.8, 0, 10)) < 0);
  assert.ok(compareSchedule(s(1, 0, 1), s(1, 1, 10)) < 0);
  // How many failing runs show it decides only after the evidence tiers (rank.ts precedence).
  assert.equal(compareSchedule(s(1, 1, 9), s(1, 1, 10)), 0);
  assert.ok(compareSchedule(s(0.1, 3, 1), undefined) < 0);
  assert.equal(compareSchedule(undefined, undefined), 0);
});

test('an overwrite is split only when the overwriting call had accessed that location before the other write', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // T1 check() updates `calls` (other state), suspends; T2 reset() writes value; T1 writes value.
    // T1's call began before T2's write but never touched value before it: an ordinary later write.
    const other = run(root, 'other', [en(1, 1), { e: 'up', a: 1, s: 4, obj: 7, k: 'calls' }, en(2, 2), wr(2, 3), ex(2, 2), wr(1, 2), ex(1, 1)]);
    const found = await runPatterns(other);
    assert.ok(found.some((p) => p.kind === 'pair' && p.ops === 'WW' && p.owner === 'Store.check' && !p.split), ids(found).join(', '));
    assert.ok(!found.some((p) => p.ops === 'WW' && p.split), ids(found).join(', '));
    // The same call reading value first: its write puts back what it read — a split overwrite.
    const same = run(root, 'same', [en(1, 1), rd(1, 1), en(2, 2), wr(2, 3), ex(2, 2), wr(1, 2), ex(1, 1)]);
    assert.ok((await runPatterns(same)).some((p) => p.kind === 'pair' && p.ops === 'WW' && p.split));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an overwrite by a call that had only written the location before (W-W-W, serializable) is not split', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // T1 reset() writes value (an earlier call of a loop), suspends; T2 reset() writes it; T1 writes it again.
    const dir = run(root, 'www', [en(1, 2), wr(1, 3), en(2, 2), wr(2, 3), ex(2, 2), wr(1, 3), ex(1, 2)]);
    const found = await runPatterns(dir);
    assert.ok(!found.some((p) => p.split), ids(found).join(', '));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('with test events, each test case is one execution: a pattern a passing test of a failing run shows counts as passing', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    const begin = (name: string): Ev => ({ e: 'test', k: 'begin', name, file: 't.test.ts', line: 1 });
    const end = (name: string, ok: boolean): Ev => ({ e: 'test', k: 'end', name, file: 't.test.ts', ok });
    // "benign": check() split by reset() (R-W-W), and the test passes. "racy": two count() calls'
    // updates of `calls` interleave, and the test fails. Both ran in one (failing) process.
    const benign = [begin('benign'), en(1, 1), rd(1, 1), en(2, 2), wr(2, 3), ex(2, 2), wr(1, 2), ex(1, 1), end('benign', true)];
    const racy = [begin('racy'), en(3, 3), { e: 'up', a: 3, s: 4, obj: 8, k: 'calls' }, en(4, 3), { e: 'up', a: 4, s: 4, obj: 8, k: 'calls' }, { e: 'up', a: 3, s: 4, obj: 8, k: 'calls' }, ex(4, 3), ex(3, 3), end('racy', false)];
    const failing = run(root, 'failing', [...benign, ...racy]);
    const scored = await scheduleEvidence([{ runDir: failing, failed: true }]);
    assert.deepEqual(scored.runs, { failed: 1, passed: 1, unit: 'test' });
    // The benign test's patterns were seen only passing: none is scored.
    assert.ok(!scored.patterns.some((p) => p.owner === 'Store.check'), scored.patterns.map((p) => p.id).join(', '));
    assert.ok(scored.patterns.some((p) => p.owner === 'Store.count' && p.failed === 1 && p.passed === 0), scored.patterns.map((p) => p.id).join(', '));
    assert.match(positionSchedule(scored.functions[0], scored.runs).text, /^in 1 of 1 failing test run and 0 of 1 passing test run: /);
    // A run that failed while every test passed (a hang after the last test, a violation outside
    // any assertion) counts each of its tests as failing.
    const hung = run(root, 'hung', [...benign.slice(0, -1), end('benign', true)]);
    const all = await scheduleEvidence([{ runDir: hung, failed: true }]);
    assert.deepEqual(all.runs, { failed: 1, passed: 0, unit: 'test' });
    assert.ok(all.patterns.some((p) => p.owner === 'Store.check'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('one order of the same accesses is one pattern, whether or not the owner\'s call went on after it: a passing run that went on still counts against it', async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-sched-'));
  try {
    // check() reads value, then reset() writes it. In the failing run check's call was over by
    // then; in the passing run it went on (its callee count() updates `calls` after the write),
    // which makes the pair split there — torn-write's load, whose read completed after the writes
    // in the one passing run and before them in the failing ones.
    const over = [en(1, 1), rd(1, 1), ex(1, 1), en(2, 2), wr(2, 3), ex(2, 2)];
    const wentOn = [en(1, 1), rd(1, 1), en(2, 2), wr(2, 3), ex(2, 2), en(3, 3, 1), { e: 'up', a: 3, s: 4, obj: 7, k: 'calls' }, ex(3, 3), ex(1, 1)];
    const rw = (s: Awaited<ReturnType<typeof scheduleEvidence>>) => s.patterns.filter((p) => p.kind === 'pair' && p.ops === 'RW' && p.owner === 'Store.check');
    const scored = await scheduleEvidence([{ runDir: run(root, 'f', over), failed: true }, { runDir: run(root, 'p', wentOn), failed: false }]);
    assert.equal(rw(scored).length, 1, scored.patterns.map((p) => p.id).join(', '));
    assert.deepEqual([rw(scored)[0].failed, rw(scored)[0].passed, rw(scored)[0].suspiciousness.toFixed(4), !!rw(scored)[0].split], [1, 1, (1 / Math.sqrt(2)).toFixed(4), false]);
    // Its strength is the split form where a failing run showed that one.
    const reversed = await scheduleEvidence([{ runDir: run(root, 'f2', wentOn), failed: true }, { runDir: run(root, 'p2', over), failed: false }]);
    assert.deepEqual([rw(reversed)[0].failed, rw(reversed)[0].passed, !!rw(reversed)[0].split, strengthOf(rw(reversed)[0])], [1, 1, true, 1]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
