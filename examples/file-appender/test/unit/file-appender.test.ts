import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { Category } from '../../src/category.ts';
import { FileAppender } from '../../src/file-appender.ts';
import { LogLog } from '../../src/helpers.ts';
import { SimpleLayout } from '../../src/layout.ts';
import { Priority } from '../../src/logging-event.ts';
import { MemoryFile } from '../../src/memory-file.ts';

// 004 §V-A: unit testing of the FileAppender component alone — log events through doAppend()
// (here via a Category, as an application would), then close() it. One task, no concurrency.
function setup(fileName = 'app.log', file = new MemoryFile(fileName), append = true) {
  const appender = new FileAppender(new SimpleLayout(), file, append);
  appender.setName('A1');
  const cat = new Category('org.example');
  cat.addAppender(appender);
  return { file, appender, cat };
}

beforeEach(() => {
  LogLog.errors.length = 0;
});

test('every logged message reaches the file at once (immediate flush)', async () => {
  const { file, cat, appender } = setup();
  for (let i = 0; i < 10; i++) {
    await cat.info(`message ${i}`);
    assert.equal(file.lines().length, i + 1);
    assert.equal(file.lines()[i], `INFO - message ${i}`);
  }
  await appender.close();
  assert.equal(file.lines().length, 10);
  assert.deepEqual(LogLog.errors, []);
});

test('doAppend after close() is refused and reported', async () => {
  const { file, cat, appender } = setup();
  await cat.info('before close');
  await appender.close();
  await cat.info('after close');
  await cat.warn('after close too');
  assert.deepEqual(file.lines(), ['INFO - before close']);
  assert.deepEqual(LogLog.errors, [
    'Attempted to append to closed appender named [A1].',
    'Attempted to append to closed appender named [A1].',
  ]);
});

test('the threshold drops events below it', async () => {
  const { file, cat, appender } = setup();
  appender.setThreshold(Priority.WARN);
  await cat.debug('d');
  await cat.info('i');
  await cat.warn('w');
  await cat.error('e');
  appender.setThreshold(null);
  await cat.debug('d2');
  assert.deepEqual(file.lines(), ['WARN - w', 'ERROR - e', 'DEBUG - d2']);
  await appender.close();
});

test('an event with a throwable gets its stack trace printed after it', async () => {
  const { file, cat, appender } = setup();
  const failure = new Error('disk on fire');
  failure.stack = 'Error: disk on fire\n    at somewhere';
  await cat.error('write failed', failure);
  await cat.info('recovered');
  assert.deepEqual(file.lines(), ['ERROR - write failed', 'Error: disk on fire', '    at somewhere', 'INFO - recovered']);
  await appender.close();
});

test('without immediate flush the lines reach the file on close()', async () => {
  const { file, cat, appender } = setup();
  appender.setImmediateFlush(false);
  for (let i = 0; i < 5; i++) await cat.info(`buffered ${i}`);
  assert.equal(file.text, '');
  await appender.close();
  assert.equal(file.lines().length, 5);
});

test('append mode keeps the old file, truncate mode empties it', async () => {
  const file = new MemoryFile('app.log');
  const first = setup('app.log', file, true);
  await first.cat.info('first run');
  await first.appender.close();
  const second = setup('app.log', file, true);
  await second.cat.info('second run');
  await second.appender.close();
  assert.deepEqual(file.lines(), ['INFO - first run', 'INFO - second run']);
  const third = setup('app.log', file, false);
  await third.cat.info('third run');
  await third.appender.close();
  assert.deepEqual(file.lines(), ['INFO - third run']);
});

test('two categories share one appender, one after the other', async () => {
  const { file, cat, appender } = setup();
  const other = new Category('org.example.other');
  other.addAppender(appender);
  other.addAppender(appender);
  for (let i = 0; i < 4; i++) {
    await cat.info(`a${i}`);
    await other.warn(`b${i}`);
  }
  await appender.close();
  assert.equal(file.lines().length, 8);
  assert.equal(file.lines()[7], 'WARN - b3');
});

test('close() twice is harmless', async () => {
  const { file, cat, appender } = setup();
  await cat.info('only');
  await appender.close();
  await appender.close();
  assert.deepEqual(file.lines(), ['INFO - only']);
  assert.deepEqual(LogLog.errors, []);
});
