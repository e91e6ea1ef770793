// Hangs that explain themselves (issue 29, deliverable 5): a scheduled run that hangs on promises
// nothing resolves says where each was made (its `new Promise` site) and by which task — the one
// whose code holds its resolve function — end to end, from the instrumented program through the
// scheduler's stall event to the violation's story.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced, traceFiles } from '../../src/core/trace/index.ts';
import { analyzeRun } from '../../src/core/active/violation.ts';
import type { StallEvent, TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from '../helpers/temp-project.ts';

// Line numbers matter: the assertions name them.
const CHANNEL = `export class Channel<T> {
  private readonly waiters: ((value: T) => void)[] = [];
  private readonly items: T[] = [];

  send(value: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(value);
    else this.items.push(value);
  }

  async receive(): Promise<T> {
    if (this.items.length) return this.items.shift()!;
    return await new Promise<T>((resolve) => this.waiters.push(resolve));
  }
}
`;

const GATE = `export class Gate {
  ready: Promise<void> | undefined;
  private resolveReady: (() => void) | undefined;

  async open(): Promise<void> {
    this.ready = new Promise<void>((resolve) => { this.resolveReady = resolve; });
    await null;
    // Forgets this.resolveReady!().
  }

  async pass(): Promise<string> {
    await null;
    await this.ready;
    return 'passed';
  }
}
`;

// An async function that returns a promise of its own (a pool's take): the await of its call
// waits for that promise.
const POOL = `import { EventEmitter, once } from 'node:events';

export class Pool {
  private free = 0;
  private readonly queue: (() => void)[] = [];

  async take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    return new Promise<void>((resolve) => this.queue.push(resolve));
  }

  give(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.free++;
  }
}

export async function useOne(pool: Pool): Promise<string> {
  await pool.take();
  pool.give();
  return 'used';
}

export async function takeLater(queue: (() => void)[]): Promise<void> {
  await null;
  return new Promise<void>((resolve) => queue.push(resolve));
}

export async function useLater(): Promise<string> {
  await takeLater([]);
  return 'used';
}

// take() returns a made promise just before an await of an uninstrumented call: the await is not
// take's, and the story does not say it is.
export async function missed(pool: Pool): Promise<void> {
  pool.take().catch(() => {});
  await once(new EventEmitter(), 'never');
}
`;

const TEST = `import { test } from 'node:test';
import { Channel } from '../src/channel.ts';
import { Gate } from '../src/gate.ts';
import { missed, Pool, useLater, useOne } from '../src/pool.ts';
test('everything waits', async () => {
  const keepAlive = setInterval(() => {}, 1000);
  try {
    const gate = new Gate();
    await Promise.all([new Channel<number>().receive(), gate.open(), gate.pass(), useOne(new Pool()), useLater(), missed(new Pool())]);
  } finally {
    clearInterval(keepAlive);
  }
});
`;

function eventsOf(runDir: string): TraceEvent[] {
  return traceFiles(runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
}

test('a hang names where each promise nothing resolved was made, and the task that made it', async (t) => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({
      include: ['src/**/*.ts'],
      unit: { command: 'node --test test/*.test.ts' },
      integration: { command: 'node --test test/*.test.ts' },
      timeoutMs: 30000,
    }),
    'src/channel.ts': CHANNEL,
    'src/gate.ts': GATE,
    'src/pool.ts': POOL,
    'test/hang.test.ts': TEST,
  });
  const run = await runTraced(loadConfig(root), { suite: 'integration', schedule: { strategy: 'random', seed: 1, stallMs: 400 } });
  assert.equal(run.passed, false, run.output);
  assert.equal(run.timedOut, false, 'ended by the scheduler, not killed at the time budget');
  const events = eventsOf(run.runDir);
  const stall = events.find((e): e is StallEvent => e.e === 'stall');
  assert.ok(stall, 'a stall event');
  assert.equal(stall.kind, 'hang');
  const promiseSites = events.filter((e) => e.e === 'site' && e.k === 'promise').map((e) => (e.e === 'site' ? `${e.file}:${e.line}:${e.col}` : ''));
  assert.deepEqual(promiseSites.sort(), ['src/channel.ts:13:18', 'src/gate.ts:6:18', 'src/pool.ts:12:12', 'src/pool.ts:30:10'], 'each `new Promise` is a promise site');
  assert.equal(stall.parked.filter((p) => p.made !== undefined).length, 4, `four waiters' promises were made by a \`new Promise\`: ${JSON.stringify(stall.parked)}`);

  const analysis = await analyzeRun(run, 'random', 1);
  assert.equal(analysis.outcome, 'hang', analysis.message);
  const story = analysis.violation!.schedule.filter((s) => s.event.startsWith('waits at '));
  const line = (file: string) => story.find((s) => s.file === file);
  const text = story.map((s) => `${s.task} ${s.function} ${s.event}`).join('\n');
  for (const s of story) t.diagnostic(`${s.task} ${s.function} ${s.event}`);
  // The waiter made the promise itself.
  const channel = line('src/channel.ts');
  assert.ok(channel, text);
  assert.equal(channel.event, `waits at src/channel.ts:13 for the promise made at src/channel.ts:13 in Channel.receive (${channel.task}), which nothing resolved`, text);
  // Another task made it and ended without resolving it.
  const gate = line('src/gate.ts');
  assert.ok(gate, text);
  assert.equal(gate.function, 'Gate.pass');
  const opener = /by (T\d+) in Gate\.open/.exec(gate.event)?.[1];
  assert.ok(opener && opener !== gate.task, text);
  assert.equal(gate.event, `waits at src/gate.ts:13 for the promise made at src/gate.ts:6 by ${opener} in Gate.open; ${opener} ended without resolving it`, text);
  // The awaited call returned a promise of its own: named as the call and where its promise was made.
  const pool = story.find((s) => s.function === 'useOne');
  assert.ok(pool, text);
  assert.equal(pool.event, `waits at src/pool.ts:23 for \`pool.take(…)\`: the promise made at src/pool.ts:12 in Pool.take (${pool.task}), which nothing resolved`, text);
  const other = story.find((s) => s.function === 'missed');
  assert.ok(other, text);
  assert.equal(other.event, 'waits at src/pool.ts:42 for `once(…)`, whose promise never settled', text);
  // … also when the call suspended before it returned the promise.
  const later = story.find((s) => s.function === 'useLater');
  assert.ok(later, text);
  assert.equal(later.event, `waits at src/pool.ts:34 for \`takeLater(…)\`: the promise made at src/pool.ts:30 in takeLater (${later.task}), which nothing resolved`, text);
});
