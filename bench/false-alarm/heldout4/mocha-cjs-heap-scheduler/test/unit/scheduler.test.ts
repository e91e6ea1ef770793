import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JobQueue } from '../../src/job-queue';
import { Journal } from '../../src/journal';
import { watch } from '../../src/watchdog';
import { jitter, removeDir, tempDir } from '../helpers';

describe('scheduler, one job at a time', () => {
  it('runs a job, returns its value and announces it', async () => {
    const q = new JobQueue();
    const heard: string[] = [];
    q.on('done', (name: string) => heard.push(name));
    assert.equal(await q.submit('resize', 1, async () => (await jitter(), 42)), 42);
    await new Promise<void>((r) => setImmediate(r));
    assert.deepEqual(heard, ['resize']);
    assert.equal(q.size, 0);
  });

  it('jobs awaited one after another run in that order, each with its own consumer run', async () => {
    const q = new JobQueue();
    for (const name of ['a', 'b', 'c']) await q.submit(name, 5, async () => name);
    assert.deepEqual(q.started, ['a', 'b', 'c']);
    assert.equal(q.consumers, 3);
  });

  it('a failing job rejects its caller and the next job still runs', async () => {
    const q = new JobQueue();
    await assert.rejects(q.submit('bad', 1, async () => { throw new Error('corrupt image'); }), /corrupt image/);
    assert.equal(await q.submit('good', 1, async () => 'ok'), 'ok');
  });

  it('work that is already done is never reported slow', async () => {
    const log: string[] = [];
    assert.equal(await watch(Promise.resolve('fast'), undefined, log), 'fast');
    await new Promise<void>((r) => setTimeout(r, 20));
    assert.deepEqual(log, []);
  });

  it('a journal append writes the line, commits it, then reports it', async () => {
    const dir = await tempDir();
    try {
      const j = new Journal(join(dir, 'journal.log'));
      await j.append('one');
      await j.append('two');
      assert.equal(await readFile(j.file, 'utf8'), 'one\ntwo\n');
      assert.deepEqual(j.events, ['commit one', 'report one: committed', 'commit two', 'report two: committed']);
    } finally {
      await removeDir(dir);
    }
  });
});
