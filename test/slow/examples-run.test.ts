// The slow tier of test/examples/examples.test.ts: every bundled example's unit tests pass, and
// its fixed/ variant (or a negative control itself) passes its unit and integration tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { checkProject } from '../../src/core/runner/check-project.ts';
import { REPO } from '../helpers/cli.ts';

const EXAMPLES = join(REPO, 'examples');
const present = readdirSync(EXAMPLES).filter((name) => existsSync(join(EXAMPLES, name, 'conlens.config.json')));

for (const name of present.sort()) {
  const dir = join(EXAMPLES, name);
  test(`${name}: unit tests pass; fixed/ (or a negative control itself) passes unit and integration tests`, async () => {
    const buggy = await checkProject(loadConfig(dir), { runs: 1 });
    assert.equal(buggy.unit?.failures, 0, buggy.unit?.firstFailureOutput);
    if (!existsSync(join(dir, 'fixed'))) {
      // The negative control: its own integration tests pass.
      assert.equal(buggy.integration?.failures, 0, buggy.integration?.firstFailureOutput);
      return;
    }
    const fixed = await checkProject(loadConfig(join(dir, 'fixed')), { runs: 2 });
    assert.equal(fixed.unit?.failures, 0, fixed.unit?.firstFailureOutput);
    assert.equal(fixed.integration?.failures, 0, fixed.integration?.firstFailureOutput);
  });
}
