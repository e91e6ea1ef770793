// Pure parts of the engine client: progress lines (today's human form and the proposed JSON
// form), line splitting across chunks, and the CLI argument lists built from the settings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FUZZ_STAGES, LineSplitter, ProgressParser } from '../../src/extension/model/progress.ts';
import { fuzzArgs, graphArgs, mineArgs, rankArgs, readSettings, replayArgs, supportsJsonProgress } from '../../src/extension/model/cli-args.ts';
import { starterConfig } from '../../src/core/config/starter-config.ts';
import { cliError } from '../../src/extension/model/cli-output.ts';

test('rank stage lines become stage + percent, never going back', () => {
  const p = new ProgressParser();
  assert.deepEqual(p.feed('conlens: call graph…'), { stage: 'call graph', detail: undefined, percent: 0 });
  assert.deepEqual(p.feed('conlens: unit runs (node --test test/unit/*.test.ts)…'), { stage: 'unit runs', detail: 'node --test test/unit/*.test.ts', percent: 8 });
  assert.deepEqual(p.feed('conlens: integration runs (20 × random)…'), { stage: 'integration runs', detail: '20 × random', percent: 20 });
  assert.equal(p.feed('#1  Account.getBalance  S 1.00'), undefined);
  assert.equal(p.feed('conlens: localize…')?.percent, 90);
  assert.equal(p.feed('{"stage":"unit runs"}')?.percent, 90);
});

test('the JSON progress protocol: done/total within a stage, or a percent', () => {
  const p = new ProgressParser();
  assert.deepEqual(p.feed('{"stage":"integration runs","detail":"20 × random","done":10,"total":20}'), { stage: 'integration runs', detail: '20 × random', percent: 55 });
  assert.equal(p.feed('{"stage":"localize","percent":97}')?.percent, 97);
  assert.equal(p.feed('{not json}'), undefined);
  assert.equal(p.feed('{"percent":5}'), undefined);
});

test('a count without a total uses the one the stage line announced, and keeps its detail', () => {
  const p = new ProgressParser();
  p.feed('conlens: integration runs (20 × random)…');
  assert.deepEqual(p.feed('{"stage":"integration runs","done":10}'), { stage: 'integration runs', detail: '20 × random', percent: 55 });
  assert.equal(p.feed('{"stage":"integration runs","done":20}')?.percent, 90);
  // Before any stage line there is no total: no progress within the stage.
  assert.equal(new ProgressParser().feed('{"stage":"integration runs","done":3}')?.percent, 20);
});

test('conlens rank --progress json lines: stage, message as detail, percent; result/error lines are not progress', () => {
  const p = new ProgressParser();
  assert.deepEqual(p.feed('{"type":"progress","stage":"integration runs","message":"run 3 of 20","percent":40}'), { stage: 'integration runs', detail: 'run 3 of 20', percent: 40 });
  assert.equal(p.feed('{"type":"result","report":"/w/.conlens/report.json"}'), undefined);
  assert.equal(p.feed('{"type":"error","message":"boom","stage":"x"}'), undefined);
  assert.deepEqual(p.feed('{"type":"progress","stage":"localize","message":"","percent":98}'), { stage: 'localize', detail: undefined, percent: 98 });
});

test('fuzz progress comes from its header and run lines', () => {
  const p = new ProgressParser(FUZZ_STAGES);
  assert.equal(p.feed('/w/account: 4 run(s), strategy random, seeds 1…4')?.percent, 0);
  assert.deepEqual(p.feed('  run   1  seed 1          pass                  12 steps  0.4 s'), { stage: 'integration runs', detail: 'run 1 of 4', percent: 25 });
  assert.equal(p.feed('  run   3  seed 3          failed assertion      23 steps  0.4 s  a withdrawal failed')?.percent, 75);
});

test('LineSplitter joins lines split across chunks', () => {
  const s = new LineSplitter();
  assert.deepEqual(s.push('conlens: call'), []);
  assert.deepEqual(s.push(' graph…\r\nconlens: unit'), ['conlens: call graph…']);
  assert.deepEqual(s.push(' runs…\n'), ['conlens: unit runs…']);
  assert.deepEqual(s.push('tail'), []);
  assert.deepEqual(s.flush(), ['tail']);
  assert.deepEqual(s.flush(), []);
});

test('settings become CLI arguments; bad values fall back', () => {
  const settings = readSettings((k) => ({ configPath: ' cfg/c.json ', runs: 5, seed: 7, strategy: 'pct', jobs: 2 })[k]);
  assert.deepEqual(settings, { configPath: 'cfg/c.json', runs: 5, seed: 7, strategy: 'pct', jobs: 2 });
  assert.deepEqual(rankArgs('/w', settings, '/tmp/r.json'), ['rank', '/w', '--runs', '5', '--seed', '7', '--strategy', 'pct', '--jobs', '2', '--json', '/tmp/r.json', '--exit-zero', '--config', 'cfg/c.json']);
  const defaults = readSettings((k) => ({ runs: null, seed: -1, strategy: 'nope', jobs: 0.5 })[k]);
  assert.deepEqual(defaults, { configPath: '', runs: null, seed: 1, strategy: 'combined', jobs: 1 });
  assert.deepEqual(fuzzArgs('/w', defaults, 'f.json'), ['fuzz', '/w', '--seed', '1', '--strategy', 'combined', '--jobs', '1', '--json', 'f.json']);
  assert.deepEqual(mineArgs('/w', defaults, 'integration', 'm.json'), ['mine', '/w', '--tests', 'integration', '--json', 'm.json']);
  assert.deepEqual(graphArgs('/w', settings, 'g.json'), ['graph', '/w', '--json', 'g.json', '--config', 'cfg/c.json']);
  assert.deepEqual(replayArgs('/w', defaults, { file: '/w/.conlens/runs/r/violation.json', seed: 3, strategy: 'pct' }, 'x.json'), ['replay', '/w/.conlens/runs/r/violation.json', '/w', '--json', 'x.json']);
  assert.deepEqual(replayArgs('/w', defaults, { seed: 3, strategy: 'pct' }, 'x.json'), ['replay', '--seed', '3', '--strategy', 'pct', '/w', '--json', 'x.json']);
});

