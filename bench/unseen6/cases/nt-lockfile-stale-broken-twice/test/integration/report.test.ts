import assert from 'node:assert/strict';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Heartbeats, ReportJob, Scheduler, readState } from '../../src/report-job.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'c6b-report-int-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What a run that crashed while holding the lock leaves behind. */
async function staleLock() {
  const lockPath = join(dir, 'report.lock');
  await writeFile(lockPath, JSON.stringify({ owner: 'host-crashed', at: 0 }));
  const old = new Date(Date.now() - 60_000);
  await utimes(lockPath, old, old);
}

const orders = (region: string) => [{ region, cents: 1000 }];

describe('report runs on several hosts', () => {
  it('triggers of one scheduler at once run one after another', async () => {
    const scheduler = new Scheduler(new ReportJob(dir, 'host-a'));
    await Promise.all([scheduler.trigger(orders('eu')), scheduler.trigger(orders('us')), scheduler.trigger(orders('eu'))]);
    assert.deepEqual(await readState(dir), { runs: 3, lastRunBy: 'host-a', totals: { eu: 2000, us: 1000 } });
  });

  it('two hosts starting at once take turns', async () => {
    const heartbeats = new Heartbeats();
    const hosts = ['host-a', 'host-b'].map((h) => new Scheduler(new ReportJob(dir, h, heartbeats)));
    await Promise.all(hosts.map((s) => s.trigger(orders('eu'))));
    assert.equal((await readState(dir)).runs, 2);
  });

  it('after a crash, two hosts starting at once still take turns', async () => {
    await staleLock();
    const heartbeats = new Heartbeats();
    const jobs = ['host-a', 'host-b'].map((h) => new ReportJob(dir, h, heartbeats));
    const results = await Promise.allSettled(jobs.map((job) => new Scheduler(job).trigger(orders('us'))));
    assert.deepEqual(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)), []);
    assert.deepEqual(await readState(dir), { runs: 2, lastRunBy: (await readState(dir)).lastRunBy, totals: { us: 2000 } });
  });

  it('after a crash, one host recovers the lock and runs', async () => {
    await staleLock();
    const job = new ReportJob(dir, 'host-c');
    await new Scheduler(job).trigger(orders('apac'));
    assert.equal(job.locksBroken, 1);
    assert.equal((await readState(dir)).runs, 1);
  });
});
