import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compute, FakeWorker } from '../../src/worker.ts';
import { AuditLog, JobRunner, waitForReply } from '../../src/job-runner.ts';

test('compute is deterministic', () => {
  assert.equal(compute([1, 2, 3]), compute([1, 2, 3]));
  assert.notEqual(compute([1, 2, 3]), compute([3, 2, 1]));
});

test('waitForReply ignores other ids', async () => {
  const worker = new FakeWorker(1);
  const second = waitForReply(worker, 2);
  worker.postMessage({ id: 1, payload: [1] });
  worker.postMessage({ id: 2, payload: [2] });
  assert.deepEqual(await second, { id: 2, result: compute([2]) });
});

test('run posts a task, records it and returns the result', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-runner-'));
  try {
    const audit = new AuditLog(join(dir, 'audit.log'));
    const runner = new JobRunner(new FakeWorker(200), audit);
    assert.equal(await runner.run([4, 5]), compute([4, 5]));
    assert.match(readFileSync(audit.path, 'utf8'), /posted task 1/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
