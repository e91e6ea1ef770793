// The text of `conlens rank`. By default in the user's words (issue 31: each function, why it is
// there, what its runs showed, each failure's story); with `explain`, the table after 004 Tables
// V / IX / X: position, call order, depth, S_rate, rank, flags, and the failure invariants under
// each position, with the ranking's reasons.
import { assumptionText, scheduleName } from '../active/violation.js';
import { invariantChanges, invariantInWords, noPositionWords, positionInWords, storyInWords } from './plain-words.js';
import { viaDetail } from './fold-positions.js';
import type { HiddenFailureInvariant, Report } from './report-types.js';
import { notCheckedLines } from '../active/outcome.js';
import { isolationLines, isolationStepLines } from './isolation-text.js';

/** A hidden invariant's tag in the plain report: a folded one is no fixture, only not restated. */
const noiseTag = (inv: HiddenFailureInvariant) => `[${inv.noise === 'folded' ? 'not a change' : 'fixture noise'}: ${inv.detail}]`;
const hiddenLine = (inv: HiddenFailureInvariant) => `${inv.point}  <${inv.reference ?? 'null'}, ${inv.online ?? 'null'}>  (${inv.type}, ${inv.relationship})  [noise: ${inv.noise} — ${inv.detail}]`;

/** `all`: also the failure invariants the noise rules hid (`conlens rank --all`); `explain`: the
 *  papers' terms (`conlens rank --explain`). */
export function formatReport(report: Report, options: { invariantsPerPosition?: number; all?: boolean; explain?: boolean } = {}): string {
  return options.explain ? explainedReport(report, options) : plainReport(report, options);
}

