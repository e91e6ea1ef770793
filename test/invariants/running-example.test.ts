// 004 §III-B on the running example (004 Fig. 2): the unit tests of component A, traced for real,
// give the reference invariants of Table I — `this.xx - this.z - 1 == 0` at SA.func1's exit
// (xx == z + 1: func1 read x == 1) and `this.xx > orig(this.xx)` at SA.run's exit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced } from '../../src/core/trace/run-traced.ts';
import { formatInvariants, mineInvariants } from '../../src/core/invariants/miner.ts';

const EXAMPLE = join(__dirname, '..', '..', 'examples', 'running-example');

test('running example, unit trace: Table I reference invariants', async () => {
  const out = mkdtempSync(join(tmpdir(), 'conlens-re-'));
  try {
    const run = await runTraced(loadConfig(EXAMPLE), { suite: 'unit', out });
    assert.equal(run.passed, true, run.output);
    const set = await mineInvariants([run.runDir]);
    const func1 = set.points.find((p) => p.point === 'SA.func1:::EXIT');
    const linear = func1?.invariants.find((i) => i.text === 'this.xx - this.z - 1 == 0');
    assert.ok(linear, formatInvariants(set));
    assert.equal(linear.kind, 'LinearBinary');
    assert.deepEqual(linear.vars, ['this.xx', 'this.z']);
    assert.deepEqual(linear.params, [1, -1, -1]);
    assert.equal(linear.justified, true);
    assert.equal(linear.arity, 'binary');
    const runExit = set.points.find((p) => p.point === 'SA.run:::EXIT');
    const grew = runExit?.invariants.find((i) => i.text === 'this.xx > orig(this.xx)');
    assert.ok(grew?.justified, formatInvariants(set));
    assert.equal(grew.kind, 'IntGreaterThan');
    assert.ok(grew.samples >= 20 && grew.confidence > 0.99);
    assert.match(formatInvariants(set), /\nSA\.func1\(\):::EXIT\n/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
