import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CommandSyntaxError, expandCommand, GlobMatchError, parseCommand } from '../../src/core/config/index.ts';
import { tempProject } from '../helpers/temp-project.ts';

test('a command string is split like a shell', () => {
  assert.deepEqual(parseCommand(`node --test "a b.test.ts" 'c d' e\\ f`), {
    env: {},
    words: [{ text: 'node' }, { text: '--test' }, { text: 'a b.test.ts' }, { text: 'c d' }, { text: 'e f' }],
  });
});

test('leading VAR=value words become environment, later ones stay arguments', () => {
  assert.deepEqual(parseCommand('NODE_ENV=test DEBUG=x mocha --grep=a=b'), {
    env: { NODE_ENV: 'test', DEBUG: 'x' },
    words: [{ text: 'mocha' }, { text: '--grep=a=b' }],
  });
});

test('$VAR is kept literally: no shell, no expansion from our environment', () => {
  assert.deepEqual(parseCommand('echo $HOME').words, [{ text: 'echo' }, { text: '$HOME' }]);
});

test('unquoted globs are marked for expansion, quoted ones are not', () => {
  assert.deepEqual(parseCommand(`node --test test/*.test.ts 'x*'`).words, [
    { text: 'node' },
    { text: '--test' },
    { glob: 'test/*.test.ts' },
    { text: 'x*' },
  ]);
});

test('argv arrays are taken literally', () => {
  assert.deepEqual(parseCommand(['node', 'a b', '*.ts']).words, [{ text: 'node' }, { text: 'a b' }, { text: '*.ts' }]);
});

test('operators, redirections and empty commands are refused', () => {
  for (const bad of ['a | b', 'a > out.txt', 'a; b', 'a || b', '', '   ']) {
    assert.throws(() => parseCommand(bad), CommandSyntaxError, bad);
  }
  assert.throws(() => parseCommand([]), CommandSyntaxError);
});

test('a trailing comment is ignored', () => {
  assert.deepEqual(parseCommand('node --test # run all').words, [{ text: 'node' }, { text: '--test' }]);
});

test('globs expand relative to the project folder, sorted', async () => {
  const root = tempProject({ 'test/b.test.ts': '', 'test/a.test.ts': '', 'test/sub/c.test.ts': '', 'test/x.ts': '' });
  assert.deepEqual(await expandCommand(parseCommand('node --test test/*.test.ts'), root), ['node', '--test', 'test/a.test.ts', 'test/b.test.ts']);
  assert.deepEqual(await expandCommand(parseCommand('node test/**/*.test.ts'), root), [
    'node',
    'test/a.test.ts',
    'test/b.test.ts',
    'test/sub/c.test.ts',
  ]);
});

test('a glob that matches nothing is an error naming the pattern and the key', async () => {
  const root = tempProject({ 'x.txt': '' });
  await assert.rejects(expandCommand(parseCommand('node --test test/*.test.ts'), root, 'unit.command'), (error: unknown) => {
    assert.ok(error instanceof GlobMatchError);
    assert.match(error.message, /^unit\.command: "test\/\*\.test\.ts" matches no files in /);
    return true;
  });
});
