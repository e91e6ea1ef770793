import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compute, FakeWorker } from '../../src/worker.ts';
import { AuditLog, JobRunner } from '../../src/job-runner.ts';

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no reply within ${ms} ms`)), ms)));
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

test('tasks submitted together to a fast worker all get their results', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-runner-'));
  try {
    const runner = new JobRunner(new FakeWorker(0), new AuditLog(join(dir, 'audit.log')));
    const payloads = [[1, 2], [3], [4, 5, 6]];
    const results = await within(Promise.all(payloads.map((p) => runner.run(p))), 3000);
    assert.deepEqual(results, payloads.map(compute));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
