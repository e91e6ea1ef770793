// Test cases named as the runner names them (issue 31): the full name (suite titles joined by the
// runner's own separator) from each runner's hook context, same-named tests told apart by their
// ordinal, and Jest's line from the stack it keeps of the `test()` call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isolationNone, jestTest, lineInStack, mochaTest, nodeTestName, recordTestCases, TestOrdinals, vitestTest, type CircusBlock, type TestCaseHooks } from '../../src/core/runtime/test-cases.ts';
import type { TestCaseEvent } from '../../src/core/runtime/trace-events.ts';

test('node:test: fullName (Node 20.16+, 22) is the name, split into its path; without it, the title', () => {
  assert.deepEqual(nodeTestName({ name: 'x', fullName: 'A > B > x' }), { name: 'A > B > x', path: ['A', 'B', 'x'] });
  assert.deepEqual(nodeTestName({ name: 'x', fullName: 'x' }), { name: 'x' });
  assert.deepEqual(nodeTestName({ name: 'x' }), { name: 'x' });
  // A title holding the separator: the name is still the runner's, the path is not guessed.
  assert.deepEqual(nodeTestName({ name: 'a > b', fullName: 'S > a > b' }), { name: 'S > a > b' });
});

test('node:test with its files in its own process: --test with Node 22\'s or 23\'s isolation none, in either spelling', () => {
  assert.equal(isolationNone(['--experimental-test-isolation=none', '--test']), true);
  assert.equal(isolationNone(['--test', '--test-isolation', 'none']), true);
  assert.equal(isolationNone(['--test', '--test-isolation=process']), false);
  assert.equal(isolationNone(['--test']), false);
  // A program a test starts inherits NODE_OPTIONS, never the runner's --test.
  assert.equal(isolationNone(['--experimental-test-isolation=none']), false);
});

test('Mocha: fullTitle() and titlePath(); a retry (a clone of the test) is marked', () => {
  const runnable = { title: 'x', file: '/p/a.js', state: 'failed', titlePath: () => ['A', 'B', 'x'], fullTitle: () => 'A B x', currentRetry: () => 1 };
  assert.deepEqual(mochaTest(runnable), { name: 'A B x', path: ['A', 'B', 'x'], file: '/p/a.js', retry: true, ok: false });
  assert.deepEqual(mochaTest({ title: 'x' }), { name: 'x', path: ['x'], file: '' });
});

test('Jest: describe titles joined by " › " (not the root block); the line from the stack of the test() call', () => {
  const root: CircusBlock = { name: 'ROOT_DESCRIBE_BLOCK' };
  const outer: CircusBlock = { name: 'Account', parent: root };
  const inner: CircusBlock = { name: 'withdraw', parent: outer };
  const stack = ['Error: ', '    at _addTest (/p/node_modules/jest-circus/build/index.js:10:5)', '    at test (/p/node_modules/jest-circus/build/index.js:20:5)', '    at Object.<anonymous> (/p/test/a.test.ts:14:3)', '    at Object.<anonymous> (/p/test/a.test.ts:9:1)'].join('\n');
  assert.deepEqual(jestTest({ name: 'two at once', parent: inner, asyncError: { stack } }, '/p/test/a.test.ts'), { name: 'Account › withdraw › two at once', path: ['Account', 'withdraw', 'two at once'], file: '/p/test/a.test.ts', line: 14 });
  assert.deepEqual(jestTest({ name: 'top', parent: root }, '/p/test/a.test.ts'), { name: 'top', path: ['top'], file: '/p/test/a.test.ts' });
  // ESM frames are file URLs; another file's frames are passed over.
  assert.equal(lineInStack('Error\n    at file:///p/test/b.test.ts:3:1\n    at file:///p/test/a.test.ts:7:5', '/p/test/a.test.ts'), 7);
  assert.equal(lineInStack('Error\n    at /p/test/a.test.tsx:7:5', '/p/test/a.test.ts'), 0);
  assert.equal(lineInStack(undefined, '/p/test/a.test.ts'), 0);
});

test('Vitest: suite titles joined by " > ", without the file\'s task or a nameless default suite; its location', () => {
  const file = { name: 'test/a.test.ts', filepath: '/p/test/a.test.ts' };
  const suite = { name: 'Account', suite: { name: '', suite: file } };
  const task = { name: 'two at once', suite, file, location: { line: 12 }, result: { state: 'fail' } };
  const named = vitestTest(task, undefined);
  assert.equal(named.id, task);
  assert.deepEqual({ ...named, id: undefined }, { name: 'Account > two at once', path: ['Account', 'two at once'], file: '/p/test/a.test.ts', id: undefined, line: 12, ok: false });
  assert.equal(vitestTest({ name: 'top', suite: file, file }, undefined).name, 'top');
});

test('ordinals: the n-th same-named test of a file is n; its retries and its end keep it; other files count apart', () => {
  const ordinals = new TestOrdinals();
  const first = { name: 'x', file: 'a' };
  assert.equal(ordinals.begin(first), 1);
  assert.equal(ordinals.end(first), 1);
  assert.equal(ordinals.begin({ name: 'x', file: 'a' }), 2);
  assert.equal(ordinals.begin({ name: 'x', file: 'a', retry: true }), 2);
  assert.equal(ordinals.end({ name: 'x', file: 'a' }), 2);
  assert.equal(ordinals.begin({ name: 'x', file: 'b' }), 1);
  // A runner object for the test (Jest, Vitest): the same object is the same test, however often it runs.
  const id = {};
  assert.equal(ordinals.begin({ name: 'y', file: 'a', id }), 1);
  assert.equal(ordinals.begin({ name: 'y', file: 'a', id }), 1);
  assert.equal(ordinals.begin({ name: 'y', file: 'a', id: {} }), 2);
  assert.equal(ordinals.end({ name: 'y', file: 'a', id }), 1);
});

test('recordTestCases writes begin (with path, line, ordinal) and end (with outcome) from the hooks', () => {
  const events: TestCaseEvent[] = [];
  const hooks: { before?: (ctx: number) => void; after?: (ctx: number) => void } = {};
  const runner: TestCaseHooks<number> = { beforeEach: (fn) => (hooks.before = fn), afterEach: (fn) => (hooks.after = fn) };
  recordTestCases({ testCase: (e) => events.push(e) }, runner, (n) => ({ name: 'A > x', path: ['A', 'x'], file: '/p/a.ts', ...(n === 2 ? { line: 9 } : {}), ok: n !== 2 }));
  for (const n of [1, 2]) {
    hooks.before!(n);
    hooks.after!(n);
  }
  assert.deepEqual(events, [
    { e: 'test', k: 'begin', name: 'A > x', file: '/p/a.ts', path: ['A', 'x'] },
    { e: 'test', k: 'end', name: 'A > x', file: '/p/a.ts', ok: true },
    { e: 'test', k: 'begin', name: 'A > x', file: '/p/a.ts', path: ['A', 'x'], line: 9, n: 2 },
    { e: 'test', k: 'end', name: 'A > x', file: '/p/a.ts', n: 2, ok: false },
  ]);
});
