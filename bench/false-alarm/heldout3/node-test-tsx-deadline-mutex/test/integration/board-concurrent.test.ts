import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, access } from 'node:fs/promises';
import { EventEmitter, once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobBoard } from '../../src/job-board.ts';
import { Mutex } from '../../src/mutex.ts';
import { deadlineIn, RateWindow, waitUntil } from '../../src/timing.ts';

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const jitter = () => pause(Math.floor(Math.random() * 4));

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'board-int-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a job board under one promise-chain mutex', () => {
  let board: JobBoard;
  let n = 0;
  beforeEach(async () => {
    board = new JobBoard(join(dir, `jobs-${++n}.json`));
    await board.reset(['a', 'b', 'c', 'd', 'e', 'f']);
  });
  afterEach(() => {
    assert.equal(board.mutex.inside, 0);
    assert.equal(board.mutex.waiting, 0);
  });

  test('eight workers claim at once: six get distinct jobs, two get none', async () => {
    const claims = await Promise.all(Array.from({ length: 8 }, async (_, i) => {
      await jitter();
      return board.claim(`w${i}`);
    }));
    const got = claims.filter((c) => c !== null);
    assert.equal(got.length, 6);
    assert.deepEqual(got.map((c) => c!.id).sort(), [1, 2, 3, 4, 5, 6]);
    assert.deepEqual((await board.jobs()).map((j) => j.claimedBy).sort(), got.map((c) => c!.claimedBy).sort());
    assert.equal(board.mutex.maxInside, 1);
  });

  test('callers in one turn are served in call order', async () => {
    const ids = await Promise.all(['g', 'h', 'i', 'j'].map((t) => board.add(t)));
    assert.deepEqual(ids, [7, 8, 9, 10]);
    assert.deepEqual(board.log, ['add g', 'add h', 'add i', 'add j']);
  });

  test('claims, completions and additions interleaved: no update lost', async () => {
    const workers = ['x', 'y', 'z'].map(async (w) => {
      for (;;) {
        await jitter();
        const job = await board.claim(w);
        if (!job) return;
        await board.complete(job.id, w);
      }
    });
    const adders = [1, 2].map(async (k) => {
      await jitter();
      await board.add(`extra-${k}`);
    });
    await Promise.all([...adders, ...workers]);
    const jobs = await board.jobs();
    assert.ok(jobs.length === 8);
    assert.equal(new Set(jobs.map((j) => j.id)).size, 8);
    const claimed = jobs.filter((j) => j.claimedBy !== null);
    assert.ok(claimed.every((j) => j.done));
    assert.ok(claimed.length >= 6);
  });

  test('a failing change does not block the ones queued behind it', async () => {
    const results = await Promise.allSettled([
      board.claim('p'),
      board.complete(5, 'nobody'),
      board.add('after-failure'),
    ]);
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
    assert.equal((await board.jobs()).length, 7);
  });
});

describe('a mutex shared by timers and events', () => {
  test('never two inside, with sections of random length started from timers', async () => {
    const m = new Mutex();
    let counter = 0;
    await Promise.all(Array.from({ length: 10 }, async () => {
      await jitter();
      await m.run(async () => {
        const seen = counter;
        await jitter();
        counter = seen + 1;
      });
    }));
    assert.equal(counter, 10);
    assert.equal(m.maxInside, 1);
  });

  test('an event handler waits its turn behind a running section', async () => {
    const m = new Mutex();
    const bus = new EventEmitter();
    const order: string[] = [];
    bus.on('ping', () => void m.run(() => { order.push('handler'); bus.emit('handled'); }));
    const handled = once(bus, 'handled');
    await m.run(async () => {
      order.push('section start');
      bus.emit('ping');
      await pause(3);
      order.push('section end');
    });
    await handled;
    assert.deepEqual(order, ['section start', 'section end', 'handler']);
  });
});

describe('time: a rate window and a deadline loop', () => {
  test('seven callers of a 3-per-60ms window: any four grants span at least the window', async () => {
    const w = new RateWindow(3, 60);
    await Promise.all(Array.from({ length: 7 }, async () => {
      await jitter();
      return w.acquire();
    }));
    const g = w.granted.slice().sort((a, b) => a - b);
    assert.equal(g.length, 7);
    for (let i = 0; i + 3 < g.length; i++) assert.ok(g[i + 3] - g[i] >= 60, `grants ${i} and ${i + 3}: ${g[i + 3] - g[i]} ms apart`);
    assert.ok(g[6] - g[0] >= 120);
  });

  test('the deadline loop sees a file another task writes', async () => {
    const file = join(dir, 'ready.flag');
    const writer = (async () => {
      await pause(15);
      await writeFile(file, 'ok');
    })();
    const exists = () => access(file).then(() => true, () => false);
    const ok = await waitUntil(exists, deadlineIn(10_000), 2);
    await writer;
    assert.equal(ok, true);
  });

  test('a condition that never holds: the loop gives up, not before its deadline', async () => {
    const started = Date.now();
    let checks = 0;
    const ok = await waitUntil(() => (checks++, false), deadlineIn(40), 5);
    assert.equal(ok, false);
    assert.ok(Date.now() - started >= 40);
    assert.ok(checks >= 2);
  });
});
