// SARIF 2.1.0 (OASIS) for `conlens rank --sarif`: one result per suspicious position and one per
// real violation (a rank that could not check has none, and a notification saying why).
// Positions carry their failure invariants in the message (004 Tables V/IX: position, order,
// depth, S_rate, flags, <reference, online> pairs); violations carry the scheduler's steps as a
// code flow (one thread flow per task, in schedule order).
import { isAbsolute, relative } from 'node:path';
import type * as Sarif from 'sarif';
import { viaDetail } from './fold-positions.js';
import type { Report } from './report-types.js';
import { TABLE_1 } from '../active/access-patterns.js';
import { patternSentenceOf, violationSteps } from '../active/assetfuzzer.js';
import { assumptionText, scheduleName } from '../active/violation.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const RULES: Sarif.ReportingDescriptor[] = [
  { id: 'conlens/position-confirmed', name: 'ConfirmedSuspiciousPosition', shortDescription: { text: 'Suspicious position confirmed by a real violation of the controlled scheduler' }, helpUri: 'https://doi.org/10.1109/TR.2017.2681158', defaultConfiguration: { level: 'error' } },
  { id: 'conlens/position-drift', name: 'InvariantDriftPosition', shortDescription: { text: 'Suspicious position: failure invariants only (invariant drift, no violation observed)' }, defaultConfiguration: { level: 'warning' } },
  { id: 'conlens/deadlock', name: 'Deadlock', shortDescription: { text: 'Deadlock: tasks wait for each other\'s locks' }, defaultConfiguration: { level: 'error' } },
  { id: 'conlens/hang', name: 'Hang', shortDescription: { text: 'Hang: nothing could run and nothing happened' }, defaultConfiguration: { level: 'error' } },
  { id: 'conlens/exception', name: 'Exception', shortDescription: { text: 'Uncaught exception under a controlled schedule' }, defaultConfiguration: { level: 'error' } },
  { id: 'conlens/failed-assertion', name: 'FailedAssertion', shortDescription: { text: 'A test assertion failed under a controlled schedule' }, defaultConfiguration: { level: 'error' } },
  { id: 'conlens/unhandled-rejection', name: 'UnhandledRejection', shortDescription: { text: 'Unhandled promise rejection under a controlled schedule' }, defaultConfiguration: { level: 'error' } },
  // One rule per row of 001 Table 1: a failing run in which ASSETFUZZER realised that pattern.
  ...[...new Map(TABLE_1.map((p) => [p.row, p])).values()].map((p): Sarif.ReportingDescriptor => ({
    id: atomicSetRuleId(p.row),
    name: `AtomicSetSerializabilityRow${p.row}`,
    shortDescription: { text: `Atomic-set serializability violation (001 Table 1 row ${p.row}, ${p.notation}): ${p.description}` },
    fullDescription: { text: `${p.name}. The run realised this problematic access pattern of Vaziri et al. between two units of work on one atomic set, and then failed.` },
    helpUri: 'https://doi.org/10.1145/1806799.1806836',
    defaultConfiguration: { level: 'error' },
  })),
];

export function atomicSetRuleId(row: number): string {
  return `conlens/atomic-set-row-${row}`;
}

const ruleIndex = (id: string) => RULES.findIndex((r) => r.id === id);

export function violationRuleId(kind: string): string {
  return `conlens/${kind.replace(/\s+/g, '-')}`;
}

