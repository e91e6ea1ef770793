// issue 7, checked end to end: on every example `conlens rank` (real unit runs, real scheduled
// integration runs, default strategy) puts the expected fault (expected.json) at rank 1, and
// confirmed wherever the scheduler saw the bug; on every fixed/ variant no position is confirmed and rank exits 0 without --exit-zero (issue 14).
// Few runs and --jobs 2 keep it affordable in CI. When the runs of a buggy example whose bug is
// visible find no violation (detection rates drop on a loaded machine), it is ranked once more on
// the next seeds before its invariants alone must carry the ranking.
//
// An example whose expected fault is null is a negative control (bounded-pool: a correct program,
// no fixed/ variant): no run may fail and no position may be confirmed.
//
// The expected fault of producer-consumer is invisible (no run can confirm it): it must be rank 1
// on its invariants alone — SyncStack.push at relative order 2, depth 2, as in 004 Table XII.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { conlens, REPO } from '../helpers/cli.ts';
import { exampleCopy } from '../helpers/example-copy.ts';

interface Position { rank: number; kind: string; function: string; caller?: string; status: string; confirmed: boolean }
interface Report { positions: Position[]; summary: { violations: number; detectionRate: number } }

const EXAMPLES = join(REPO, 'examples');
const names = readdirSync(EXAMPLES).filter((n) => existsSync(join(EXAMPLES, n, 'expected.json'))).sort();

/** `clean`: the program must be correct — no --exit-zero, and exit 0 is required (issue 14: drift
 *  is reported, not failed). */
function rank(dir: string, runs: number, seed = 1, clean = false): Report {
  // A private copy (helpers/example-copy.ts): other slow files run commands on the same examples.
  const copy = exampleCopy(relative(EXAMPLES, dir));
  try {
    const { status, stdout, stderr } = conlens(['rank', copy, '--runs', String(runs), '--seed', String(seed), '--jobs', '2', ...(clean ? [] : ['--exit-zero']), '--json', '-']);
    assert.equal(status, 0, stderr);
    return JSON.parse(stdout) as Report;
  } finally {
    rmSync(copy, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/** The fault is the position's function, or for a `between` position one of its two ends. */
const ends = (p: Position) => [...(p.kind === 'between' && p.caller ? [p.caller] : []), p.function];

/** No violation in any run, and so no confirmed position. */
function assertNoFinding(report: Report, what: string): void {
  assert.equal(report.summary.violations, 0, `${what} showed a violation`);
  assert.deepEqual(report.positions.filter((p) => p.confirmed), []);
}

for (const name of names) {
  const expected = JSON.parse(readFileSync(join(EXAMPLES, name, 'expected.json'), 'utf8')) as { fault: string | null; visible: boolean };
  if (expected.fault === null) {
    test(`${name} (negative control): no position is confirmed and no run failed`, () => {
      assertNoFinding(rank(join(EXAMPLES, name), 8, 1, true), 'the negative control');
    });
    continue;
  }
  const fault = expected.fault;
  test(`${name}: ${expected.fault} is rank 1${expected.visible ? ', confirmed when a violation was seen' : ''}`, () => {
    let report = rank(join(EXAMPLES, name), 8);
    if (expected.visible && report.summary.violations === 0) report = rank(join(EXAMPLES, name), 8, 9);
    const first = report.positions.filter((p) => p.rank === 1);
    const table = report.positions.slice(0, 5).map((p) => `${p.rank} ${ends(p).join('→')} ${p.status}`).join('\n');
    const hit = first.find((p) => ends(p).includes(fault));
    assert.ok(hit, `rank 1 is not ${fault}:\n${table}`);
    if (expected.visible && report.summary.violations > 0) assert.equal(hit.status, 'confirmed', table);
    assert.ok(report.positions.every((p) => p.confirmed === (p.status === 'confirmed')));
  });
  if (existsSync(join(EXAMPLES, name, 'fixed', 'conlens.config.json'))) {
    test(`${name}/fixed: no position is confirmed`, () => {
      assertNoFinding(rank(join(EXAMPLES, name, 'fixed'), 4, 1, true), 'the fixed variant');
    });
  }
}
