import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unnamedFilesAdvice } from '../../src/core/pipeline/rank-steps.ts';

const failing = (file: string) => ({ name: 'two at once', file, line: 3 });

test('unit tests that failed in files the command does not name: the advice names the files and, under Mocha, its spec and --ignore', () => {
  const root = '/p';
  const mocha = ['/usr/bin/node', '/p/node_modules/mocha/bin/mocha.js', '--config', '/p/.conlens/run/mocharc-1.json', 'test/unit/a.test.ts', 'test/unit/b.test.ts'];
  const advice = unnamedFilesAdvice(root, mocha, [failing('test/integration/c.test.ts'), failing('test/integration/c.test.ts')]);
  assert.match(advice ?? '', /^The command does not name test\/integration\/c\.test\.ts: the runner's configuration or an import adds it \(Mocha adds its configuration's `spec`.*--ignore '<folder of the concurrent tests>\/\*\*'/);
  // node:test: the same finding, without Mocha's advice.
  const node = unnamedFilesAdvice(root, ['/usr/bin/node', '--test', '/p/test/unit/a.test.ts'], [failing('test/x.test.ts'), failing('test/y.test.ts')]);
  assert.equal(node, "The command does not name test/x.test.ts, test/y.test.ts: the runner's configuration or an import adds them");
});

test('no advice when the failing tests are in files the command names, or the command names no files', () => {
  assert.equal(unnamedFilesAdvice('/p', ['node', '--test', 'test/a.test.ts'], [failing('test/a.test.ts')]), undefined);
  assert.equal(unnamedFilesAdvice('/p', ['npx', 'vitest', 'run', 'test/unit'], [failing('test/integration/c.test.ts')]), undefined);
});
