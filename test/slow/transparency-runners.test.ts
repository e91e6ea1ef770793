// issue 15: the transparency corpus (test/transparency/corpus) inside Vitest and Jest workers. Each
// corpus entry is imported by a one-test file of a throw-away runner project; what the entry prints
// (console.log / console.error, captured in the worker) and how the runner ends are compared
// between the runner as the user runs it (plain) and `conlens trace` (instrumented through the Vite
// plugin / our Jest transformer, fields on). Both runs happen inside the same runner, so the
// runner's own handling (an unhandled rejection, a process 'exit' hook) is the same on both sides.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, REPO } from '../helpers/cli.ts';

const CORPUS = join(REPO, 'test', 'transparency', 'corpus');
type Runner = 'vitest' | 'jest';

/** An entry that only runs as an ES module (top-level await, import.meta): Jest runs it in its
 *  ESM mode (`--experimental-vm-modules`, ts-jest's useESM), the others as CommonJS (ts-jest's
 *  default), so both of Jest's module systems are covered. */
function needsEsm(dir: string, entry: string): boolean {
  const source = readFileSync(join(dir, entry), 'utf8');
  const topLevel = source.split('\n').filter((l) => !/^\s/.test(l)).join('\n');
  return /^(?:[^\s/].*)?\bawait\b/m.test(topLevel) || /import\.meta/.test(source);
}

/** Entries a runner cannot load for its own reasons (not ours), with the reason. */
function skipReason(runner: Runner, entry: string): string | undefined {
  if (entry.endsWith('.cjs') && runner === 'vitest') return 'a .cjs entry is loaded by Node, not by Vite, under Vitest: nothing of ours runs in it';
  return undefined;
}

/** Differences found and not yet removed (issue 15 note): run, reported as todo, never hidden. */
const KNOWN: Record<string, string> = {};

/** The one test file of a runner project: it loads the entry (`load`), captures what the entry
 *  prints and writes it to CONLENS_TRANSCRIPT. Jest's and Vitest's 5 s test timeout is raised:
 *  the first traced import transpiles the entry, which a loaded machine took over 5 s to do. */
function entryTest(testModule: string, load: string): string {
  return `import { test } from '${testModule}';
import { format } from 'node:util';
import { writeFileSync } from 'node:fs';
const lines: string[] = [];
const original = { log: console.log, error: console.error };
console.log = (...args: unknown[]) => { lines.push(format(...args)); };
console.error = (...args: unknown[]) => { lines.push(\`[err] \${format(...args)}\`); };
test('the corpus entry runs', async () => {
  try {
    ${load};
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    console.log = original.log;
    console.error = original.error;
    writeFileSync(process.env.CONLENS_TRANSCRIPT!, lines.join('\\n'));
  }
}, 60_000);
`;
}

/** A throw-away project running one corpus entry under `runner`, and the command that runs it
 *  plain (the same one its conlens.config.json traces). */
