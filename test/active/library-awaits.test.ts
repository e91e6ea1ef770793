// An await of a library's call whose promise settles at once did no I/O (active/library-awaits.ts,
// fahunt 2 FA1): the scheduler runs its continuation promptly, before a 0 ms timer, as Node does.
// The same semaphore as the project's own code outside `include` stays a stand-in for slow I/O,
// and the scheduler may delay it: the control shows the test can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/core/config/index.ts';
import { fuzz } from '../../src/core/active/index.ts';
import { libraryAwaits } from '../../src/core/active/library-awaits.ts';
import { tempProject } from '../helpers/temp-project.ts';

const SEMA_JS = `export class Sema {
  constructor(n) { this.free = n; this.waiters = []; }
  acquire() {
    if (this.free > 0) { this.free--; return Promise.resolve(); }
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  release() { const w = this.waiters.shift(); if (w) w(); else this.free++; }
}
`;
const SEMA_DTS = `export declare class Sema { constructor(n: number); acquire(): Promise<void>; release(): void; }\n`;

const pool = (from: string) => `import { Sema } from '${from}';
export class Conn { closed = false; constructor(readonly id: number) {} }
interface Limiter { acquire(): Promise<void>; release(): void; }
/** A released connection stays idle until a 0 ms reaper closes it; a worker that takes one again
 *  at once reuses it, since an uncontended acquire does no I/O. */
export class KeepAlivePool {
  opened = 0;
  private readonly idle: Conn[] = [];
  private readonly limiter: Limiter;
  constructor(size: number) {
    const s = new Sema(size);
    this.limiter = { acquire: () => s.acquire(), release: () => s.release() };
  }
  async acquire(): Promise<Conn> {
    await this.limiter.acquire();
    const c = this.idle.pop() ?? new Conn(++this.opened);
    if (c.closed) throw new Error('closed connection ' + c.id);
    return c;
  }
  release(c: Conn): void {
    this.idle.push(c);
    this.limiter.release();
    setTimeout(() => this.reap(), 0);
  }
  private reap(): void {
    for (const c of this.idle.splice(0)) c.closed = true;
  }
}
export async function worker(pool: KeepAlivePool, rounds: number): Promise<void> {
  let c = await pool.acquire();
  for (let k = 0; k < rounds; k++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    pool.release(c);
    if (k < rounds - 1) c = await pool.acquire();
  }
}
`;
const TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeepAlivePool, worker } from '../src/pool.ts';
test('two workers keep their two connections alive', async () => {
  const p = new KeepAlivePool(2);
  await Promise.all([worker(p, 3), worker(p, 3)]);
  assert.equal(p.opened, 2);
});
`;

function project(library: boolean): string {
  return tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({
      include: ['src/**/*.ts'],
      unit: { command: 'node --test test/*.test.ts' },
      integration: { command: 'node --test test/*.test.ts' },
      timeoutMs: 30000,
    }),
    'src/pool.ts': pool(library ? 'fake-sema' : '../lib/sema.ts'),
    'test/pool.test.ts': TEST,
    ...(library
      ? { 'node_modules/fake-sema/package.json': '{ "name": "fake-sema", "type": "module", "main": "index.js", "types": "index.d.ts" }', 'node_modules/fake-sema/index.js': SEMA_JS, 'node_modules/fake-sema/index.d.ts': SEMA_DTS }
      : { 'lib/sema.ts': SEMA_JS.replace('constructor(n) {', 'free: number; waiters: (() => void)[];\n  constructor(n: number) {').replace('(resolve) =>', '(resolve: () => void) =>') }),
  });
}

test('a library\'s await is known statically, through an interface implemented by a wrapper; the project\'s own code outside include is not', () => {
  assert.deepEqual(libraryAwaits(loadConfig(project(true))), ['src/pool.ts:15:5']);
  assert.deepEqual(libraryAwaits(loadConfig(project(false))), []);
});

test('a library\'s promise that settles at once runs before a 0 ms timer in every schedule (FA1: no false alarm); the same code as a stand-in is delayed', async () => {
  const clean = await fuzz(loadConfig(project(true)), { strategy: 'combined', runs: 8, seed: 1, jobs: 2 });
  assert.equal(clean.violations, 0, JSON.stringify(clean.outcomes.filter((o) => o.outcome !== 'pass')));
  const control = await fuzz(loadConfig(project(false)), { strategy: 'combined', runs: 8, seed: 1, jobs: 2 });
  assert.ok(control.violations >= 1, 'the stand-in model delays the acquire past the reaper');
});
