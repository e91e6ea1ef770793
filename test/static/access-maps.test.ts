import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { analyzeProject, type ClassAccessMap } from '../../src/core/static/index.ts';
import { REPO } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

function classesOf(source: string, locks: { module: string; export: string; acquire: string; release: string }[] = []): Map<string, ClassAccessMap> {
  const root = tempProject({ 'src/subject.ts': source }, ['async-mutex']);
  const analysis = analyzeProject(root, { include: ['src/**'], locks });
  return new Map(analysis.classes.map((c) => [c.name, c]));
}

// 002 Fig. 1, with `synchronized` as the object's async mutex.
const QUEUE = `import { Mutex } from 'async-mutex';
export class Queue {
  private items: number[];
  private qsize: number;
  private readonly lock = new Mutex();
  constructor() {
    this.items = [];
    this.qsize = 0;
  }
  async pop(): Promise<number | null> {
    return this.lock.runExclusive(() => {
      if (this.qsize === 0) return null;
      this.qsize--;
      return this.items[this.qsize];
    });
  }
  async push(item: number): Promise<void> {
    await this.lock.runExclusive(() => {
      this.items.push(item);
      this.qsize++;
    });
  }
  async size(): Promise<number> {
    return this.lock.runExclusive(() => this.qsize);
  }
  getqueuetop(): number | null {
    if (this.qsize === 0) return null;
    return this.items[this.qsize];
  }
}`;

test('002 §3.1 Queue: M_r(qsize) = {pop, size, getqueuetop}, M_w(qsize) = {pop, push}, S_f = {getqueuetop}', () => {
  const queue = classesOf(QUEUE).get('Queue')!;
  assert.deepEqual(queue.vars, ['items', 'qsize']);
  assert.deepEqual(queue.methods, ['constructor', 'pop', 'push', 'size', 'getqueuetop']);
  assert.deepEqual(queue.reads.qsize, ['pop', 'size', 'getqueuetop']);
  assert.deepEqual(queue.writes.qsize, ['pop', 'push']);
  assert.deepEqual(queue.synchronized, ['pop', 'push', 'size']);
  assert.deepEqual(queue.nonAtomic, ['getqueuetop']);
});

test('the bundled queue example gives the paper\'s maps exactly', () => {
  const analysis = analyzeProject(join(REPO, 'examples', 'queue'), { include: ['src/**/*.ts'] });
  const queue = analysis.classes.find((c) => c.name === 'Queue')!;
  assert.deepEqual(queue.reads.qsize, ['pop', 'size', 'getqueuetop']);
  assert.deepEqual(queue.writes.qsize, ['pop', 'push']);
  assert.deepEqual(queue.nonAtomic, ['getqueuetop']);
});

test('M_r / M_w reach a fixpoint through intra-class calls (also recursive ones)', () => {
  const cls = classesOf(`export class Counter {
  private n = 0;
  private log: string[] = [];
  bump(): void { this.inc(); }
  private inc(): void { this.n += 1; this.note(); }
  private note(): void { this.log.push(String(this.n)); this.inc2(); }
  private inc2(): void { if (this.n < 0) this.note(); }
  read(): number { return this.n; }
}`).get('Counter')!;
  assert.deepEqual(cls.methods, ['constructor', 'bump', 'read'].filter((m) => m !== 'constructor'));
  assert.deepEqual(cls.reads.n, ['bump', 'read']);
  assert.deepEqual(cls.writes.n, ['bump']);
  assert.deepEqual(cls.writes.log, ['bump']);
  assert.deepEqual(cls.reads.log, []);
});

test('lock regions: runExclusive, acquire … release(), Semaphore, withTimeout; two regions are not atomic', () => {
  const cls = classesOf(`import { Mutex, Semaphore, withTimeout } from 'async-mutex';
export class Account {
  private balance = 100;
  private mutex = new Mutex();
  private sem = new Semaphore(1);
  private timed = withTimeout(new Mutex(), 100);
  async viaRelease(n: number): Promise<void> {
    const release = await this.mutex.acquire();
    try {
      this.balance -= n;
    } finally {
      release();
    }
  }
  async viaMethod(n: number): Promise<void> {
    await this.mutex.acquire();
    this.balance += n;
    this.mutex.release();
  }
  async viaSemaphore(): Promise<number> {
    const [, release] = await this.sem.acquire();
    const b = this.balance;
    release();
    return b;
  }
  async viaTimeout(): Promise<number> { return this.timed.runExclusive(() => this.balance); }
  async checkThenAct(n: number): Promise<void> {
    const b = await this.mutex.runExclusive(() => this.balance);
    if (b >= n) await this.mutex.runExclusive(() => { this.balance -= n; });
  }
  async leaks(n: number): Promise<void> {
    await this.mutex.runExclusive(() => { this.balance -= n; });
    this.balance += 1;
  }
  async delegates(): Promise<number> { return this.viaTimeout(); }
}`).get('Account')!;
  assert.deepEqual(cls.vars, ['balance'], 'lock objects are not member variables');
  assert.deepEqual(cls.synchronized, ['viaRelease', 'viaMethod', 'viaSemaphore', 'viaTimeout']);
  assert.deepEqual(cls.nonAtomic, ['checkThenAct', 'leaks', 'delegates']);
  assert.deepEqual(cls.awaits.checkThenAct.map((a) => a.line), [28, 29]);
});

test('config lock classes are recognised by module and export', () => {
  const root = tempProject({
    'src/lock.ts': `export class SpinLock { async lock(): Promise<void> {} unlock(): void {} }`,
    'src/box.ts': `import { SpinLock } from './lock.ts';
export class Box {
  private value = 0;
  private guard = new SpinLock();
  async set(v: number): Promise<void> {
    await this.guard.lock();
    this.value = v;
    this.guard.unlock();
  }
  get(): number { return this.value; }
}`,
  });
  const analysis = analyzeProject(root, {
    include: ['src/**'],
    locks: [{ module: './src/lock.ts', export: 'SpinLock', acquire: 'lock', release: 'unlock' }],
  });
  const box = analysis.classes.find((c) => c.name === 'Box')!;
  assert.deepEqual(box.vars, ['value']);
  assert.deepEqual(box.synchronized, ['set']);
  assert.deepEqual(box.nonAtomic, ['get']);
  const without = analyzeProject(root, { include: ['src/**'] }).classes.find((c) => c.name === 'Box')!;
  assert.deepEqual(without.synchronized, []);
});