function runnerProject(runner: Runner, name: string, entry: string): { dir: string; command: string } {
  const dir = mkdtempSync(join(tmpdir(), `conlens-transp-${runner}-${name}-`));
  cpSync(join(CORPUS, name), dir, { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  mkdirSync(join(dir, 'test'), { recursive: true });
  const write = (file: string, text: string) => writeFileSync(join(dir, file), text);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  let command: string;
  if (runner === 'vitest') {
    command = 'npx vitest run';
    write('test/entry.test.ts', entryTest('vitest', `await import('../${entry}')`));
    write('vitest.config.ts', "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'] } });\n");
  } else if (needsEsm(dir, entry)) {
    // Jest's ESM mode as its docs set it up: NODE_OPTIONS in the test script.
    command = 'npm test';
    write('test/entry.test.ts', entryTest('@jest/globals', `await import('../${entry}')`));
    write('package.json', JSON.stringify({ ...pkg, type: 'module', scripts: { test: 'NODE_OPTIONS=--experimental-vm-modules jest' } }));
    write('jest.config.mjs', "export default { testEnvironment: 'node', roots: ['<rootDir>/test'], extensionsToTreatAsEsm: ['.ts'], transform: { '^.+\\\\.m?[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', useESM: true, isolatedModules: true }] } };\n");
    write('tsconfig.json', JSON.stringify({ compilerOptions: { rootDir: '.', target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', allowJs: true, allowImportingTsExtensions: true, noEmit: true, esModuleInterop: true, skipLibCheck: true } }));
  } else {
    command = 'npx jest';
    delete pkg.type;
    write('package.json', JSON.stringify(pkg));
    write('test/entry.test.ts', entryTest('@jest/globals', `require('../${entry}')`));
    write('jest.config.cjs', "module.exports = { testEnvironment: 'node', roots: ['<rootDir>/test'], transform: { '^.+\\\\.[cm]?[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }] } };\n");
    write('tsconfig.json', JSON.stringify({ compilerOptions: { rootDir: '.', target: 'ES2022', module: 'Node16', moduleResolution: 'Node16', allowJs: true, allowImportingTsExtensions: true, noEmit: true, esModuleInterop: true, skipLibCheck: true, experimentalDecorators: false } }));
  }
  write('conlens.config.json', JSON.stringify({ include: ['src/**/*.ts', 'src/**/*.js', '*.ts'], unit: { command }, timeoutMs: 60000 }));
  return { dir, command };
}

function run(argv: string[], cwd: string, transcript: string): Promise<{ status: number | null; output: string }> {
  return new Promise((done) => {
    const env = { ...process.env, CONLENS_TRANSCRIPT: transcript, NO_COLOR: '1', FORCE_COLOR: '0' };
    delete env.NODE_TEST_CONTEXT;
    const child = spawn(argv[0], argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => done({ status, output }));
  });
}

// CONLENS_TEST_RUNNER=vitest (or jest) runs one runner's half, when working on that runner.
const RUNNERS = (['vitest', 'jest'] as const).filter((r) => !process.env.CONLENS_TEST_RUNNER || process.env.CONLENS_TEST_RUNNER === r);
const cases: { runner: Runner; name: string; entry: string }[] = [];
for (const name of readdirSync(CORPUS).sort()) {
  const spec = JSON.parse(readFileSync(join(CORPUS, name, 'corpus.json'), 'utf8')) as { entries?: string[] };
  for (const entry of spec.entries ?? ['main.ts']) for (const runner of RUNNERS) cases.push({ runner, name, entry });
}

test('the transparency corpus inside Vitest and Jest workers: the same transcript plain and traced', { concurrency: 2 }, async (t) => {
  await Promise.all(cases.map(({ runner, name, entry }) => {
    const reason = skipReason(runner, entry);
    const known = KNOWN[`${runner}:${name}/${entry}`];
    return t.test(`${runner}: ${name}/${entry}`, { skip: reason, ...(known ? { todo: known } : {}) }, async (t) => {
      const { dir: project, command } = runnerProject(runner, name, entry);
      try {
        const plainFile = join(project, 'plain.txt');
        const tracedFile = join(project, 'traced.txt');
        const plain = await run(command.split(' '), project, plainFile);
        const traced = await run([process.execPath, CLI, 'trace', '.', '--tests', 'unit'], project, tracedFile);
        assert.ok(existsSync(plainFile), `the plain run printed no transcript:\n${plain.output.slice(-2000)}`);
        if (plain.status !== 0 && readFileSync(plainFile, 'utf8') === '') {
          // The runner itself cannot load this entry (Vite does not compile .cts; Jest's CommonJS
          // mode cannot take some ESM forms): traced must fail the same way, printing nothing.
          assert.equal(readFileSync(tracedFile, 'utf8'), '', `plain printed nothing (exit ${plain.status}), traced did`);
          assert.doesNotMatch(traced.output, /tests: unit passed/);
          t.skip(`${runner} cannot load this entry plain either (exit ${plain.status})`);
          return;
        }
        assert.ok(existsSync(tracedFile), `the traced run printed no transcript:\n${traced.output.slice(-2000)}`);
        assert.equal(readFileSync(tracedFile, 'utf8'), readFileSync(plainFile, 'utf8'));
        // The runner ends the same way: passed plain ⇔ "tests: unit passed" traced.
        assert.equal(/tests: unit passed/.test(traced.output), plain.status === 0, `plain exit ${plain.status}; traced:\n${traced.output.slice(-2000)}`);
        assert.doesNotMatch(traced.output, /conlens: warning/);
        assert.match(traced.output, /[1-9]\d* program points/);
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    });
  }));
});
