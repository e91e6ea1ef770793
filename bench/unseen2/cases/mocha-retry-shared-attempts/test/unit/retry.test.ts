import assert from 'node:assert/strict';
import { backoffDelay, isRetryable, Retrier, RetryError } from '../../src/retry.ts';
import { HttpError, InventorySync, WarehouseApi } from '../../src/inventory.ts';

describe('retry helper', () => {
  it('doubles the delay per attempt', () => {
    assert.deepEqual([1, 2, 3, 4].map((a) => backoffDelay(5, a)), [5, 10, 20, 40]);
  });

  it('retries server errors and throttling, not client errors', () => {
    assert.equal(isRetryable(new HttpError(503, 'x')), true);
    assert.equal(isRetryable(new HttpError(429, 'x')), true);
    assert.equal(isRetryable(new HttpError(404, 'x')), false);
    assert.equal(isRetryable(new Error('socket hang up')), true);
  });

  it('succeeds on the third attempt after two 503s', async () => {
    const api = new WarehouseApi({ tea: 12 });
    const sync = new InventorySync(api, new Retrier({ attempts: 3, baseDelayMs: 2 }));
    assert.equal(await sync.syncSku('tea'), 12);
    assert.equal(api.callsFor('tea'), 3);
  });

  it('gives up after the allowed attempts with the last error', async () => {
    const api = new WarehouseApi({ tea: 12 }, 5);
    const retrier = new Retrier({ attempts: 3, baseDelayMs: 1 });
    await assert.rejects(new InventorySync(api, retrier).syncSku('tea'), (err: unknown) => {
      assert.ok(err instanceof RetryError);
      assert.equal(err.attempts, 3);
      assert.match(String((err.lastError as Error).message), /503/);
      return true;
    });
    assert.equal(retrier.failures, 3);
  });

  it('does not retry an unknown SKU', async () => {
    const api = new WarehouseApi({});
    await assert.rejects(new InventorySync(api, new Retrier({ attempts: 3, baseDelayMs: 1 })).syncSku('nope'), /404/);
    assert.equal(api.callsFor('nope'), 1);
  });
});
