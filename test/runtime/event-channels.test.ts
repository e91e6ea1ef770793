// Emitter events as shared state (issue 30, channels): under the scheduler the program's `emit`
// writes `event:<Class>#<n>:<type>` and its listener registration (`on`, `once`) reads it, so an
// emit that comes before a registration — a lost notification — is an access pattern like any
// other: its W-R pair ranks the function whose registration came late, after an await.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced, traceFiles } from '../../src/core/trace/index.ts';
import { runPatterns } from '../../src/core/localize/schedule-evidence/patterns.ts';
import type { FieldEvent, SiteEvent, TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from '../helpers/temp-project.ts';

const PROJECT = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': JSON.stringify({ include: ['src/**'], integration: { command: ['node', 'test/run.ts'] }, timeoutMs: 20000 }),
  'src/index.ts': `import { EventEmitter } from 'node:events';
export class Indexer extends EventEmitter {
  ready = false;
  build(): void {
    this.ready = true;
    this.emit('ready');
  }
}
export async function waitReady(indexer: Indexer, prepare: () => Promise<void>): Promise<string> {
  await prepare();
  return new Promise((resolve) => {
    indexer.once('ready', () => resolve('heard'));
    setTimeout(() => resolve('missed'), 20);
  });
}`,
  'test/run.ts': `import { Indexer, waitReady } from '../src/index.ts';
const indexer = new Indexer();
const waiting = waitReady(indexer, () => new Promise((resolve) => setTimeout(resolve, 5)));
indexer.build();
console.log('RESULT ' + (await waiting));`,
};

test('emit writes the event, once reads it; the late registration owns the W-R pair', async () => {
  const root = tempProject(PROJECT);
  const run = await runTraced(loadConfig(root), { suite: 'integration', schedule: { strategy: 'random', seed: 1 } });
  assert.equal(run.passed, true, run.output);
  assert.match(run.output, /RESULT missed/);
  const events = traceFiles(run.runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
  const sites = new Map<number, SiteEvent>();
  const channel: string[] = [];
  for (const event of events) {
    if (event.e === 'site') sites.set(event.i, event);
    if ((event.e === 'rd' || event.e === 'wr') && (event as FieldEvent).k.startsWith('event:')) {
      const site = sites.get(event.s)!;
      channel.push(`${event.e} ${(event as FieldEvent).k} ${site.file}:${site.line}`);
    }
  }
  assert.deepEqual(channel, ['wr event:Indexer#1:ready src/index.ts:6', 'rd event:Indexer#1:ready src/index.ts:12']);
  const patterns = await runPatterns(run.runDir);
  const lost = patterns.find((p) => p.variable === "the 'ready' event of Indexer");
  assert.ok(lost, JSON.stringify(patterns.map((p) => p.id)));
  assert.equal(lost.ops, 'WR');
  assert.equal(lost.owner, 'waitReady');
  assert.equal(lost.split, true);
});

// Timers are channels too: arming and clearing write the timer, its firing reads it. A clear that
// comes after the fire (an idle timer cleared only after an await) is an R-W order on the timer.
const TIMER_PROJECT = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': JSON.stringify({ include: ['src/**'], integration: { command: ['node', 'test/run.ts'] }, timeoutMs: 20000 }),
  'src/session.ts': `export class Session {
  closed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  open(): void {
    this.timer = setTimeout(function onIdle(this: unknown) { session.closed = true; }, 0);
    const session = this;
  }
  async touch(save: () => Promise<void>): Promise<void> {
    await save();
    clearTimeout(this.timer);
  }
}`,
  'test/run.ts': `import { Session } from '../src/session.ts';
const session = new Session();
session.open();
await session.touch(() => new Promise((resolve) => setTimeout(resolve, 5)));
console.log('RESULT ' + session.closed);`,
};

test('a timer: arming and clearing write it, its callback reads it (its run named for the function that armed it); a clear after the fire by a call begun before it is a late write, owned by that call', async () => {
  const root = tempProject(TIMER_PROJECT);
  const run = await runTraced(loadConfig(root), { suite: 'integration', schedule: { strategy: 'random', seed: 1 } });
  assert.equal(run.passed, true, run.output);
  assert.match(run.output, /RESULT true/);
  const events = traceFiles(run.runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
  const sites = new Map<number, SiteEvent>();
  const channel: string[] = [];
  for (const event of events) {
    if (event.e === 'site') sites.set(event.i, event);
    if ((event.e === 'rd' || event.e === 'wr') && (event as FieldEvent).k.startsWith('timer:') && sites.get(event.s)!.file.startsWith('src/')) {
      channel.push(`${event.e} ${sites.get(event.s)!.line} ${JSON.stringify((event as FieldEvent & { v?: unknown }).v)}`);
    }
  }
  assert.deepEqual(channel, ['wr 5 "armed"', 'rd 5 "fired"', 'wr 10 "cleared"']);
  const patterns = await runPatterns(run.runDir);
  const late = patterns.find((p) => p.variable.startsWith('the setTimeout timer #') && p.ops === 'RW');
  assert.ok(late, JSON.stringify(patterns.map((p) => `${p.id} ${p.variable}`)));
  // An inline callback's run is named for the function that registered it (trace/tasks.ts writtenIn).
  assert.deepEqual(late.accesses.map((a) => `${a.op}${a.line} ${a.function}`), ['R5 Session.open', 'W10 Session.touch']);
  // touch()'s call began before the fire and cleared after it: a late write, the writer's call
  // split by the callback's read (schedule-evidence/patterns.ts pairOf; before stop 50 the
  // reader's run, Session.open, owned it).
  assert.equal(late.owner, 'Session.touch');
  assert.equal(late.split, true);
});

// A stream's events are channels the program's calls bring about: end() writes 'finish', write()
// reads it. A write after another task's end is a W-R order on the stream's 'finish'.
const STREAM_PROJECT = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': JSON.stringify({ include: ['src/**'], integration: { command: ['node', 'test/run.ts'] }, timeoutMs: 20000 }),
  'src/log.ts': `import type { Writable } from 'node:stream';
export async function append(out: Writable, line: string, prepare: () => Promise<void>): Promise<void> {
  await prepare();
  out.write(line);
}
export function close(out: Writable): void {
  out.end();
}`,
  'test/run.ts': `import { PassThrough } from 'node:stream';
import { append, close } from '../src/log.ts';
const out = new PassThrough();
let error = 'none';
out.on('error', (e) => { error = e.code; });
out.resume();
const pending = append(out, 'x', () => new Promise((resolve) => setTimeout(resolve, 5)));
close(out);
await pending;
await new Promise((resolve) => setTimeout(resolve, 5));
console.log('RESULT ' + error);`,
};

test("a stream: end() writes its finish, write() reads it; a write after another task's end is a split W-R owned by the writer", async () => {
  const root = tempProject(STREAM_PROJECT);
  const run = await runTraced(loadConfig(root), { suite: 'integration', schedule: { strategy: 'random', seed: 1 } });
  assert.equal(run.passed, true, run.output);
  assert.match(run.output, /RESULT/);
  const events = traceFiles(run.runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
  const sites = new Map<number, SiteEvent>();
  const channel: string[] = [];
  for (const event of events) {
    if (event.e === 'site') sites.set(event.i, event);
    if ((event.e === 'rd' || event.e === 'wr') && (event as FieldEvent).k.startsWith('event:PassThrough')) {
      const site = sites.get(event.s)!;
      channel.push(`${event.e} ${(event as FieldEvent).k} ${site.file}:${site.line}`);
    }
  }
  assert.deepEqual(channel.filter((c) => c.includes('src/')), ['wr event:PassThrough#1:finish src/log.ts:7', 'rd event:PassThrough#1:finish src/log.ts:4']);
  const patterns = await runPatterns(run.runDir);
  const late = patterns.find((p) => p.variable === "the 'finish' event of PassThrough" && p.ops === 'WR');
  assert.ok(late, JSON.stringify(patterns.map((p) => `${p.id} ${p.variable}`)));
  assert.equal(late.owner, 'append');
  assert.equal(late.split, true);
});

// A promise's settlement is a channel: resolve and reject write it (the site: where it was made),
// a `.then` registration reads it. A second settlement, which the promise ignores, is a W-W order.
const PROMISE_PROJECT = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': JSON.stringify({ include: ['src/**'], integration: { command: ['node', 'test/run.ts'] }, timeoutMs: 20000 }),
  'src/rpc.ts': `export class Rpc {
  private answer: ((value: string) => void) | undefined;
  private fail: ((error: Error) => void) | undefined;
  call(): Promise<string> {
    return new Promise((resolve, reject) => { this.answer = resolve; this.fail = reject; });
  }
  reply(value: string): void {
    this.answer?.(value);
  }
  async expire(wait: () => Promise<void>): Promise<void> {
    await wait();
    this.fail?.(new Error('timed out'));
  }
  watch(pending: Promise<string>, seen: string[]): void {
    pending.then((v) => seen.push(v), (e: Error) => seen.push(e.message));
  }
}`,
  'test/run.ts': `import { Rpc } from '../src/rpc.ts';
const rpc = new Rpc();
const seen: string[] = [];
const pending = rpc.call();
rpc.watch(pending, seen);
await rpc.expire(() => new Promise((resolve) => setTimeout(resolve, 1)));
rpc.reply('ok');
await new Promise((resolve) => setTimeout(resolve, 5));
console.log('RESULT ' + seen.join(','));`,
};

test('a promise: resolve and reject write its settlement, then reads it; a second settlement is a W-W order owned by the later settler', async () => {
  const root = tempProject(PROMISE_PROJECT);
  const run = await runTraced(loadConfig(root), { suite: 'integration', schedule: { strategy: 'random', seed: 1 } });
  assert.equal(run.passed, true, run.output);
  assert.match(run.output, /RESULT timed out\n/);
  const events = traceFiles(run.runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
  const sites = new Map<number, SiteEvent>();
  const channel: string[] = [];
  for (const event of events) {
    if (event.e === 'site') sites.set(event.i, event);
    // (test/run.ts's own `new Promise`s are channels too: only src/'s are looked at.)
    if ((event.e === 'rd' || event.e === 'wr') && (event as FieldEvent).k.startsWith('promise:') && sites.get(event.s)!.file.startsWith('src/')) {
      channel.push(`${event.e} ${(event as FieldEvent).k} ${sites.get(event.s)!.line} ${JSON.stringify((event as FieldEvent & { v?: unknown }).v ?? null)}`);
    }
  }
  assert.deepEqual(channel, ['rd promise:#1 15 null', 'wr promise:#1 5 "rejected"', 'wr promise:#1 5 "resolved"']);
  const patterns = await runPatterns(run.runDir);
  const twice = patterns.find((p) => p.variable === 'promise #1' && p.ops === 'WW');
  assert.ok(twice, JSON.stringify(patterns.map((p) => `${p.id} ${p.variable}`)));
  assert.equal(twice.owner, 'Rpc.reply');
});
