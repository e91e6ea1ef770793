// Issue 31's version matrix, beside runner-matrix.test.ts (the repo's own runners) and
// jest-versions.test.ts: the same small bug — examples/account's check-then-act — under each
// Vitest and Mocha major traced runs support (runner/runner-support.ts), each installed from the
// npm registry once into .conlens/cache/runner-versions/ (reused while its package list is the
// same). Under each: `conlens trace` records node:test's program points, `conlens rank` puts
// checkThenWithdraw first, and the fixed variant is clean.
// Other loaders (runner/ts-loaders.ts): examples/json-lost-update, whose file accesses are found
// from the stack, run with `--import tsx/esm`, `--loader ts-node/esm` and
// `--import @swc-node/register/esm-register`: every site of the unit run (file, line, column) is plain node:test's,
// and rank puts SettingsStore.update first under tsx; the same under tsx with tsconfig `paths`
// aliases, and under Mocha 11 with @swc-node/register named only in .mocharc.json. Without the registry the tests are skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlens, REPO } from '../helpers/cli.ts';
import { exampleCopy } from '../helpers/example-copy.ts';
import { assertClean, assertRankOne } from '../helpers/rank.ts';
import { exampleDependencies, installFromRegistry, REGISTRY_CACHE } from '../helpers/registry-install.ts';
import { tracePoints, unitSites } from '../helpers/runner-fixtures.ts';
import { removeProject, runnerProject } from '../helpers/runner-projects.ts';
import { edgeMajorsOnly } from '../helpers/sweep.ts';

const CACHE = join(REGISTRY_CACHE, 'runner-versions');
const EXAMPLE = 'account';
const VERSIONS: { runner: 'vitest' | 'mocha'; major: number }[] = [
  ...[1, 2, 3, 4].map((major) => ({ runner: 'vitest' as const, major })),
  ...[9, 10, 11, 12].map((major) => ({ runner: 'mocha' as const, major })),
];
/** A middle major is traced in CI's slow tier; its rank and fixed/ run in the full sweep. */
const middle = (runner: string, major: number, what: string) => edgeMajorsOnly(major, VERSIONS.filter((v) => v.runner === runner).map((v) => v.major), what);
const label = (runner: string, major: number) => `${runner === 'vitest' ? 'Vitest' : 'Mocha'} ${major}`;
const faultOf = (example: string) => (JSON.parse(readFileSync(join(REPO, 'examples', example, 'expected.json'), 'utf8')) as { fault: string }).fault;

test(`${EXAMPLE} under Vitest 1–4 and Mocha 9–12 (each from the registry): node:test's program points, ${faultOf(EXAMPLE)} rank 1, fixed/ clean`, { concurrency: 2 }, async (t) => {
  const fault = faultOf(EXAMPLE);
  const reference = exampleCopy(EXAMPLE);
  let nodePoints: string[];
  try {
    nodePoints = tracePoints(reference);
  } finally {
    rmSync(reference, { recursive: true, force: true });
  }
  assert.ok(nodePoints.length > 0, 'no program point under node:test');
  // Installed one after another (npm's cache is shared), then traced and ranked two at a time.
  const installed = VERSIONS.map(({ runner, major }) => ({
    runner, major,
    install: installFromRegistry(join(CACHE, `${runner}${major}`), [`${runner}@${major}`, ...exampleDependencies(EXAMPLE)], runner),
  }));
  await Promise.all(installed.flatMap(({ runner, major, install }) => {
    const skip = typeof install === 'string' ? install : false;
    const other = typeof install === 'string' ? undefined : { nodeModules: install.nodeModules, major };
    const what = label(runner, major);
    return [
      t.test(`${what}: the trace has node:test's program points`, { skip }, () => {
        const dir = runnerProject(EXAMPLE, runner, false, other);
        try {
          assert.deepEqual(tracePoints(dir), nodePoints, what);
        } finally {
          removeProject(dir);
        }
      }),
      t.test(`${what}: ${fault} rank 1`, { skip: skip || middle(runner, major, `${what}'s rank`) }, async () => {
        const dir = runnerProject(EXAMPLE, runner, false, other);
        try {
          await assertRankOne(dir, fault, what);
        } finally {
          removeProject(dir);
        }
      }),
      t.test(`${what}: fixed/ clean`, { skip: skip || middle(runner, major, `${what}'s fixed/`) }, async () => {
        const dir = runnerProject(EXAMPLE, runner, true, other);
        try {
          await assertClean(dir);
        } finally {
          removeProject(dir);
        }
      }),
    ];
  }));
});

