import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { Category } from '../../src/category.ts';
import { FileAppender } from '../../src/file-appender.ts';
import { LogLog } from '../../src/helpers.ts';
import { SimpleLayout } from '../../src/layout.ts';
import { MemoryFile } from '../../src/memory-file.ts';

// 004 §V-A: integration testing — the unit scenario plus a second thread that calls close() to
// disturb doAppend(). Whatever the interleaving, logging must not throw, and every message must
// either be written completely (in order) or be refused as "append to closed appender".
const MESSAGES = ['m0', 'm1', 'm2', 'm3', 'm4'];

beforeEach(() => {
  LogLog.errors.length = 0;
});

// The closing thread starts after `turns` turns of its own (a deterministic stand-in for the
// paper's "in a random way"); the controlled scheduler may move it anywhere anyway.
for (const turns of [1, 5, 12, 18]) {
  test(`one thread logs ${MESSAGES.length} messages while another closes the appender (after ${turns} turns)`, async () => {
    const file = new MemoryFile('app.log');
    const appender = new FileAppender(new SimpleLayout(), file);
    appender.setName('A1');
    const cat = new Category('org.example');
    cat.addAppender(appender);

    const logger = async () => {
      for (const message of MESSAGES) await cat.info(message);
    };
    const closer = async () => {
      for (let i = 0; i < turns; i++) await Promise.resolve();
      await appender.close();
    };
    const [logged, closed] = await Promise.allSettled([logger(), closer()]);

    assert.equal(closed.status, 'fulfilled');
    assert.equal(logged.status, 'fulfilled', `logging threw: ${logged.status === 'rejected' ? logged.reason : ''}`);
    const refused = LogLog.errors.filter((e) => e.startsWith('Attempted to append to closed appender')).length;
    const written = MESSAGES.slice(0, MESSAGES.length - refused).map((m) => `INFO - ${m}`);
    assert.deepEqual(file.lines(), written, 'a message was lost or mangled');
  });
}
