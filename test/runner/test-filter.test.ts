// `--test <pattern>` (issue 31): the integration command narrowed with the runner's own filter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { avaMatch, TestFilterError, withTestFilter } from '../../src/core/runner/test-filter.ts';

test('each runner gets its own filter: node before the files, jest and vitest -t, mocha --grep', () => {
  const cwd = tmpdir();
  assert.equal(withTestFilter('node --test test/*.test.ts', 'two sales', cwd, 'x'), "node '--test-name-pattern=two sales' --test test/*.test.ts");
  assert.equal(withTestFilter('FOO=1 node --test a.ts', 'x', cwd, 'x'), 'FOO=1 node --test-name-pattern=x --test a.ts');
  assert.deepEqual(withTestFilter(['node', '--test', 'a.ts'], 'x', cwd, 'x'), ['node', '--test-name-pattern=x', '--test', 'a.ts']);
  assert.equal(withTestFilter('npx jest test/integration', 'sells', cwd, 'x'), 'npx jest test/integration -t sells');
  assert.equal(withTestFilter('vitest run', 'a|b', cwd, 'x'), "vitest run -t 'a|b'");
  assert.equal(withTestFilter('mocha test/*.js', 'sells', cwd, 'x'), 'mocha test/*.js --grep sells');
  assert.equal(withTestFilter('npx tap test/int', 'two (sales|buys)', cwd, 'x'), "npx tap test/int '--grep=two (sales|buys)'");
  // ava's --match is a title with * wildcards: a plain title part is matched anywhere, a regular expression refused.
  assert.equal(withTestFilter('npx ava test/int/*.test.ts', 'two customers', cwd, 'x'), "npx ava test/int/*.test.ts --match '*two customers*'");
  assert.throws(() => withTestFilter('npx ava', 'two (a|b)', cwd, 'the integration command (npx ava)'), (error: Error) => error instanceof TestFilterError && /the integration command \(npx ava\) runs ava, whose --match takes titles with \* wildcards, not regular expressions/.test(error.message));
  // The Test Explorer's patterns (an escaped title; a template's parts joined by .*) become --match titles.
  assert.equal(withTestFilter('npx ava', 'pays 1\\.5 \\(twice\\)', cwd, 'x'), "npx ava --match '*pays 1.5 (twice)*'");
  assert.equal(withTestFilter('npx ava', 'run z=.*, y=.*', cwd, 'x'), "npx ava --match '*run z=*, y=**'");
});

test('avaMatch: an escaped title with .* gaps is an ava --match title; other regular expressions are not', () => {
  assert.equal(avaMatch('two customers'), 'two customers');
  assert.equal(avaMatch('a\\.b\\[c\\]'), 'a.b[c]');
  assert.equal(avaMatch('x.*y'), 'x*y');
  for (const refused of ['a|b', '^start', 'end$', '[ab]', 'a.b', 'a+', '!not', 'lit\\*', 'trailing\\']) assert.equal(avaMatch(refused), undefined, refused);
});

test('an npm script is narrowed in its own command; an unknown runner is refused, naming the command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-test-filter-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { 'test:int': 'node --test test/int/*.test.ts', other: 'uvu tests' } }));
    assert.equal(withTestFilter('npm run test:int', 'sells', dir, 'x'), 'node --test-name-pattern=sells --test test/int/*.test.ts');
    assert.throws(() => withTestFilter('npm run other', 'sells', dir, 'the integration command (npm run other)'), (error: Error) => error instanceof TestFilterError && /the integration command \(npm run other\) \(script "other": uvu tests\) does not start a runner/.test(error.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
