// `--test <pattern>` (issue 31): the integration command narrowed with the runner's own filter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestFilterError, withTestFilter } from '../../src/core/runner/test-filter.ts';

test('each runner gets its own filter: node before the files, jest and vitest -t, mocha --grep', () => {
  const cwd = tmpdir();
  assert.equal(withTestFilter('node --test test/*.test.ts', 'two sales', cwd, 'x'), "node '--test-name-pattern=two sales' --test test/*.test.ts");
  assert.equal(withTestFilter('FOO=1 node --test a.ts', 'x', cwd, 'x'), 'FOO=1 node --test-name-pattern=x --test a.ts');
  assert.deepEqual(withTestFilter(['node', '--test', 'a.ts'], 'x', cwd, 'x'), ['node', '--test-name-pattern=x', '--test', 'a.ts']);
  assert.equal(withTestFilter('npx jest test/integration', 'sells', cwd, 'x'), 'npx jest test/integration -t sells');
  assert.equal(withTestFilter('vitest run', 'a|b', cwd, 'x'), "vitest run -t 'a|b'");
  assert.equal(withTestFilter('mocha test/*.js', 'sells', cwd, 'x'), 'mocha test/*.js --grep sells');
});

test('an npm script is narrowed in its own command; an unknown runner is refused, naming the command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-test-filter-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { 'test:int': 'node --test test/int/*.test.ts', ava: 'ava' } }));
    assert.equal(withTestFilter('npm run test:int', 'sells', dir, 'x'), 'node --test-name-pattern=sells --test test/int/*.test.ts');
    assert.throws(() => withTestFilter('npm run ava', 'sells', dir, 'the integration command (npm run ava)'), (error: Error) => error instanceof TestFilterError && /the integration command \(npm run ava\) \(script "ava": ava\) does not start a runner/.test(error.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
