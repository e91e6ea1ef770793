// The controlled scheduler on the bundled examples (003 Fig. 1, 004 §V-C, §V-F): it exposes the
// bug in a share of runs, never in the fixed variant; a deadlock's recorded decisions replay it;
// ATOMFUZZER's outputs. The sweep over every example and strategy is test/slow/fuzz-examples.test.ts;
// the fixed variants' longer clean streaks (account 20 runs, string-buffer 10) are there too. Here
// the seeds of a buggy example run one at a time until the first fails (helpers/first-violation.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { loadConfig } from '../../src/core/config/index.ts';
import { fuzz, replay, type Violation } from '../../src/core/active/index.ts';
import { REPO } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';
import { firstViolation } from '../helpers/first-violation.ts';

const OUT = mkdtempSync(join(tmpdir(), 'conlens-fuzz-'));
after(() => rmSync(OUT, { recursive: true, force: true }));
const example = (name: string) => loadConfig(join(REPO, 'examples', name));
const out = (name: string) => join(OUT, name.replace(/\//g, '-'));

test('account: the random scheduler exposes the check-then-act bug; the fixed variant never fails', async () => {
  const buggy = await firstViolation(example('account'), { strategy: 'random', runs: 10, seed: 1, out: out('account') });
  assert.equal(buggy.runs, 1);
  assert.ok(buggy.violations >= 1, `no violation in seeds 1–10`);
  const violation = buggy.firstViolation!;
  assert.ok(['failed assertion', 'exception'].includes(violation.kind));
  assert.match(violation.message, /balance went negative/);
  assert.ok(existsSync(join(violation.runDir, 'violation.json')));
  assert.ok(violation.schedule.some((s) => s.function === 'checkThenWithdraw' && /resumes/.test(s.event)));
  assert.ok(violation.schedule.every((s) => /^T\d+$|^—$/.test(s.task) && typeof s.line === 'number'));

  const fixed = await fuzz(example('account/fixed'), { strategy: 'random', runs: 4, seed: 1, jobs: 4, out: out('account/fixed') });
  assert.equal(fixed.violations, 0, JSON.stringify(fixed.outcomes.filter((o) => o.outcome !== 'pass')));
});

test('atomfuzzer exposes string-buffer, never its fixed variant, and a seed replays', async () => {
  const buggy = await firstViolation(example('string-buffer'), { strategy: 'atomfuzzer', runs: 10, seed: 1, out: out('sb-atom') });
  assert.ok(buggy.violations >= 1, `no violation in seeds 1–10`);
  const first = buggy.firstViolation!;
  assert.equal(first.strategy, 'atomfuzzer');
  const again = await replay(example('string-buffer'), { strategy: 'atomfuzzer', seed: first.seed, out: out('sb-atom-seed') });
  assert.equal(again.outcome, first.kind);
  assert.deepEqual(again.decisions, first.decisions);
  // 003's outputs: the failing run interleaved another task inside append's block (a window,
  // judged an error when it conflicts with both parts, or commuting; lock acquires are no pause
  // points since a lock's grant is no delay in Node, so the windows are the event loop's).
  assert.ok(buggy.atomfuzzer!.errors + buggy.atomfuzzer!.commuting >= 1, JSON.stringify(buggy.atomfuzzer));
  const fixed = await fuzz(example('string-buffer/fixed'), { strategy: 'atomfuzzer', runs: 4, seed: 1, jobs: 4, out: out('sb-atom-fixed') });
  assert.equal(fixed.violations, 0, JSON.stringify(fixed.outcomes.filter((o) => o.outcome !== 'pass')));
  // Fixed, append reads sb2 once: setLength between its parts commutes with the part after.
  assert.equal(fixed.atomfuzzer!.errors, 0, JSON.stringify(fixed.atomfuzzer));
  assert.ok(fixed.atomfuzzer!.warnings >= 1 && fixed.atomfuzzer!.commuting >= 1, JSON.stringify(fixed.atomfuzzer));
});

test('a violation replays: same kind, same decisions', async () => {
  const result = await firstViolation(example('dining-philosophers'), { strategy: 'random', runs: 3, seed: 5, out: out('dining-replay') });
  const first = result.firstViolation;
  assert.ok(first, 'a violation to replay');
  const recorded = JSON.parse(readFileSync(join(first.runDir, 'violation.json'), 'utf8')) as Violation;
  const replayed = await replay(example('dining-philosophers'), { violation: recorded, out: out('dining-replayed') });
  assert.equal(replayed.reproduced, true, `${replayed.outcome}: ${replayed.message}`);
  assert.equal(replayed.sameDecisions, true);
  const again = await replay(example('dining-philosophers'), { strategy: 'random', seed: first.seed, out: out('dining-seed') });
  assert.equal(again.outcome, first.kind);
  assert.deepEqual(again.decisions, first.decisions, 'the seed alone gives the same decisions');
});

test('an unhandled rejection is a finding of its own kind', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], integration: { command: 'node --test test/work.test.ts' }, timeoutMs: 20000 }),
    'src/work.ts': `export async function fire(): Promise<void> {
  Promise.reject(new Error('lost update'));
  await null;
}`,
    'test/work.test.ts': `import { test } from 'node:test';
import { fire } from '../src/work.ts';
test('fires', async () => { await fire(); await new Promise((resolve) => setTimeout(resolve, 20)); });`,
  });
  const result = await fuzz(loadConfig(root), { strategy: 'random', runs: 1, seed: 1, out: out('unhandled') });
  assert.equal(result.firstViolation?.kind, 'unhandled rejection');
  assert.match(result.firstViolation!.message, /lost update/);
});
