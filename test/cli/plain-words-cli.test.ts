// Issue 31: fuzz speaks plainly by default; the papers' terms (the detection rate, 001's and
// ATOMFUZZER's codes) come with --explain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conlensBatch } from '../helpers/cli.ts';
import { counterProject } from '../helpers/counter-project.ts';

test('fuzz: "N of M run(s) failed" by default, the detection rate with --explain', () => {
  const root = counterProject("import assert from 'node:assert/strict';\ntest('two at once', async () => { const c = new Counter(); await Promise.all([c.inc(1), c.inc(2)]); assert.equal(c.n, 3); });\n");
  const [plain, explained] = conlensBatch([['fuzz', root, '--runs', '3'], ['fuzz', root, '--runs', '3', '--explain']]);
  assert.equal(plain.status, explained.status, plain.stderr);
  assert.match(plain.stdout, /^[0-3] of 3 run\(s\) failed/m);
  assert.doesNotMatch(plain.stdout, /detection rate|001 Table 1/);
  assert.match(explained.stdout, /^detection rate: [0-3]\/3 \(\d+%\)/m);
});
