// ASSETFUZZER phase I (src/core/active/hybrid-analysis.ts): 001 Table 1's eleven patterns, the
// relaxed happens-before rules, the locksets and the vulnerable-window lockset, and calling
// contexts (the same line reached from two contexts is two events).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hybridAnalysis, type RpoetEvent } from '../../src/core/active/hybrid-analysis.ts';
import { TABLE_1, type AccessPattern } from '../../src/core/active/access-patterns.ts';
import { rpoetEvents } from '../../src/core/active/rpoet.ts';
import { contextHash, functionKey, ROOT_CONTEXT } from '../../src/core/runtime/calling-context.ts';
import type { FunctionEvent, SiteEvent, TraceEvent } from '../../src/core/runtime/trace-events.ts';

const U = 1;
const V = 2;
const FIELDS = ['checking', 'savings'];
let line = 0;

/** An access of task `task` (its unit is U.u for task 1, U.v for task 2) to field `loc`. */
function access(task: number, op: 'r' | 'w', loc: 0 | 1, options: { ctx?: string; line?: number } = {}): RpoetEvent {
  const at = options.line ?? ++line;
  const name = task === U ? 'Acct.u' : 'Acct.v';
  return { kind: 'access', task, op, obj: 7, key: FIELDS[loc], cls: 'Acct', site: `a.ts:${at}:1`, file: 'a.ts', line: at, ctx: options.ctx ?? `ctx-${task}`, fn: name, unit: { id: task * 100, name } };
}
const suspend = (task: number): RpoetEvent => ({ kind: 'suspend', task });
const begin = (task: number, spawner?: number): RpoetEvent => ({ kind: 'begin', task, ...(spawner !== undefined ? { spawner } : {}) });
const end = (task: number): RpoetEvent => ({ kind: 'end', task });
const acquire = (task: number, lock: number): RpoetEvent => ({ kind: 'acquire', task, lock });
const release = (task: number, lock: number): RpoetEvent => ({ kind: 'release', task, lock });

/** A serial two-task run containing the pattern's events: u's two, then u''s; `suspends` puts a
 *  scheduling point between each task's two events. */
function serialRun(pattern: AccessPattern, suspends: boolean): RpoetEvent[] {
  const events: RpoetEvent[] = [begin(U), begin(V)];
  for (const role of [0, 1] as const) {
    const task = role === 0 ? U : V;
    const steps = pattern.steps.filter((s) => s.role === role);
    steps.forEach((s, i) => {
      if (i > 0 && suspends) events.push(suspend(task));
      events.push(access(task, s.op, s.loc));
    });
  }
  events.push(end(U), end(V));
  return events;
}

const atomicSets = [{ class: 'Acct', fields: FIELDS }];

for (const pattern of TABLE_1) {
  const label = `row ${pattern.row} ${pattern.notation}`;
  test(`001 Table 1 ${label}: a two-task run that can be reordered into it matches`, () => {
    const found = hybridAnalysis(serialRun(pattern, true), { atomicSets });
    const match = found.find((v) => v.row === pattern.row && v.events.map((e) => `${e.role}${e.op[0]}${e.location}`).join() ===
      pattern.steps.map((s) => `${s.role ? "u'" : 'u'}${s.op}${FIELDS[s.loc]}`).join());
    assert.ok(match, `${label} not among ${found.map((v) => `${v.row} ${v.notation}`).join('; ')}`);
    assert.deepEqual(match.units, ['Acct.u', 'Acct.v']);
    assert.equal(match.events.length, pattern.steps.length);
    assert.ok(match.vulnerableWindowLockset.includes(-1), 'u releases the event-loop lock in its window');
  });
  test(`001 Table 1 ${label}: without a scheduling point between a task's events it does not match`, () => {
    assert.deepEqual(hybridAnalysis(serialRun(pattern, false), { atomicSets }), []);
  });
}

