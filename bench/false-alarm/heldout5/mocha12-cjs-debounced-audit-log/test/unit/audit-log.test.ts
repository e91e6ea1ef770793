import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditLog, LogClosed } from '../../src/audit-log';
import { Shutdown } from '../../src/shutdown';
import { pause } from '../helpers';

const lines = async (file: string) => (await readFile(file, 'utf8')).trim().split('\n');

describe('audit log, one step at a time', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'audit-unit-'));
  });

  it('writes a quiet entry after the wait', async () => {
    const log = new AuditLog(join(dir, 'a.log'), { waitMs: 10, maxWaitMs: 50, maxBatch: 100 });
    log.record('ada', 'login');
    await pause(30);
    await log.flush();
    assert.deepEqual(await lines(log.file), ['ada login']);
    assert.equal(log.batchesWritten, 1);
  });

  it('a full batch is written without waiting for the debounce', async () => {
    const log = new AuditLog(join(dir, 'b.log'), { waitMs: 10_000, maxWaitMs: 20_000, maxBatch: 3 });
    for (const action of ['a', 'b', 'c']) log.record('bob', action);
    await log.flush();
    assert.deepEqual(await lines(log.file), ['bob a', 'bob b', 'bob c']);
    await log.close();
  });

  it('close writes what is buffered and refuses new entries', async () => {
    const log = new AuditLog(join(dir, 'c.log'), { waitMs: 10_000, maxWaitMs: 20_000, maxBatch: 100 });
    log.record('cy', 'export');
    await log.close();
    assert.deepEqual(await lines(log.file), ['cy export']);
    assert.throws(() => log.record('cy', 'again'), LogClosed);
  });

  it('a failed batch is reported and the next one is written', async () => {
    const log = new AuditLog(join(dir, 'd.log'), { waitMs: 10_000, maxWaitMs: 20_000, maxBatch: 1 });
    log.failNext = true;
    log.record('dee', 'lost');
    await log.flush();
    log.record('dee', 'kept');
    await log.close();
    assert.equal(log.errors.length, 1);
    assert.deepEqual(await lines(log.file), ['dee kept']);
  });

  it('shutdown closes the last registered first', async () => {
    const shutdown = new Shutdown();
    const order: string[] = [];
    shutdown.register('db', async () => void order.push('db'));
    shutdown.register('http', async () => void order.push('http'));
    assert.deepEqual(await shutdown.run(), ['http', 'db']);
    assert.deepEqual(order, ['http', 'db']);
  });
});