test('the starter configuration follows the workspace folders and parses', () => {
  const lib = JSON.parse(starterConfig({ folders: ['lib', 'tests'], hasUnitTests: false, hasIntegrationTests: true }));
  assert.deepEqual(lib.include, ['lib/**/*.ts']);
  assert.equal(lib.unit.command, 'node --test tests/*.test.ts');
  assert.equal(lib.integration.command, 'node --test tests/integration/*.test.ts');
  const src = JSON.parse(starterConfig({ folders: ['src', 'test'], hasUnitTests: true, hasIntegrationTests: true }));
  assert.deepEqual(src, { include: ['src/**/*.ts'], unit: { command: 'node --test test/unit/*.test.ts' }, integration: { command: 'node --test test/integration/*.test.ts', runs: 20 }, timeoutMs: 30000 });
});

test('cliError picks the CLI error line, with the detail of a configuration error', () => {
  const stderr = 'conlens: call graph…\nconlens: unit runs (x)…\nconlens: the unit tests failed (node --test): fix them first\n(see conlens rank --help)\n';
  assert.equal(cliError(stderr, 'out', 2), 'the unit tests failed (node --test): fix them first');
  assert.equal(cliError('conlens: invalid configuration\n/w/conlens.config.json: "runs" must be a whole number\n', '', 2), 'invalid configuration: /w/conlens.config.json: "runs" must be a whole number');
  assert.equal(cliError('', 'last words\n', 1), 'last words');
  assert.equal(cliError('', '', null), 'the engine exited with code null');
  assert.equal(cliError('conlens: warning: x\nboom\n', '', 1), 'boom');
  assert.equal(cliError('{"type":"progress","stage":"unit runs","percent":5}\n{"type":"error","message":"the unit tests failed"}\nconlens: the unit tests failed\n', '', 2), 'the unit tests failed');
});

test('rank gets --progress json only when its help offers it', () => {
  const s = readSettings(() => undefined);
  assert.ok(rankArgs('/w', s, 'r.json', true).join(' ').includes('--exit-zero --progress json'));
  assert.ok(!rankArgs('/w', s, 'r.json').includes('--progress'));
  assert.equal(supportsJsonProgress('  --progress P    text (default): one line per stage on stderr; json: one JSON\n'), true);
  assert.equal(supportsJsonProgress('  --progress P    text (default): one line per stage\n                  on stderr; json: one JSON line\n'), true);
  assert.equal(supportsJsonProgress('  --json FILE     also write the report as JSON\n  --exit-zero     exit 0\n'), false);
});

test('the starter configuration runs the project\'s own test runner: as the project runs it, node:test when none is found (issue 15)', () => {
  const shape = { folders: ['src', 'test'], hasUnitTests: true, hasIntegrationTests: true };
  const vitest = JSON.parse(starterConfig({ ...shape, packageJson: { devDependencies: { vitest: '^3.2.0' } } }));
  assert.equal(vitest.unit.command, 'npx vitest run test/unit');
  assert.equal(vitest.integration.command, 'npx vitest run test/integration');
  assert.equal(JSON.parse(starterConfig({ ...shape, packageJson: { scripts: { test: 'mocha --parallel' } } })).unit.command, 'npx mocha test/unit/*.test.ts');
  assert.equal(JSON.parse(starterConfig({ ...shape, packageJson: { devDependencies: { jest: '^30.0.0' } } })).unit.command, 'npx jest test/unit');
  assert.equal(JSON.parse(starterConfig(shape)).unit.command, 'node --test test/unit/*.test.ts');
  // trial18: Jest's and Vite's cold starts compile the tests: a longer run budget than node:test's.
  assert.equal(vitest.timeoutMs, 120000);
  assert.equal(JSON.parse(starterConfig({ ...shape, packageJson: { devDependencies: { jest: '^30.0.0' } } })).timeoutMs, 120000);
  assert.equal(JSON.parse(starterConfig(shape)).timeoutMs, 30000);
});

test('the starter configuration\'s installed-runner refusal (the editor\'s "Create starter configuration", as conlens init)', async () => {
  const { mkdtempSync, mkdirSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { installedRunnerRefusal } = await import('../../src/core/config/starter-config.ts');
  const root = mkdtempSync(join(tmpdir(), 'conlens-starter-'));
  try {
    writeFileSync(join(root, 'package.json'), JSON.stringify({ scripts: { test: 'vitest' }, devDependencies: { vitest: '*' } }));
    const text = JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'npx vitest run test/unit' } });
    assert.equal(installedRunnerRefusal(text, root), undefined, 'nothing installed: nothing to refuse yet');
    mkdirSync(join(root, 'node_modules', 'vitest'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'vitest', 'package.json'), '{ "name": "vitest", "version": "0.34.6" }');
    assert.match(installedRunnerRefusal(text, root) ?? '', /^Vitest 0\.34\.6 \(\S+\) is not supported for traced runs/);
    writeFileSync(join(root, 'node_modules', 'vitest', 'package.json'), '{ "name": "vitest", "version": "3.2.4" }');
    assert.equal(installedRunnerRefusal(text, root), undefined);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
