import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditLog, LogClosed } from '../../src/audit-log';
import { Shutdown } from '../../src/shutdown';
import { gate, jitter, pause, until } from '../helpers';

const lines = async (file: string) => (await readFile(file, 'utf8')).trim().split('\n');

describe('audit log under concurrent producers', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'audit-int-'));
  });

  it('four producers at random moments: every entry once, each producer in its order', async () => {
    const log = new AuditLog(join(dir, 'a.log'), { waitMs: 3, maxWaitMs: 8, maxBatch: 6 });
    await Promise.all(
      ['ada', 'bob', 'cy', 'dee'].map(async (who) => {
        for (let i = 0; i < 5; i++) {
          await jitter();
          log.record(who, `step-${i}`);
        }
      }),
    );
    await log.close();
    const written = await lines(log.file);
    assert.equal(written.length, 20);
    for (const who of ['ada', 'bob', 'cy', 'dee']) {
      assert.deepEqual(written.filter((l) => l.startsWith(who + ' ')), [0, 1, 2, 3, 4].map((i) => `${who} step-${i}`));
    }
    assert.equal(log.maxWriting, 1);
  });

  it('a burst of 25 in one turn makes five size-triggered batches, appended one at a time in order', async () => {
    const log = new AuditLog(join(dir, 'b.log'), { waitMs: 10_000, maxWaitMs: 20_000, maxBatch: 5 });
    for (let i = 0; i < 25; i++) log.record('bulk', String(i));
    assert.equal(log.flushes, 5);
    await log.close();
    assert.deepEqual(await lines(log.file), Array.from({ length: 25 }, (_, i) => `bulk ${i}`));
    assert.equal(log.batchesWritten, 5);
    assert.equal(log.maxWriting, 1);
  });

  it('nothing is written before the quiet period has passed (a lower bound only)', async () => {
    const log = new AuditLog(join(dir, 'c.log'), { waitMs: 25, maxWaitMs: 1000, maxBatch: 100 });
    const before = Date.now();
    await Promise.all(['x', 'y', 'z'].map(async (who) => log.record(who, 'ping')));
    await until(() => log.batchesWritten === 1);
    assert.ok(log.firstWriteAt! - before >= 25, `written after ${log.firstWriteAt! - before} ms`);
    assert.deepEqual((await lines(log.file)).sort(), ['x ping', 'y ping', 'z ping']);
    await log.close();
  });

  it('close during a held write waits for it, then writes the rest; later entries are refused', async () => {
    const log = new AuditLog(join(dir, 'd.log'), { waitMs: 10_000, maxWaitMs: 20_000, maxBatch: 2 });
    const g = gate();
    log.hold = g.wait;
    log.record('ada', '1');
    log.record('ada', '2');
    await until(() => log.writing === 1);
    log.record('bob', '3');
    const closing = log.close();
    assert.throws(() => log.record('cy', 'late'), LogClosed);
    const late = (async () => (await jitter(), log.record('cy', 'later')))();
    await assert.rejects(late, LogClosed);
    log.hold = undefined;
    g.open();
    await closing;
    assert.deepEqual(await lines(log.file), ['ada 1', 'ada 2', 'bob 3']);
    assert.equal(log.maxWriting, 1);
  });

  it('a failing batch among concurrent producers is reported; every other batch lands', async () => {
    const log = new AuditLog(join(dir, 'e.log'), { waitMs: 10_000, maxWaitMs: 20_000, maxBatch: 3 });
    const g = gate();
    log.hold = g.wait;
    log.failNext = true;
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7, 8].map(async (i) => (await jitter(), log.record('p', String(i)))));
    log.hold = undefined;
    g.open();
    await log.close();
    assert.equal(log.errors.length, 1);
    assert.equal(log.batchesWritten, 2);
    assert.equal((await lines(log.file)).length, 6);
  });

  it('shutdown asked three times at once closes each log once, flushing both files', async () => {
    const shutdown = new Shutdown();
    const a = new AuditLog(join(dir, 'f.log'), { waitMs: 10_000, maxWaitMs: 20_000, maxBatch: 100 });
    const b = new AuditLog(join(dir, 'g.log'), { waitMs: 10_000, maxWaitMs: 20_000, maxBatch: 100 });
    let closes = 0;
    shutdown.register('a', () => (closes++, a.close()));
    shutdown.register('b', () => (closes++, b.close()));
    await Promise.all(Array.from({ length: 6 }, async (_, i) => (await jitter(), (i % 2 ? a : b).record('u', String(i)))));
    const runs = await Promise.all([shutdown.run(), shutdown.run(), (async () => (await jitter(), shutdown.run()))()]);
    assert.deepEqual(runs[0], ['b', 'a']);
    assert.ok(runs[1] === runs[0] && runs[2] === runs[0]);
    assert.equal(closes, 2);
    assert.deepEqual((await lines(a.file)).sort(), ['u 1', 'u 3', 'u 5']);
    assert.deepEqual((await lines(b.file)).sort(), ['u 0', 'u 2', 'u 4']);
  });

  it('steady entries for longer than maxWait are flushed before the burst ends', async () => {
    const log = new AuditLog(join(dir, 'h.log'), { waitMs: 20, maxWaitMs: 30, maxBatch: 1000 });
    log.record('tick', '0');
    const first = Date.now();
    let last = first;
    for (let i = 1; last - first < 30 || i < 10; i++) {
      await pause(2);
      last = Date.now();
      log.record('tick', String(i));
    }
    assert.ok(log.flushes >= 1);
    await log.close();
    const written = await lines(log.file);
    assert.deepEqual(written, written.map((_, i) => `tick ${i}`));
  });
});