test('the eleven rows are all there (6, 8 and 9 in both orders of u\'s accesses)', () => {
  assert.deepEqual([...new Set(TABLE_1.map((p) => p.row))], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  assert.equal(TABLE_1.length, 14);
});

// The 001 Fig. 6 shape (row 9): u reads checking, suspends, reads savings; u' writes both.
const row9 = (u: RpoetEvent[], v: RpoetEvent[], order: 'u-first' | 'v-first' = 'u-first'): RpoetEvent[] => (order === 'u-first' ? [...u, ...v] : [...v, ...u]);
const uReads = (): RpoetEvent[] => [access(U, 'r', 0, { line: 10 }), suspend(U), access(U, 'r', 1, { line: 11 })];
const vWrites = (): RpoetEvent[] => [access(V, 'w', 0, { line: 20 }), access(V, 'w', 1, { line: 21 })];

test('relaxed happens-before: accesses of concurrent tasks are reordered, either way they ran', () => {
  for (const order of ['u-first', 'v-first'] as const) {
    const found = hybridAnalysis([begin(U), begin(V), ...row9(uReads(), vWrites(), order)], { atomicSets });
    assert.ok(found.some((v) => v.row === 9), order);
  }
});

test('relaxed happens-before: a task spawned after u\'s events cannot come between them', () => {
  const events = [begin(U), ...uReads(), begin(V, U), ...vWrites()];
  assert.deepEqual(hybridAnalysis(events, { atomicSets }), []);
  // Spawned before u's first event, it can.
  const early = [begin(U), begin(V, U), ...uReads(), ...vWrites()];
  assert.ok(hybridAnalysis(early, { atomicSets }).some((v) => v.row === 9));
});

test('relaxed happens-before: a task that begins after another ended (its promise settled) follows it', () => {
  const events = [begin(U), ...uReads(), end(U), begin(V), ...vWrites(), end(V)];
  assert.deepEqual(hybridAnalysis(events, { atomicSets }), []);
  // The other way round too: u' ended before u began.
  const reversed = [begin(V), ...vWrites(), end(V), begin(U), ...uReads(), end(U)];
  assert.deepEqual(hybridAnalysis(reversed, { atomicSets }), []);
});

test('relaxed happens-before: lock release → acquire across tasks does not order (the lockset judges locks, 001 §4.1.1)', () => {
  const L = 5;
  const u = [acquire(U, L), access(U, 'r', 0, { line: 10 }), release(U, L), suspend(U), acquire(U, L), access(U, 'r', 1, { line: 11 }), release(U, L)];
  const v = [acquire(V, L), access(V, 'w', 0, { line: 20 }), access(V, 'w', 1, { line: 21 }), release(V, L)];
  const found = hybridAnalysis([begin(U), begin(V), ...v, ...u], { atomicSets });
  const match = found.find((x) => x.row === 9);
  assert.ok(match);
  // Vulnerable-window lockset: the common lock u releases between its reads, and the event loop.
  assert.deepEqual(match.vulnerableWindowLockset, [-1, L]);
  // Phase II releases u only after the lock it held at its first read (index 0) is released.
  assert.deepEqual(match.events[0].release, [0]);
});

test('lockset: u holding the lock u\' needs across its whole window makes the interleaving infeasible', () => {
  const L = 5;
  const u = [acquire(U, L), access(U, 'r', 0, { line: 10 }), suspend(U), access(U, 'r', 1, { line: 11 }), release(U, L)];
  const v = [acquire(V, L), access(V, 'w', 0, { line: 20 }), access(V, 'w', 1, { line: 21 }), release(V, L)];
  assert.deepEqual(hybridAnalysis([begin(U), begin(V), ...u, ...v], { atomicSets }), []);
});

test('vulnerable-window lockset: a lock only u holds is not in it, and u need not release it', () => {
  const mine = 8;
  const u = [acquire(U, mine), access(U, 'r', 0, { line: 10 }), suspend(U), access(U, 'r', 1, { line: 11 }), release(U, mine)];
  const found = hybridAnalysis([begin(U), begin(V), ...u, ...vWrites()], { atomicSets });
  const match = found.find((x) => x.row === 9);
  assert.ok(match);
  assert.deepEqual(match.vulnerableWindowLockset, [-1]);
  assert.equal(match.events[0].release, undefined);
});

test('calling contexts: the same line reached from two contexts is two events', () => {
  // u reads checking at line 30 from two callers, suspending in between; u' writes it meanwhile
  // (row 2: two reads of one location yield different values).
  const events = [begin(U), begin(V), access(U, 'r', 0, { line: 30, ctx: 'from-a' }), suspend(U), access(U, 'r', 0, { line: 30, ctx: 'from-b' }), access(V, 'w', 0, { line: 40 })];
  const row2 = hybridAnalysis(events).filter((v) => v.row === 2);
  assert.equal(row2.length, 1);
  assert.deepEqual(row2[0].events.map((e) => e.ctx), ['from-a', 'ctx-2', 'from-b']);
  // In one context, the reads are one event (its first and last occurrence): still row 2.
  const same = [begin(U), begin(V), access(U, 'r', 0, { line: 30, ctx: 'c' }), suspend(U), access(U, 'r', 0, { line: 30, ctx: 'c' }), access(V, 'w', 0, { line: 40 })];
  const ids = hybridAnalysis(same).filter((v) => v.row === 2).map((v) => v.id);
  assert.equal(ids.length, 1);
  assert.notEqual(ids[0], row2[0].id);
});

test('calling contexts from a trace: the hash of the caller chain, as the runtime computes it', () => {
  const fn = (i: number, name: string, lineNo: number): FunctionEvent => ({ e: 'fn', i, name, file: 'src/a.ts', line: lineNo, kind: 'method', async: true });
  const functions = new Map([[0, fn(0, 'Acct.copyFrom', 5)], [1, fn(1, 'Acct.getChk', 9)], [2, fn(2, 'Acct.creditInterest', 14)]]);
  const sites = new Map<number, SiteEvent>([[0, { e: 'site', i: 0, file: 'src/a.ts', line: 10, col: 5, k: 'read', name: 'checking' }]]);
  const trace: TraceEvent[] = [
    { e: 'en', a: 1, p: null, f: 0, o: 1, v: { this: { $: 'object', id: 7, cls: 'Acct' } } },
    { e: 'en', a: 2, p: 1, f: 1, o: 2, v: {} },
    { e: 'rd', a: 2, s: 0, obj: 7, k: 'checking' },
    { e: 'en', a: 3, p: null, f: 2, o: 3, v: {} },
    { e: 'en', a: 4, p: 3, f: 1, o: 4, v: {} },
    { e: 'rd', a: 4, s: 0, obj: 7, k: 'checking' },
  ];
  const accesses = rpoetEvents(trace, functions, sites).filter((e) => e.kind === 'access');
  const key = (i: number) => functionKey(functions.get(i)!.name, 'src/a.ts', functions.get(i)!.line);
  assert.equal(accesses.length, 2);
  const [a, b] = accesses as Extract<RpoetEvent, { kind: 'access' }>[];
  assert.equal(a.ctx, contextHash(contextHash(ROOT_CONTEXT, key(0)), key(1)));
  assert.equal(b.ctx, contextHash(contextHash(ROOT_CONTEXT, key(2)), key(1)));
  assert.notEqual(a.ctx, b.ctx);
  assert.equal(a.site, 'src/a.ts:10:5');
  // Units of work: the outermost public method of the accessed object's class (001 §3.1).
  assert.equal(a.unit.name, 'Acct.copyFrom');
  assert.equal(b.unit.name, 'Acct.creditInterest');
  assert.equal(a.task, 1);
  assert.equal(b.task, 3);
});

test('a collection held in a field belongs with its owner\'s fields: a cache and its size', () => {
  const functions = new Map<number, FunctionEvent>([
    [0, { e: 'fn', i: 0, name: 'Cache.put', file: 'src/c.ts', line: 3, kind: 'method', async: true }],
    [1, { e: 'fn', i: 1, name: 'Cache.stats', file: 'src/c.ts', line: 9, kind: 'method', async: true }],
  ]);
  const site = (i: number, k: SiteEvent['k'], lineNo: number): [number, SiteEvent] => [i, { e: 'site', i, file: 'src/c.ts', line: lineNo, col: 5, k }];
  const sites = new Map<number, SiteEvent>([site(0, 'read', 4), site(1, 'write', 4), site(2, 'update', 6), site(3, 'read', 10), site(4, 'read', 11), site(5, 'await', 5), site(6, 'read', 11)]);
  const map = { $: 'object', id: 9, cls: 'Map' } as const;
  const trace: TraceEvent[] = [
    { e: 'en', a: 1, p: null, f: 0, o: 1, v: { this: { $: 'object', id: 5, cls: 'Cache' } } },
    { e: 'en', a: 2, p: null, f: 1, o: 2, v: { this: { $: 'object', id: 5, cls: 'Cache' } } },
    // put: this.entries.set(k, v); await …; this.size++
    { e: 'rd', a: 1, s: 0, obj: 5, k: 'entries', v: map },
    { e: 'wr', a: 1, s: 1, obj: 9, k: '[]', ek: 'k' },
    { e: 'aw', a: 1, s: 5 },
    { e: 'rs', a: 1, s: 5 },
    { e: 'up', a: 1, s: 2, obj: 5, k: 'size' },
    // stats: reads size and the entries in one segment.
    { e: 'rd', a: 2, s: 3, obj: 5, k: 'size', v: 1 },
    { e: 'rd', a: 2, s: 6, obj: 5, k: 'entries', v: map },
    { e: 'rd', a: 2, s: 4, obj: 9, k: '[]' },
  ];
  const found = hybridAnalysis(rpoetEvents(trace, functions, sites));
  const row8 = found.find((v) => v.row === 8);
  assert.ok(row8, found.map((v) => v.notation).join('; '));
  assert.deepEqual(row8.units, ['Cache.put', 'Cache.stats']);
  assert.deepEqual(row8.events.map((e) => `${e.op} ${e.location}`), ['write the elements', 'read size', 'read the elements', 'write size']);
});
