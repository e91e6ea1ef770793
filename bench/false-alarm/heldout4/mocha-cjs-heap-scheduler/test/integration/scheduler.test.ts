import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JobQueue } from '../../src/job-queue';
import { Journal } from '../../src/journal';
import { DeadlineExceeded, watch } from '../../src/watchdog';
import { gate, jitter, removeDir, tempDir } from '../helpers';

describe('one consumer drains the heap', () => {
  it('a burst of eight jobs in one turn: one consumer, the first job at once, the rest by priority', async () => {
    const q = new JobQueue();
    const priorities = [5, 3, 9, 1, 3, 7, 1, 2];
    const names = priorities.map((p, i) => `job${i}:p${p}`);
    const results = await Promise.all(names.map((n, i) => q.submit(n, priorities[i], async () => (await jitter(), n))));
    assert.deepEqual(results, names);
    assert.equal(q.consumers, 1);
    assert.equal(q.maxActive, 1);
    const rest = names.slice(1).map((n, i) => ({ n, p: priorities[i + 1], seq: i + 1 }));
    rest.sort((a, b) => a.p - b.p || a.seq - b.seq);
    assert.deepEqual(q.started, [names[0], ...rest.map((r) => r.n)]);
  });

  it('producers submitting at random moments: every job runs once, never two at a time', async () => {
    const q = new JobQueue();
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await jitter();
        return q.submit(`j${i}`, i % 4, async () => (await jitter(), i * i));
      }),
    );
    assert.deepEqual(results, Array.from({ length: 12 }, (_, i) => i * i));
    assert.equal(q.maxActive, 1);
    assert.deepEqual([...q.started].sort(), Array.from({ length: 12 }, (_, i) => `j${i}`).sort());
  });

  it('done listeners (process.nextTick) have heard of a job before a timer its caller sets afterwards', async () => {
    const q = new JobQueue();
    const heard = new Set<string>();
    q.on('done', (name: string) => heard.add(name));
    const seen = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map(async (name) => {
        await q.submit(name, 1, async () => (await jitter(), name));
        await new Promise<void>((r) => setTimeout(r, 0));
        return heard.has(name);
      }),
    );
    assert.deepEqual(seen, [true, true, true, true, true]);
  });

  it('failures among concurrent jobs reject only their callers', async () => {
    const q = new JobQueue();
    const settled = await Promise.allSettled(
      [1, 2, 3, 4, 5, 6].map((i) => q.submit(`k${i}`, i % 2, async () => {
        await jitter();
        if (i % 3 === 0) throw new Error(`k${i} failed`);
        return i;
      })),
    );
    assert.deepEqual(settled.map((s) => s.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected']);
  });
});

describe('watchdog timers set in one turn', () => {
  it('three stuck jobs: each is reported slow before its deadline, and the deadline is not early', async () => {
    const g = gate();
    const logs: string[][] = [[], [], []];
    const started = Date.now();
    const settled = await Promise.allSettled(logs.map((log) => watch(g.wait, undefined, log)));
    assert.ok(Date.now() - started >= 100);
    for (const s of settled) assert.ok(s.status === 'rejected' && s.reason instanceof DeadlineExceeded);
    for (const log of logs) assert.deepEqual(log, ['slow', 'deadline']);
    g.open();
  });

  it('a job released after its warning finishes normally, reported slow once', async () => {
    const g = gate();
    const log: string[] = [];
    const result = watch(g.wait.then(() => 'late'), { warnMs: 13, deadlineMs: 30_000, onSlow: () => g.open() }, log);
    assert.equal(await result, 'late');
    assert.deepEqual(log, ['slow']);
  });
});

describe('journal commits before it reports', () => {
  it('six appends from random moments: each entry committed before its report, all lines in the file', async () => {
    const dir = await tempDir();
    try {
      const j = new Journal(join(dir, 'journal.log'));
      const entries = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'];
      await Promise.all(entries.map(async (e) => (await jitter(), j.append(e))));
      for (const e of entries) {
        assert.ok(j.events.indexOf(`commit ${e}`) < j.events.indexOf(`report ${e}: committed`));
        assert.ok(j.events.includes(`report ${e}: committed`));
      }
      assert.ok(!j.events.some((ev) => ev.includes('MISSING')));
      const lines = (await readFile(j.file, 'utf8')).trim().split('\n');
      assert.deepEqual([...lines].sort(), entries);
    } finally {
      await removeDir(dir);
    }
  });
});
