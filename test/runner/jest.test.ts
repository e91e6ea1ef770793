// Which configured commands start Jest (and so run through dist/jest-run.cjs), and the source
// map composition the Jest transformer relies on for the user's lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wrapJest } from '../../src/core/runner/jest.ts';
import { composeMaps, decodeMappings, lookup } from '../../src/core/instrument/source-map.ts';

test('jest, npx jest, node_modules/.bin/jest and node …/jest.js are Jest, with their arguments kept', () => {
  for (const [argv, args] of [
    [['jest', 'test/unit'], ['test/unit']],
    [['npx', 'jest', '--runInBand', 'test'], ['--runInBand', 'test']],
    [['npx', '--yes', 'jest'], []],
    [['node_modules/.bin/jest', '-c', 'jest.config.cjs'], ['-c', 'jest.config.cjs']],
    [['node', 'node_modules/jest/bin/jest.js', 'x'], ['x']],
  ] as [string[], string[]][]) {
    const wrap = wrapJest(argv, '/nowhere');
    assert.equal(wrap?.runner, 'jest', argv.join(' '));
    assert.match(wrap.argv[1], /jest-run\.cjs$/);
    assert.deepEqual(wrap.argv.slice(2), args);
  }
  for (const argv of [['node', '--test', 'a.test.ts'], ['mocha'], ['npx', 'vitest'], ['node', 'jestlike.js']]) {
    assert.equal(wrapJest(argv, '/nowhere'), undefined, argv.join(' '));
  }
});

test('npm test / npm run <script> whose script is a plain jest command are Jest; anything else is left alone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-jest-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { test: 'jest --ci', unit: 'npx jest test/unit', both: 'tsc && jest', env: 'FOO=1 jest' } }));
    assert.deepEqual(wrapJest(['npm', 'test'], dir)?.argv.slice(2), ['--ci']);
    assert.deepEqual(wrapJest(['npm', 'run', 'unit', '--', '-i'], dir)?.argv.slice(2), ['test/unit', '-i']);
    assert.equal(wrapJest(['npm', 'run', 'both'], dir), undefined);
    // Variables the script sets go to the wrapper's environment (Jest's ESM mode is set this way).
    assert.deepEqual(wrapJest(['npm', 'run', 'env'], dir)?.env, { FOO: '1' });
    assert.equal(wrapJest(['npm', 'run', 'missing'], dir), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Jest's ESM mode: node options before jest.js and NODE_OPTIONS set by the script reach the wrapper", () => {
  const direct = wrapJest(['node', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '-i'], '/nowhere');
  assert.deepEqual(direct?.argv.slice(1, 2), ['--experimental-vm-modules']);
  assert.match(direct!.argv[2], /jest-run\.cjs$/);
  assert.deepEqual(direct!.argv.slice(3), ['-i']);
  const dir = mkdtempSync(join(tmpdir(), 'conlens-jest-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { test: 'NODE_OPTIONS=--experimental-vm-modules npx jest' } }));
    const viaScript = wrapJest(['npm', 'test'], dir);
    assert.deepEqual(viaScript?.env, { NODE_OPTIONS: '--experimental-vm-modules' });
    assert.match(viaScript!.argv[1], /jest-run\.cjs$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('composed source maps lead from the final code through the intermediate one to the original lines', () => {
  // inner: intermediate line 0 col 0 ← original line 5 col 2; line 1 col 4 ← original line 9 col 0
  const inner = { version: 3, sources: ['a.ts'], mappings: 'AAKE;IAIF' };
  // outer: final line 0 ← intermediate line 1 col 4; final line 2 ← intermediate line 0 col 0
  const outer = { version: 3, sources: ['a.js'], mappings: 'AACI;;AADJ' };
  const composed = decodeMappings(composeMaps(outer, inner).mappings);
  assert.deepEqual(lookup(composed, 0, 0)?.slice(2), [9, 0]);
  assert.deepEqual(lookup(composed, 2, 7)?.slice(2), [5, 2]);
  assert.equal(lookup(composed, 1, 0), undefined);
});

// Jest 27 calls createTransformer synchronously and reads `process` off its result at once (found
// on vercel/async-sema's own suite); Jest 28+ awaits it. Ours is synchronous whenever the user's is.
test('the transformer wrapper is created synchronously around a synchronous transformer, asynchronously around an async one', async () => {
  const { createTransformer } = await import('../../src/core/runner/jest-transform.ts');
  const dir = mkdtempSync(join(tmpdir(), 'conlens-jest-transformer-'));
  try {
    const sync = join(dir, 'sync.cjs');
    writeFileSync(sync, "module.exports = { createTransformer: () => ({ process: (src) => ({ code: src.toUpperCase() }) }) };");
    const made = createTransformer({ transformer: sync, options: {} });
    assert.ok(!(made instanceof Promise));
    const options = { configString: '{}', supportsStaticESM: false } as never;
    assert.deepEqual((made as { process(s: string, p: string, o: never): unknown }).process('abc', join(dir, 'x.js'), options), { code: 'ABC' });
    const later = join(dir, 'async.cjs');
    writeFileSync(later, "module.exports = { createTransformer: async () => ({ process: (src) => src }) };");
    const pending = createTransformer({ transformer: later, options: {} });
    assert.ok(pending instanceof Promise);
    assert.equal(typeof (await pending).process, 'function');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
