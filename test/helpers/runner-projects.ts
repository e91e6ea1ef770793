// The runner compatibility matrix (issue 15): an example's own project, with its node:test files
// adapted to Mocha, Jest or Vitest — the same src/, the same test bodies — and the configuration
// each runner needs, written into a throw-away folder. The examples' tests use only `test` and
// `beforeEach` from node:test and assert with node:assert, which every runner accepts; only the
// import line and the runner's configuration change.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './cli.ts';

export type MatrixRunner = 'node' | 'mocha' | 'jest' | 'vitest' | 'ava' | 'tap';
export const MATRIX_RUNNERS: MatrixRunner[] = ['node', 'mocha', 'jest', 'vitest'];

const TEST_OPTIONS = /(\btest\((['"`])(?:(?!\2).)*\2),\s*\{\s*timeout:\s*\d+\s*\},/g;
const NODE_TEST_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*'node:test';$/m;

/** The import line of `names` (from node:test) for `runner`. */
function importFor(runner: MatrixRunner, names: string[]): string {
  switch (runner) {
    case 'node':
      return `import { ${names.join(', ')} } from 'node:test';`;
    case 'vitest':
      return `import { ${names.join(', ')} } from 'vitest';`;
    case 'jest':
      return `import { ${names.join(', ')} } from '@jest/globals';`;
    case 'ava': {
      // ava runs a file's tests concurrently; node:test one after another: `test.serial` keeps
      // the tests' order (and their hooks) node:test's.
      const hooks = names.filter((n) => n !== 'test').map((n) => `const ${n} = avaTest.serial.${n};`);
      return [`import avaTest from 'ava';`, 'const test = avaTest.serial;', ...hooks].join('\n');
    }
    case 'tap':
      return `import { ${names.join(', ')} } from 'tap';`;
    case 'mocha':
      // Mocha's BDD interface: `it` and `beforeEach` are globals; node:test's `test` is `it`.
      return names.includes('test') ? 'const test = it;' : '';
  }
}

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...testFiles(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022', module: 'Node16', moduleResolution: 'Node16', strict: true, allowImportingTsExtensions: true,
    noEmit: true, esModuleInterop: true, skipLibCheck: true, sourceMap: true,
  },
};

/** Another version of the runner than the repo's, installed from the registry
 *  (test/slow/jest-versions.test.ts, runner-versions.test.ts): its node_modules folder and major
 *  (for Jest, the major decides how ts-jest is configured). */
export interface OtherInstall {
  nodeModules: string;
  major: number;
}

/** Writes `examples/<name>[/fixed]` adapted to `runner` into a temporary folder and returns it
 *  (removed by the caller). Its conlens.config.json keeps everything but the two commands. */
export function runnerProject(example: string, runner: MatrixRunner, fixed = false, other?: OtherInstall, workerThreads?: boolean): string {
  const jest = runner === 'jest' ? other : undefined;
  const source = join(REPO, 'examples', example, ...(fixed ? ['fixed'] : []));
  const dir = mkdtempSync(join(tmpdir(), `conlens-matrix-${runner}-${example}-`));
  cpSync(source, dir, { recursive: true, filter: (p) => !/[\\/](\.conlens|node_modules|fixed)$/.test(p) || p === source });
  symlinkSync(other?.nodeModules ?? join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const file of testFiles(join(dir, 'test'))) {
    const text = readFileSync(file, 'utf8');
    const match = NODE_TEST_IMPORT.exec(text);
    if (!match) continue;
    const names = match[1].split(',').map((n) => n.trim()).filter(Boolean);
    let adapted = text.replace(match[0], importFor(runner, names));
    // node:test's `test(name, { timeout }, fn)`: Vitest takes the options too; Mocha and Jest
    // take the function second (their own timeouts apply: Mocha's is set below, Jest's is 5 s).
    if (runner !== 'node' && runner !== 'vitest') adapted = adapted.replace(TEST_OPTIONS, '$1,');
    writeFileSync(file, adapted);
  }
  const pkgPath = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as Record<string, unknown>;
  const configPath = join(dir, 'conlens.config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as { unit: { command: string }; integration: { command: string } };
  const suite = (kind: 'unit' | 'integration') => {
    switch (runner) {
      case 'node':
        return `node --test test/${kind}/*.test.ts`;
      case 'mocha':
        // Mocha's 2 s default timeout would race the scheduler's stall detection (also 2 s).
        return `npx mocha --timeout 20000 test/${kind}/*.test.ts`;
      case 'jest':
        return `npx jest test/${kind}`;
      case 'vitest':
        return `npx vitest run test/${kind}`;
      case 'ava':
        return `npx ava test/${kind}/*.test.ts`;
      case 'tap':
        // tap's own coverage check would fail a project whose tests do not cover every line.
        return `npx tap --disable-coverage test/${kind}/*.test.ts`;
    }
  };
  config.unit.command = suite('unit');
  config.integration.command = suite('integration');
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  if (runner === 'jest') {
    // ts-jest, CommonJS: the package is no ES module here (Jest's ESM mode is experimental).
    delete pkg.type;
    const tsJest = "{ tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }";
    // ts-jest before 29 reads its options from `globals` only.
    const globals = jest && jest.major < 29 ? `\n  globals: { 'ts-jest': ${tsJest} },` : '';
    writeFileSync(join(dir, 'jest.config.cjs'), `module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],${globals}
  transform: { '^.+\\\\.ts$': ['ts-jest', ${tsJest}] },
};
`);
    // ts-jest 27 and 28 take TypeScript 4, which has no allowImportingTsExtensions (their isolated
    // transpilation leaves the './x.ts' imports alone without it).
    const { allowImportingTsExtensions: _, ...ts4 } = TSCONFIG.compilerOptions;
    const compilerOptions = jest && jest.major < 29 ? ts4 : TSCONFIG.compilerOptions;
    writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify({ compilerOptions, include: ['**/*.ts'] }, null, 2)}\n`);
  }
  if (runner === 'vitest') {
    writeFileSync(join(dir, 'vitest.config.ts'), "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'] } });\n");
  }
  if (runner === 'ava') {
    // As ava's TypeScript recipe runs .ts files: tsx through nodeArguments. node:test's tests
    // assert with node:assert, not `t`: they would fail ava's "no assertions" check.
    pkg.ava = { extensions: { ts: 'module' }, nodeArguments: ['--import=tsx'], failWithoutAssertions: false, ...(workerThreads === false ? { workerThreads: false } : {}) };
  }
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
  return dir;
}

export function removeProject(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
