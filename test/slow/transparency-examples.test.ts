// The slow tier of test/transparency (DESIGN §6): every example's unit command passes or fails
// the same way, with the same test counts, plain and instrumented (fields on).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { runCommand } from '../../src/core/runner/run-command.ts';
import type { TraceSettings } from '../../src/core/instrument/instrument-config.ts';
import { REPO } from '../helpers/cli.ts';
import { limited, newRunDir, readTraces } from '../helpers/transparency-runs.ts';

const EXAMPLES = join(REPO, 'examples');
const RUN_TIMEOUT_MS = 30_000;

// Every example's unit command: same verdict and same test counts, plain and instrumented.
const examples = readdirSync(EXAMPLES)
  .filter((name) => existsSync(join(EXAMPLES, name, 'conlens.config.json')))
  .sort();

function counts(output: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const key of ['tests', 'pass', 'fail', 'cancelled', 'skipped', 'todo']) {
    const match = new RegExp(`^[ℹ#] ${key} (\\d+)$`, 'm').exec(output);
    if (match) found[key] = match[1];
  }
  return found;
}

describe('examples: unit tests pass or fail the same, plain and instrumented', { concurrency: true }, () => {
  for (const name of examples) {
    const { config, root } = loadConfig(join(EXAMPLES, name));
    const runDir = newRunDir();
    const trace: TraceSettings = { root, include: config.include, runDir, fields: true, depth: 2, locks: config.locks };
    const request = { label: 'unit.command', spec: config.unit?.command ?? [], cwd: root, timeoutMs: RUN_TIMEOUT_MS };
    const runs = Promise.all([
      limited(() => runCommand({ ...request, env: { CONLENS_TRACE: '' } })),
      limited(() => runCommand({ ...request, env: { CONLENS_TRACE: JSON.stringify(trace) } })),
    ]);
    runs.catch(() => {});
    test(name, async () => {
      assert.ok(config.unit, `${name} has no unit command`);
      const [plain, instrumented] = await runs;
      assert.equal(plain.timedOut, false, `${name}: the plain run timed out`);
      assert.equal(instrumented.timedOut, false, `${name}: the instrumented run timed out`);
      assert.equal(instrumented.passed, plain.passed, `${name}: plain passed=${plain.passed}, instrumented passed=${instrumented.passed}\n${instrumented.output}`);
      assert.equal(instrumented.exitCode, plain.exitCode);
      assert.deepEqual(counts(instrumented.output), counts(plain.output), `${name}: different test counts\n${instrumented.output}`);
      assert.ok(Object.keys(counts(plain.output)).length > 0, `${name}: no test summary in the output`);
      assert.doesNotMatch(instrumented.output, /conlens: warning/);
      const traces = readTraces(runDir);
      assert.ok(traces.some(({ events }) => events.some((e) => e.e === 'en')), `${name}: the trace has no ENTER event`);
    });
  }
});
