import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { discoverTests, scanTestFile } from '../../src/core/runner/test-discovery.ts';
import { tempProject } from '../helpers/temp-project.ts';

test('scanTestFile: test/it/describe/suite calls, nested, with .only/.skip/.each forms and lines', () => {
  const found = scanTestFile(
    [
      "import { describe, it, test } from 'vitest';",
      "describe('account', () => {",
      "  it('deposits', async () => {});",
      "  it.skip('withdraws', () => {});",
      "  describe.each([1, 2])('with %i', (n) => { test.concurrent('runs', () => {}); });",
      '});',
      "test('top', async (t) => { await t.test('sub', () => {}); });",
      'test(name, () => {});',
      "helper('not a test', () => {});",
    ].join('\n'),
    'account.test.ts',
  );
  assert.deepEqual(
    found.map((t) => [t.kind, t.name, t.line, (t.children ?? []).map((c) => [c.kind, c.name, c.line, (c.children ?? []).map((g) => g.name)])]),
    [
      ['suite', 'account', 2, [['test', 'deposits', 3, []], ['test', 'withdraws', 4, []], ['suite', 'with %i', 5, ['runs']]]],
      ['test', 'top', 7, [['test', 'sub', 7, []]]],
    ],
  );
});

test('scanTestFile: a template name keeps its ${…} parts and its pattern matches every name it makes', () => {
  const [t] = scanTestFile('for (const z of [1, 22]) test(`transfer (z=${z}) [x]`, () => {});', 'a.test.js');
  assert.equal(t.name, 'transfer (z=${z}) [x]');
  const re = new RegExp(t.pattern);
  assert.ok(re.test('transfer (z=1) [x]'));
  assert.ok(re.test('transfer (z=22) [x]'));
  assert.ok(!re.test('transfer z=1'));
  // A literal name is escaped: its parentheses are not a group.
  const [lit] = scanTestFile("test('a (b) + c', () => {});", 'b.test.ts');
  assert.ok(new RegExp(lit.pattern).test('a (b) + c'));
  assert.ok(!new RegExp(lit.pattern).test('a b  c'));
});

test('discoverTests: the files the integration command names (globs expanded, folders scanned), not the unit tests', async () => {
  const root = tempProject({
    'conlens.config.json': JSON.stringify({ unit: { command: 'node --test test/unit/*.test.ts' }, integration: { command: 'node --test test/integration/*.test.ts test/more' } }),
    'test/unit/u.test.ts': "import { test } from 'node:test'; test('unit one', () => {});",
    'test/integration/a.test.ts': "import { test } from 'node:test'; test('a races', async () => {});",
    'test/integration/empty.test.ts': '// no tests here',
    'test/more/b.spec.ts': "import { it } from 'node:test'; it('b races', async () => {});",
  });
  const found = await discoverTests(loadConfig(root));
  assert.equal(found.runner, 'node');
  assert.equal(found.method, 'static scan');
  assert.deepEqual(found.files.map((f) => [f.file, f.tests.map((t) => t.name)]), [
    ['test/integration/a.test.ts', ['a races']],
    ['test/more/b.spec.ts', ['b races']],
  ]);
});

test('discoverTests: a command that names no file (vitest run, through npm test) lists the *.test.* files', async () => {
  const root = tempProject({
    'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }),
    'conlens.config.json': JSON.stringify({ integration: { command: 'npm test' } }),
    'src/x.test.ts': "import { test } from 'vitest'; test('x races', async () => {});",
    'node_modules/dep/y.test.ts': "test('not ours', () => {});",
  });
  const found = await discoverTests(loadConfig(root));
  assert.equal(found.runner, 'vitest');
  assert.deepEqual(found.files.map((f) => f.file), ['src/x.test.ts']);
});

test('discoverTests on examples/running-example: its one looped integration test', async () => {
  const found = await discoverTests(loadConfig(join(__dirname, '..', '..', 'examples', 'running-example')));
  assert.deepEqual(found.files.map((f) => f.file), ['test/integration/sa.test.ts']);
  const [t] = found.files[0].tests;
  assert.ok(new RegExp(t.pattern).test('Thread 1 and Thread 2 run together (z=3, y=0.41)'));
});
