// Issue 31: under Mocha, the traced process records each test case (Mocha's Runner events), as
// started by an npm script or npx — through node_modules/.bin's link to mocha's bin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/cli.ts';

test('a mocha run through node_modules/.bin records each test case with its outcome', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-mocha-tests-'));
  try {
    mkdirSync(join(dir, 'test'));
    mkdirSync(join(dir, 'run'));
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'test', 'a.test.cjs'), "const assert = require('node:assert');\ndescribe('suite', () => {\n  it('passes', async () => {});\n  it('fails', async () => { assert.equal(1, 2); });\n});\n");
    const settings = { runDir: join(dir, 'run'), fields: true, depth: 2, locks: [], include: ['src/**/*.ts'], root: dir };
    const run = spawnSync(join(dir, 'node_modules', '.bin', 'mocha'), ['test/a.test.cjs'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--import ${join(REPO, 'dist', 'register.mjs')}`, CONLENS_TRACE: JSON.stringify(settings) },
    });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    const lines = readdirSync(join(dir, 'run')).flatMap((f) => readFileSync(join(dir, 'run', f), 'utf8').split('\n').filter((l) => l.includes('"e":"test"')));
    const tests = lines.map((l) => JSON.parse(l) as { k: string; name: string; file: string; ok?: boolean });
    assert.deepEqual(tests.map((t) => `${t.k} ${t.name}${t.ok === undefined ? '' : ` ${t.ok}`}`), ['begin passes', 'end passes true', 'begin fails', 'end fails false']);
    assert.equal(tests[0].file, join(dir, 'test', 'a.test.cjs'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
