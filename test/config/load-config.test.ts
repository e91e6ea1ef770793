import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ConfigError, DEFAULT_TIMEOUT_MS, loadConfig } from '../../src/core/config/index.ts';
import { tempProject } from '../helpers/temp-project.ts';

function problemsOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${error}`);
    return error.problems;
  }
  assert.fail('expected a ConfigError');
}

test('a minimal config gets the documented defaults', () => {
  const root = tempProject({ 'conlens.config.json': '{ "unit": { "command": "node --test test/unit/*.test.ts" } }' });
  const loaded = loadConfig(root);
  assert.equal(loaded.file, join(root, 'conlens.config.json'));
  assert.deepEqual(loaded.config, {
    include: ['src/**'],
    unit: { command: 'node --test test/unit/*.test.ts' },
    roots: [],
    atomic: [],
    locks: [],
    timeoutMs: DEFAULT_TIMEOUT_MS,
  });
  assert.deepEqual(loaded.warnings, []);
});

test('the full schema is accepted, with comments and trailing commas', () => {
  const root = tempProject({
    'conlens.config.json': `{
      // files to instrument
      "include": ["src/**/*.ts"],
      "unit": { "command": ["node", "--test", "test/unit/a.test.ts"] },
      "integration": { "command": "node --test test/integration/*.test.ts", "runs": 7 },
      "roots": ["SA.run"], "atomic": ["Account.withdraw"],
      "locks": [{ "module": "./src/lock.ts", "export": "Lock", "acquire": "lock", "release": "unlock" }],
      "timeoutMs": 5000,
    }`,
  });
  const { config } = loadConfig(root);
  assert.equal(config.integration?.runs, 7);
  assert.deepEqual(config.unit?.command, ['node', '--test', 'test/unit/a.test.ts']);
  assert.deepEqual(config.locks[0], { module: './src/lock.ts', export: 'Lock', acquire: 'lock', release: 'unlock' });
  assert.equal(config.timeoutMs, 5000);
});

test('integration.runs defaults to 20', () => {
  const root = tempProject({ 'conlens.config.json': '{ "integration": { "command": "node --test" } }' });
  assert.equal(loadConfig(root).config.integration?.runs, 20);
});

test('package.json#conlens is used when there is no conlens.config.json', () => {
  const root = tempProject({ 'package.json': JSON.stringify({ name: 'x', conlens: { unit: { command: 'npm test' } } }, null, 2) });
  const loaded = loadConfig(root);
  assert.equal(loaded.file, join(root, 'package.json'));
  assert.equal(loaded.config.unit?.command, 'npm test');
});

test('errors inside package.json#conlens carry the full JSON path and the line', () => {
  const root = tempProject({ 'package.json': '{\n  "name": "x",\n  "conlens": {\n    "timeoutMs": "soon"\n  }\n}\n' });
  const [problem] = problemsOf(() => loadConfig(root));
  assert.equal(problem.file, join(root, 'package.json'));
  assert.equal(problem.path, 'timeoutMs');
  assert.equal(problem.line, 4);
  assert.match(problem.message, /must be integer, found string "soon"/);
  assert.match(problem.message, /time budget in milliseconds/);
});

test('a wrong type names the file, line, column, JSON path and what to put there', () => {
  const root = tempProject({
    'conlens.config.json': '{\n  "unit": { "command": "node --test" },\n  "integration": { "command": "node --test", "runs": "20" }\n}\n',
  });
  const problems = problemsOf(() => loadConfig(root));
  assert.equal(problems.length, 1);
  const [problem] = problems;
  assert.equal(problem.file, join(root, 'conlens.config.json'));
  assert.equal(problem.path, 'integration.runs');
  assert.equal(problem.line, 3);
  assert.equal(problem.column, 54);
  assert.match(problem.message, /must be integer, found string "20"/);
  assert.match(problem.message, /a whole number ≥ 1/);
});

test('every problem is reported at once', () => {
  const root = tempProject({
    'conlens.config.json': JSON.stringify({ include: 'src', integration: { runs: 0 }, locks: [{ module: 'm' }] }, null, 2),
  });
  const paths = problemsOf(() => loadConfig(root)).map((p) => `${p.path}: ${p.message.split(' — ')[0]}`);
  assert.deepEqual(paths.sort(), [
    'include: must be array, found string "src"',
    'integration.command: is required',
    'integration.runs: must be >= 1',
    'locks[0].acquire: is required',
    'locks[0].export: is required',
    'locks[0].release: is required',
  ]);
});

test('invalid JSON is reported with its position', () => {
  const root = tempProject({ 'conlens.config.json': '{\n  "unit": { "command": "x" \n}\n' });
  const [problem] = problemsOf(() => loadConfig(root));
  assert.match(problem.message, /^invalid JSON: /);
  assert.ok(problem.line >= 3, `line ${problem.line}`);
});

test('a missing comma is named in words, with what to write there', () => {
  const root = tempProject({ 'conlens.config.json': '{\n  "include": ["src/**/*.ts"]\n  "timeoutMs": 1000\n}\n' });
  const [problem] = problemsOf(() => loadConfig(root));
  assert.equal(problem.message, 'invalid JSON: a comma is missing here, between two entries (CommaExpected)');
  assert.equal(problem.line, 3);
});

test('a config that is not an object is refused', () => {
  const root = tempProject({ 'conlens.config.json': '[1, 2]' });
  const [problem] = problemsOf(() => loadConfig(root));
  assert.match(problem.message, /must be a JSON object, found an array/);
});

test('unknown keys are warnings, with a suggestion when one is close', () => {
  const root = tempProject({
    'conlens.config.json': '{\n  "unit": { "command": "node --test", "cmd": "x" },\n  "timeoutMS": 10\n}\n',
  });
  const { warnings, config } = loadConfig(root);
  assert.equal(config.timeoutMs, DEFAULT_TIMEOUT_MS);
  const byPath = Object.fromEntries(warnings.map((w) => [w.path, w]));
  assert.match(byPath.timeoutMS.message, /unknown key "timeoutMS" is ignored; did you mean "timeoutMs"\?/);
  assert.equal(byPath.timeoutMS.line, 3);
  assert.match(byPath['unit.cmd'].message, /unknown key "cmd" is ignored; known keys: command/);
});

test('shell operators in a command are refused with what to do instead', () => {
  const root = tempProject({ 'conlens.config.json': '{ "unit": { "command": "npm run build && node --test" } }' });
  const [problem] = problemsOf(() => loadConfig(root));
  assert.equal(problem.path, 'unit.command');
  assert.match(problem.message, /shell operator "&&" is not supported .* argv array, or an npm script/);
});

test('an empty command is refused', () => {
  const root = tempProject({ 'conlens.config.json': '{ "unit": { "command": [] } }' });
  const [problem] = problemsOf(() => loadConfig(root));
  assert.equal(problem.path, 'unit.command');
  assert.match(problem.message, /must NOT have fewer than 1 items/);
});

test('a missing configuration says what to create', () => {
  const root = tempProject({ 'package.json': '{ "name": "x" }' });
  const [problem] = problemsOf(() => loadConfig(root));
  assert.equal(problem.file, join(root, 'conlens.config.json'));
  assert.match(problem.message, /no configuration found: create conlens.config.json/);
});

test('a missing project folder is an error', () => {
  const [problem] = problemsOf(() => loadConfig('/definitely/not/here'));
  assert.match(problem.message, /project folder does not exist/);
});

test('conlens.config.json wins over package.json#conlens, with a warning', () => {
  const root = tempProject({
    'conlens.config.json': '{ "unit": { "command": "a" } }',
    'package.json': '{ "conlens": { "unit": { "command": "b" } } }',
  });
  const loaded = loadConfig(root);
  assert.equal(loaded.config.unit?.command, 'a');
  assert.equal(loaded.warnings.length, 1);
  assert.match(loaded.warnings[0].message, /ignored because conlens.config.json exists/);
});

test('an explicit --config file is used as given', () => {
  const root = tempProject({ 'other.json': '{ "timeoutMs": 1000 }' });
  assert.equal(loadConfig(root, join(root, 'other.json')).config.timeoutMs, 1000);
  const [problem] = problemsOf(() => loadConfig(root, join(root, 'missing.json')));
  assert.match(problem.message, /does not exist/);
});
