import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { conlens, REPO } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

test('rank on the 004 running example puts SA.func1 first (Table V), confirmed by a real violation', () => {
  const { status, stdout, stderr } = conlens(['rank', 'examples/running-example', '--runs', '6', '--jobs', '2', '--json', '-']);
  rmSync(join(REPO, 'examples', 'running-example', '.conlens'), { recursive: true, force: true });
  assert.equal(status, 1, stderr);
  const report = JSON.parse(stdout) as { positions: { rank: number; function: string; score: number; status: string; depth: number; order: number }[]; violations: { seed: number }[] };
  const first = report.positions[0];
  assert.equal(first.function, 'SA.func1');
  assert.equal(first.rank, 1);
  assert.equal(first.depth, 1);
  assert.equal(first.order, 1);
  assert.equal(first.score, 1);
  assert.equal(first.status, 'confirmed');
  assert.ok(report.violations.length >= 1);
  assert.match(stderr, /conlens: call graph…[\s\S]*conlens: localize…/);
  // npm start uses --exit-zero: findings are the expected outcome there.
  const zero = conlens(['rank', 'examples/running-example', '--runs', '2', '--jobs', '2', '--exit-zero']);
  rmSync(join(REPO, 'examples', 'running-example', '.conlens'), { recursive: true, force: true });
  assert.equal(zero.status, 0, zero.stderr);
  assert.match(zero.stdout, /^1 +SA\.func1 /m);
});

test('rank refuses failing unit tests: reference invariants need a passing suite', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node --test test/*.test.ts' }, integration: { command: 'node --test test/*.test.ts' } }),
    'src/a.ts': 'export const one = () => 1;',
    'test/a.test.ts': "import { test } from 'node:test'; import assert from 'node:assert'; import { one } from '../src/a.ts'; test('x', () => assert.equal(one(), 2));",
  });
  const { status, stderr } = conlens(['rank', root, '--runs', '1', '--exit-zero']);
  assert.equal(status, 2, 'errors exit 2 even with --exit-zero');
  assert.match(stderr, /the unit tests failed .*reference invariants need a passing sequential suite/);
});