export function toSarif(report: Report, options: { toolVersion?: string } = {}): Sarif.Log {
  const uri = (file: string) => (isAbsolute(file) ? relative(report.project, file) : file).split('\\').join('/');
  const location = (file: string | undefined, line: number | undefined, message?: string): Sarif.Location[] =>
    file === undefined
      ? []
      : [
          {
            physicalLocation: { artifactLocation: { uri: uri(file), uriBaseId: 'PROJECTROOT' }, ...(line ? { region: { startLine: line } } : {}) },
            ...(message ? { message: { text: message } } : {}),
          },
        ];
  const results: Sarif.Result[] = [];
  for (const p of report.positions) {
    const ruleId = p.confirmed ? 'conlens/position-confirmed' : 'conlens/position-drift';
    const name = p.function;
    const invariants = p.failureInvariants.map((i) => `  ${i.point} <${i.reference ?? 'null'}, ${i.online ?? 'null'}> (${i.type}, ${i.relationship})`);
    results.push({
      ruleId,
      ruleIndex: ruleIndex(ruleId),
      level: p.confirmed ? 'error' : 'warning',
      rank: Math.max(0, Math.min(100, 100 * p.score)),
      message: {
        text: [
          `Rank ${p.rank}: ${name} — S_rate ${p.score.toFixed(3)} (depth ${p.depth}, order ${p.order ?? 'unknown'}), flags (${p.flags.EN},${p.flags.EX}), ${p.status}.`,
          ...(viaDetail(p) ? [`Via: ${viaDetail(p)}.`] : []),
          p.reason,
          ...(invariants.length ? ['Failure invariants <reference, online>:', ...invariants] : []),
        ].join('\n'),
      },
      locations: location(p.file, p.line),
      partialFingerprints: { conlensPosition: `function:${p.id ?? p.function}` },
      properties: { rank: p.rank, kind: p.kind, case: p.case, order: p.order, depth: p.depth, score: p.score, flags: p.flags, confirmed: p.confirmed, failureInvariants: p.failureInvariants },
    });
  }
  for (const v of report.violations) {
    const ruleId = v.serializability ? atomicSetRuleId(v.serializability.row) : violationRuleId(v.kind);
    const asf = v.serializability;
    const last = asf ? asf.events[asf.events.length - 1] : [...v.trace].reverse().find((s) => s.file);
    const tasks = [...new Set(v.trace.map((s) => s.task))];
    results.push({
      ruleId,
      ruleIndex: ruleIndex(ruleId),
      level: 'error',
      message: { text: `${asf ? `${patternSentenceOf(asf)}: ${violationSteps(asf).join(' ')} ` : ''}${v.story ? `${v.story} ` : ''}${v.assumes ? `Assumes: ${assumptionText(v.assumes)} ` : ''}${v.kind}: ${v.message} (${scheduleName(v)}${v.file ? `; replay: conlens replay ${v.file}` : ''})${v.implicated.length ? `. Implicates ${v.implicated.join(', ')}.` : ''}` },
      locations: last ? location(last.file, last.line) : [],
      ...(v.trace.length
        ? { codeFlows: [
            {
              message: { text: `the schedule, ${v.trace.length} steps` },
              threadFlows: tasks.map((task) => ({
                id: task,
                message: { text: `task ${task}` },
                locations: v.trace
                  .filter((s) => s.task === task)
                  .map((s) => ({ executionOrder: s.step, location: { ...location(s.file, s.line, `${s.function}: ${s.event}`)[0] } })),
              })),
            },
          ] }
        : {}),
      ...(asf ? { relatedLocations: asf.events.flatMap((e, i) => location(e.file, e.line, violationSteps(asf)[i]).map((l) => ({ ...l, id: i }))) } : {}),
      properties: { strategy: v.strategy, seed: v.seed, ...(v.cycle ? { cycle: v.cycle } : {}), implicated: v.implicated, ...(asf ? { pattern: asf.notation, units: asf.units, vulnerableWindowLockset: asf.vulnerableWindowLockset } : {}) },
    });
  }
  // Issue 29: a rank that could not check says so to code scanning too — no results is then no
  // all-clear, and the notification tells why (what was not checked, what to do).
  const notChecked = report.notChecked;
  const notifications: Sarif.Notification[] = [
    ...(notChecked ? [{ level: 'error' as const, descriptor: { id: 'conlens/not-checked' }, message: { text: `Not checked: ${notChecked.what}. Why: ${notChecked.why}. To check it: ${notChecked.todo}.` } }] : []),
    ...(report.warnings ?? []).map((w): Sarif.Notification => ({ level: 'warning', message: { text: w } })),
  ];
  return {
    version: '2.1.0',
    $schema: SARIF_SCHEMA,
    runs: [
      {
        tool: { driver: { name: 'conlens', version: options.toolVersion ?? '0.0.0', rules: RULES } },
        invocations: [{ executionSuccessful: report.outcome !== 'not-checked', ...(notifications.length ? { toolExecutionNotifications: notifications } : {}) }],
        originalUriBaseIds: { PROJECTROOT: { uri: `file://${report.project.split('\\').join('/').replace(/\/?$/, '/')}` } },
        results,
        properties: { ...(report.outcome ? { outcome: report.outcome } : {}), runs: report.runs, strategy: report.strategy, seed: report.seed, root: report.root, summary: report.summary, warnings: report.warnings },
      },
    ],
  };
}