const LOADER_EXAMPLE = 'json-lost-update';
const LOADERS: Record<string, string> = {
  tsx: 'node --import tsx/esm --test',
  'ts-node': 'node --loader ts-node/esm --test',
  '@swc-node/register': 'node --import @swc-node/register/esm-register --test',
};

/** The project's commands run `node --test` as `command` does (with a loader). */
function useLoader(dir: string, command: string): void {
  const configPath = join(dir, 'conlens.config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as { unit: { command: string }; integration: { command: string } };
  for (const suite of [config.unit, config.integration]) suite.command = suite.command.replace('node --test', command);
  writeFileSync(configPath, JSON.stringify(config));
}

/** The tests import the sources through a tsconfig `paths` alias, which only tsx resolves (the
 *  traced run resolves it without tsx: loader-hooks.ts). Checked to pass plainly under tsx. */
function useAliases(dir: string): void {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', target: 'ES2022', allowImportingTsExtensions: true, noEmit: true, paths: { '@src/*': ['./src/*'] } } }));
  for (const kind of ['unit', 'integration']) {
    for (const file of readdirSync(join(dir, 'test', kind))) {
      const path = join(dir, 'test', kind, file);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll("'../../src/", "'@src/"));
    }
  }
  const plain = spawnSync('node --import tsx/esm --test test/unit/*.test.ts', { cwd: dir, shell: true, encoding: 'utf8' });
  assert.equal(plain.status, 0, `the aliased unit tests fail plainly under tsx:\n${plain.stdout}${plain.stderr}`);
}


test(`${LOADER_EXAMPLE} under tsx, ts-node and @swc-node/register (from the registry): every site at node:test's position; ${faultOf(LOADER_EXAMPLE)} rank 1 under tsx`, { concurrency: 2 }, async (t) => {
  const install = installFromRegistry(join(CACHE, 'loaders'), ['tsx@4', 'ts-node@10', 'typescript@5', '@swc-node/register@1', '@swc/core', 'mocha@11', ...exampleDependencies(LOADER_EXAMPLE)], 'tsx');
  if (typeof install === 'string') return void t.skip(install);
  const other = { nodeModules: install.nodeModules, major: 0 };
  const plain = runnerProject(LOADER_EXAMPLE, 'node', false, other);
  let reference: string[];
  try {
    reference = unitSites(plain);
  } finally {
    removeProject(plain);
  }
  assert.ok(reference.some((s) => /fs\.promises\.writeFile/.test(s)), `no file access site under node:test:\n${reference.join('\n')}`);
  await Promise.all([
    ...Object.entries(LOADERS).map(([loader, command]) => t.test(`${loader} (${command}): the sites are node:test's`, () => {
      const dir = runnerProject(LOADER_EXAMPLE, 'node', false, other);
      try {
        useLoader(dir, command);
        assert.deepEqual(unitSites(dir), reference, loader);
      } finally {
        removeProject(dir);
      }
    })),
    t.test('tsx with tsconfig `paths` aliases (`@src/settings-store.ts`): the sites are node:test\'s', () => {
      const dir = runnerProject(LOADER_EXAMPLE, 'node', false, other);
      try {
        useLoader(dir, LOADERS.tsx);
        useAliases(dir);
        assert.deepEqual(unitSites(dir), reference, 'tsx + paths');
      } finally {
        removeProject(dir);
      }
    }),
    t.test('Mocha 11 with @swc-node/register named only in .mocharc.json: the sites are node:test\'s', () => {
      const dir = runnerProject(LOADER_EXAMPLE, 'mocha', false, other);
      try {
        writeFileSync(join(dir, '.mocharc.json'), '{ "node-option": ["import=@swc-node/register/esm-register"], "timeout": 20000 }\n');
        assert.deepEqual(unitSites(dir), reference, 'mocha + .mocharc');
        assert.equal(readFileSync(join(dir, '.mocharc.json'), 'utf8'), '{ "node-option": ["import=@swc-node/register/esm-register"], "timeout": 20000 }\n');
      } finally {
        removeProject(dir);
      }
    }),
    t.test(`tsx: ${faultOf(LOADER_EXAMPLE)} rank 1`, async () => {
      const dir = runnerProject(LOADER_EXAMPLE, 'node', false, other);
      try {
        useLoader(dir, LOADERS.tsx);
        await assertRankOne(dir, faultOf(LOADER_EXAMPLE), 'tsx');
      } finally {
        removeProject(dir);
      }
    }),
  ]);
});