/** The default text: the user's functions, lines, tasks and values; no paper codes. */
function plainReport(report: Report, options: { invariantsPerPosition?: number; all?: boolean }): string {
  const limit = options.invariantsPerPosition ?? 4;
  const hidden = report.hiddenFailureInvariants ?? [];
  const lines: string[] = [];
  const seeds = seedsLine(report);
  // Issue 32: the systematic search's bounded guarantee, in its own words.
  const explored = `${report.exploration ? `\n${report.exploration.statement}` : ''}${report.noChoice ? `\n${report.noChoice}` : ''}${report.timingOnly ? `\n${report.timingOnly}` : ''}`;
  if (report.notChecked) lines.push(...notCheckedLines(report.notChecked), '');
  if (report.outcome === 'not-checked' && report.positions.length === 0 && report.violations.length === 0) {
    if (report.runs > 0) lines.push(seeds + explored);
    for (const w of report.warnings) lines.push(`warning: ${w}`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(`Suspicious functions in ${report.project}`);
  lines.push(`${seeds}: ${report.summary.violations === 0 ? 'none failed' : `${report.summary.violations} failed`}${explored}`);
  for (const w of report.warnings) lines.push(`warning: ${w}`);
  lines.push(...failingTestLines(report));
  lines.push('');
  if (report.positions.length === 0) {
    if (report.outcome !== 'not-checked' || report.summary.violations > 0) lines.push(noPositionWords(report));
  } else {
    for (const p of report.positions) {
      const file = p.file?.startsWith(`${report.project}/`) ? p.file.slice(report.project.length + 1) : p.file;
      const where = file ? `  ${file}${p.line ? `:${p.line}` : ''}` : '';
      lines.push(`${p.rank}. ${p.function}${where}  ${p.confirmed ? 'confirmed' : 'not confirmed'}`);
      lines.push(...wrapText(sentence(positionInWords(p)), 96).map((l) => `   ${l}`));
      if (p.isolated) lines.push(...wrapText(sentence(p.isolated), 96).map((l) => `   ${l}`));
      if (p.schedule) lines.push(...wrapText(sentence(storyInWords(p.schedule.text)), 96).map((l) => `   ${l}`));
      const changes = invariantChanges(p.failureInvariants);
      for (const inv of changes.slice(0, limit)) lines.push(...wrapText(`- ${invariantInWords(inv)}`, 96).map((l, i) => `   ${i ? '  ' : ''}${l}`));
      if (changes.length > limit) lines.push(`   … ${changes.length - limit} more (--json has them all)`);
      if (options.all) for (const inv of hidden.filter((h) => h.function === p.function || h.function === p.id)) lines.push(`   - ${invariantInWords(inv)} ${noiseTag(inv)}`);
      const callers = [...new Set([p.kind === 'between' ? p.caller : undefined, ...(p.via ?? []).map((v) => (v.kind === 'between' ? v.caller : undefined))].filter((c): c is string => !!c && c !== p.function))];
      if (callers.length) lines.push(`   called from ${callers.map((c) => (c === '(test)' ? 'the test' : c)).join(', ')}`);
    }
  }
  if (hidden.length) {
    lines.push('', `${hidden.length} changed invariant${hidden.length === 1 ? '' : 's'} hidden as fixture noise (object identities, temp paths, ids, ports, timestamps, relations of constants)${options.all ? ':' : '; --all shows them'}`);
    const atRow = (h: HiddenFailureInvariant) => report.positions.some((p) => h.function === p.function || h.function === p.id);
    if (options.all) for (const inv of hidden.filter((h) => !atRow(h))) lines.push(`  - ${invariantInWords(inv)} ${noiseTag(inv)}`);
  }
  if (report.violations.length) lines.push('', `${report.summary.violations} of ${report.runs} runs failed; the first ${Math.min(3, report.violations.length)}:`);
  const told = new Set<string>();
  for (const v of report.violations.slice(0, 3)) {
    // The same failure told the same way again (trial17: three identical stories): its replay only.
    const same = `${v.kind}\n${v.message}\n${v.story ? storyInWords(v.story) : ''}`;
    if (told.has(same)) {
      lines.push('', `Failure: the same again, in another run — replay: conlens replay ${v.file ?? `--strategy ${v.strategy} --seed ${v.seed}`}${v.search ? ` (${scheduleName(v)})` : ''}`);
      continue;
    }
    told.add(same);
    lines.push('', `Failure: ${v.kind} — ${v.message}`);
    if (v.testCases?.length) lines.push(...wrapText(testCasesLine(v.testCases).trimStart(), 100).map((l) => `  ${l}`));
    if (v.verdict) lines.push(`  Oracle: ${v.verdict}`);
    if (v.story) lines.push(...wrapText(storyInWords(v.story), 100).map((l) => `  ${l}`));
    const assumed = assumptionText(v.assumes);
    if (assumed) lines.push(...wrapText(`Assumes: ${assumed}`, 100).map((l) => `  ${l}`));
    lines.push(`  replay: conlens replay ${v.file ?? `--strategy ${v.strategy} --seed ${v.seed}`}${v.search ? ` (${scheduleName(v)})` : ''}`);
    lines.push(...isolatedOr(report, v, stepLines(v)));
  }
  if (report.summary.unreached.length) lines.push('', `Not reached from the tests: ${report.summary.unreached.join(', ')}`);
  lines.push('', 'conlens rank --explain adds the ranking\'s terms (call order, depth, S_rate, failure flags) and its reasons.');
  return `${lines.join('\n')}\n`;
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

/** `--explain`: the papers' view (004 Tables V / IX / X). */
function explainedReport(report: Report, options: { invariantsPerPosition?: number; all?: boolean }): string {
  const limit = options.invariantsPerPosition ?? 4;
  const hidden = report.hiddenFailureInvariants ?? [];
  const lines: string[] = [];
  const seeds = seedsLine(report) +
    (report.exploration ? `\nsystematic: ${report.exploration.statement}` : '');
  // Issue 29: what was not checked comes first, and a rank that ran nothing shows no table.
  if (report.notChecked) lines.push(...notCheckedLines(report.notChecked), '');
  if (report.outcome === 'not-checked' && report.positions.length === 0 && report.violations.length === 0) {
    if (report.runs > 0) lines.push(seeds, ...(report.noChoice ? [report.noChoice] : []));
    for (const w of report.warnings) lines.push(`warning: ${w}`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(`Suspicious positions in ${report.project}`);
  lines.push(`${seeds}; detection rate ${(100 * report.summary.detectionRate).toFixed(0)} %; ${report.summary.failureInvariants} failure invariants ` +
    `(reference ${report.summary.referenceInvariants}, online ${report.summary.onlineInvariants})`);
  if (report.noChoice) lines.push(report.noChoice);
  if (report.timingOnly) lines.push(report.timingOnly);
  const bySchedule = report.positions.some((p) => p.schedule);
  lines.push(`order and depth count from the root ${report.root === '(test)' ? '(test): the integration test itself' : report.root}; ${bySchedule ? 'positions owning an access pattern of the failing runs rank first, then the other confirmed ones' : 'confirmed positions rank first'}`);
  for (const w of report.warnings) lines.push(`warning: ${w}`);
  lines.push(...failingTestLines(report));
  lines.push('');
  if (report.positions.length === 0) {
    // Issue 14: never "no suspicious position" when a run failed; issue 29: an all-clear only from
    // runs that checked something; issue 31: true to the failure invariants the header counts.
    if (report.outcome !== 'not-checked' || report.summary.violations > 0) lines.push(noPositionWords(report));
  } else {
    const rows = report.positions.map((p) => [
      String(p.rank),
      p.function,
      p.order === null ? '-' : p.order.toFixed(2).replace(/\.00$/, ''),
      p.depth.toFixed(2).replace(/\.00$/, ''),
      p.score.toFixed(3),
      `(${p.flags.EN},${p.flags.EX})`,
      statusText(p),
    ]);
    const header = ['rank', 'position', 'order', 'depth', 'S_rate', 'flags', 'status'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
    lines.push(row(header), row(widths.map((w) => '-'.repeat(w))));
    report.positions.forEach((p, i) => {
      lines.push(row(rows[i]));
      for (const inv of p.failureInvariants.slice(0, limit)) {
        lines.push(`      ${inv.point}  <${inv.reference ?? 'null'}, ${inv.online ?? 'null'}>  (${inv.type}, ${inv.relationship})`);
      }
      if (p.failureInvariants.length > limit) lines.push(`      … ${p.failureInvariants.length - limit} more`);
      if (options.all) for (const inv of hidden.filter((h) => h.function === p.function || h.function === p.id)) lines.push(`      ${hiddenLine(inv)}`);
      const via = viaDetail(p);
      if (via) lines.push(`      via: ${via}`);
      if (p.reason) lines.push(`      why: ${p.reason}`);
    });
  }
  if (hidden.length) {
    const counts = Object.entries(report.summary.noise ?? {}).filter(([, n]) => n > 0).map(([rule, n]) => `${rule} ${n}`);
    lines.push('', `${hidden.length} failure invariant${hidden.length === 1 ? '' : 's'} hidden as fixture noise (${counts.join(', ')})${options.all ? ':' : '; --all shows them'}`);
    // Those at a ranked function are listed under its row above; the rest here.
    const atRow = (h: HiddenFailureInvariant) => report.positions.some((p) => h.function === p.function || h.function === p.id);
    if (options.all) for (const inv of hidden.filter((h) => !atRow(h))) lines.push(`  ${hiddenLine(inv)}`);
  }
  if (report.violations.length) lines.push('', `${report.summary.violations} of ${report.runs} runs showed a real violation; the first ${Math.min(3, report.violations.length)}:`);
  for (const v of report.violations.slice(0, 3)) {
    // The story first, in the user's words (issue 14); the paper's details after it.
    lines.push('', `Violation: ${v.kind} — ${v.message}`);
    if (v.testCases?.length) lines.push(...wrapText(testCasesLine(v.testCases).trimStart(), 100).map((l) => `  ${l}`));
    if (v.verdict) lines.push(`  Oracle: ${v.verdict}`);
    if (v.story) lines.push(...wrapText(v.story, 100).map((l) => `  ${l}`));
    const assumed = assumptionText(v.assumes);
    if (assumed) lines.push(...wrapText(`Assumes: ${assumed}`, 100).map((l) => `  ${l}`));
    lines.push(`  details: ${scheduleName(v)}; replay: conlens replay ${v.file ?? ''}`.trimEnd());
    if (v.interleaving) {
      const i = v.interleaving;
      lines.push(`  interleaving: ${i.pattern} (${i.name}) on ${i.variable}; region ${i.region.kind} of ${i.region.owner} (${i.region.task}), conflicting ${i.conflicting.op} by ${i.conflicting.function} (${i.conflicting.task})`);
    }
    if (v.implicated.length) lines.push(`  implicates ${v.implicated.join(', ')}`);
    lines.push(...isolatedOr(report, v, stepLines(v)));
  }
  if (report.summary.unreached.length) lines.push('', `Not on the call graph from a root: ${report.summary.unreached.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** How many runs, which strategy and seeds (synthesized tests: per test). */
function seedsLine(report: Report): string {
  const each = report.tests ? report.runs / report.tests : report.runs;
  const runs = report.tests ? `${report.runs} integration runs (${report.tests} synthesized tests × ${each})` : `${report.runs} integration run${report.runs === 1 ? '' : 's'}`;
  // The search's schedules are no seeds (trial17: "seeds 1…20", and `replay --seed 1` refused):
  // the exploration line below names the random runs' seeds.
  if (report.exploration && (report.strategy === 'combined' || report.strategy === 'systematic')) return `${runs}, strategy ${report.strategy}`;
  return `${runs}, strategy ${report.strategy}, seeds ${report.seed}…${report.seed + each - 1}${report.tests ? ' each' : ''}`;
}

/** A parameterized test fails as many cases at once: the text lists the first few. */
const MAX_TESTS_LISTED = 5;

/** The test cases a violation failed in, the first few. */
function testCasesLine(cases: { name: string; file: string; line: number; ordinal?: number }[]): string {
  const more = cases.length > MAX_TESTS_LISTED ? ` and ${cases.length - MAX_TESTS_LISTED} more` : '';
  return `  in ${cases.slice(0, MAX_TESTS_LISTED).map(testCaseText).join('; ')}${more}`;
}

/** Issue 31: which tests failed, and that the ranking reads only theirs. */
function failingTestLines(report: Report): string[] {
  const tests = report.failingTests ?? [];
  if (!tests.length) return [];
  const shown = tests.slice(0, MAX_TESTS_LISTED);
  return [
    `failing test${tests.length === 1 ? '' : 's'} (the ranking and stories use only ${tests.length === 1 ? 'its' : 'their'} events):`,
    ...shown.map((t) => `  ${testCaseText(t)}`),
    ...(tests.length > shown.length ? [`  … and ${tests.length - shown.length} more (report.json lists them all)`] : []),
  ];
}

/** A test case as the user finds it: `"transfers twice" (test/bank.test.ts:12)`. */
export function testCaseText(t: { name: string; file: string; line: number; ordinal?: number }): string {
  // A second test of the same name in the file is told apart by its place among them.
  return `"${t.name}"${t.ordinal ? ` (#${t.ordinal} of that name)` : ''} (${t.file}${t.line ? `:${t.line}` : ''})`;
}

/** Under the violation whose schedule was isolated (Choi & Zeller): the minimal difference and
 *  the minimal failing schedule instead of the whole run's steps; the isolation skipped: why, then
 *  the steps. */
function isolatedOr(report: Report, v: Report['violations'][number], steps: string[]): string[] {
  const isolation = report.isolation;
  const first = report.violations[0] === v;
  if (!isolation || !(isolation.of ? isolation.of === v.file || (first && !report.violations.some((w) => w.file === isolation.of)) : first)) return steps;
  const lines = isolationLines(isolation).flatMap((l) => wrapText(l.trimStart(), 100).map((w) => `  ${l.startsWith('  ') ? '  ' : ''}${w}`));
  if (isolation.status !== 'isolated' || !isolation.schedule?.length) return [...lines, ...steps];
  return [...lines, `  the minimal failing schedule${isolation.violationFile ? ` (conlens replay ${isolation.violationFile})` : ''}:`, ...isolationStepLines(isolation)];
}

/** The steps under a violation: the ones its story cites (marked ▶: an interleaving's, else an
 *  order dependence's write and read, and the reads on a stale read's path) and what those tasks did between them, then the run's last
 *  steps; else the last steps. */
function stepLines(v: Report['violations'][number], limit = 16): string[] {
  const line = (step: Report['violations'][number]['trace'][number], cited: boolean) =>
    `  ${cited ? '▶' : ' '}${String(step.step).padStart(4)}  ${step.task.padEnd(4)} ${step.function}  ${step.file}:${step.line}  ${step.event}`;
  const cited = new Set(v.interleaving ? v.interleaving.steps.map((s) => s.step) : v.order ? [v.order.write, v.order.read, ...(v.order.via ?? [])] : []);
  if (!cited.size) return v.trace.slice(-12).map((s) => line(s, false));
  const first = Math.min(...cited);
  const last = Math.max(...cited);
  const tasks = new Set(v.interleaving ? [v.interleaving.region.task, v.interleaving.conflicting.task] : v.order!.tasks);
  let window = v.trace.filter((s) => s.step >= first && s.step <= last && (cited.has(s.step) || tasks.has(s.task)));
  // Too many: the cited steps and the step right before each (what led to it).
  if (window.length > limit) window = window.filter((s, k) => cited.has(s.step) || (k + 1 < window.length && cited.has(window[k + 1].step)));
  const tail = v.trace.filter((s) => s.step > last).slice(-3);
  const lines = window.map((s) => line(s, cited.has(s.step)));
  if (tail.length) lines.push('     …', ...tail.map((s) => line(s, false)));
  return lines;
}

/** The status column: the evidence tier of a confirmed position (rank.ts), else drift. */
function statusText(p: Report['positions'][number]): string {
  if (!p.confirmed) return p.status;
  if (p.schedule?.strength === 0) return 'confirmed (its update was split in failing runs)';
  if (p.evidence === 'region owner') return 'confirmed (owns the interrupted region)';
  if (p.evidence === 'conflicting writer') return 'confirmed (conflicting writer)';
  if (p.evidence === 'interrupted' || p.interrupted) return 'confirmed (update interrupted)';
  if (p.schedule) return 'confirmed (access order of failing runs)';
  return p.status;
}

/** Words to lines of at most `width` characters. */
/** Words wrapped to `width` columns (stories and reasons in the text outputs). */
export function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}
