import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { FileLock } from '../../src/file-lock.ts';
import { ReportJob, readState } from '../../src/report-job.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'c6b-report-unit-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('report job', () => {
  it('a run writes the report and releases the lock', async () => {
    const state = await new ReportJob(dir, 'host-a').run([{ region: 'eu', cents: 1200 }]);
    assert.deepEqual(state, { runs: 1, lastRunBy: 'host-a', totals: { eu: 1200 } });
    assert.equal(existsSync(join(dir, 'report.lock')), false);
    assert.equal(existsSync(join(dir, 'report.running')), false);
  });

  it('runs one after another add up', async () => {
    const job = new ReportJob(dir, 'host-a');
    await job.run([{ region: 'eu', cents: 100 }]);
    await new ReportJob(dir, 'host-b').run([{ region: 'eu', cents: 50 }, { region: 'us', cents: 70 }]);
    assert.deepEqual(await readState(dir), { runs: 2, lastRunBy: 'host-b', totals: { eu: 150, us: 70 } });
  });

  it('a lock left by a crashed run is broken', async () => {
    const lockPath = join(dir, 'report.lock');
    await writeFile(lockPath, JSON.stringify({ owner: 'crashed', at: 0 }));
    const old = new Date(Date.now() - 60_000);
    await utimes(lockPath, old, old);
    const job = new ReportJob(dir, 'host-a');
    assert.equal((await job.run([])).runs, 1);
    assert.equal(job.locksBroken, 1);
  });

  it('a fresh lock is waited for, not broken', async () => {
    const holder = new FileLock(join(dir, 'report.lock'), 'host-b');
    await holder.acquire();
    setTimeout(() => void holder.release(), 15);
    const job = new ReportJob(dir, 'host-a');
    assert.equal((await job.run([])).lastRunBy, 'host-a');
    assert.equal(job.locksBroken, 0);
  });

  it('only the holder may release a lock', async () => {
    const a = new FileLock(join(dir, 'x.lock'), 'host-a');
    await a.acquire();
    await assert.rejects(new FileLock(join(dir, 'x.lock'), 'host-b').release(), /does not hold/);
    await a.release();
  });
});
