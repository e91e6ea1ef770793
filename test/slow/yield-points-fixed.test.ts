// The slow tier of test/runtime/yield-points.test.ts (random, the mutex-fixed variants over two
// seeds): the same check under ATOMFUZZER, and each fixed yield-point project under random and
// ATOMFUZZER over seeds 1–4, never failing and every run taking decisions.
import { after, test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/core/config/index.ts';
import { fuzz, type FuzzStrategy } from '../../src/core/active/index.ts';
import { tempProject } from '../helpers/temp-project.ts';
import { LEASES, LEDGER } from '../helpers/yield-point-projects.ts';
import { checkYieldPointCase, YIELD_POINT_CASES } from '../helpers/yield-point-check.ts';

const OUT = mkdtempSync(join(tmpdir(), 'conlens-yield-slow-'));
after(() => rmSync(OUT, { recursive: true, force: true }));
let outs = 0;
const out = () => join(OUT, `run-${++outs}`);

for (const entry of YIELD_POINT_CASES) {
  test(`${entry[0]}: atomfuzzer finds it within 4 seeds and replays it; with a mutex it never fails`, () => checkYieldPointCase(entry, 'atomfuzzer', out));
}

for (const [name, files] of [['leases (a generator per task)', LEASES], ['ledger (one shared generator)', LEDGER]] as const) {
  for (const strategy of ['random', 'atomfuzzer'] as FuzzStrategy[]) {
    test(`${name} with a mutex: ${strategy} over seeds 1–4 never fails`, async () => {
      const root = tempProject(files(true), ['async-mutex']);
      const fixed = await fuzz(loadConfig(root), { strategy, runs: 4, seed: 1, jobs: 2 });
      assert.equal(fixed.violations, 0, `fixed: ${fixed.outcomes.map((o) => `${o.outcome} ${o.message ?? ''}`).join('; ')}`);
      assert.ok(fixed.outcomes.every((o) => o.steps > 0));
    });
  }
}
