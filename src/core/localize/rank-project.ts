// `conlens rank`: the whole 004 pipeline on a project, stage by stage —
//   static call graph → unit runs traced → reference invariants → integration runs under the
//   controlled scheduler → online invariants and real violations → failure invariants (diff) →
//   reduction, failure flags, DFS, S_rate (localize) → report.
// Each stage is one of the engine's functions; this file only wires them and reports progress.
import type { LoadedConfig } from '../config/config-types.js';
import { fuzz, type FuzzStrategy } from '../active/fuzz.js';
import { failureInvariants } from '../invariants/diff.js';
import { mineInvariants } from '../invariants/miner.js';
import { analyzeProject } from '../static/analyze.js';
import { callOrdersOf } from '../trace/call-orders.js';
import { runTraced } from '../trace/run-traced.js';
import type { Report } from '../report/report-types.js';
import { localize } from './index.js';

export interface RankOptions {
  strategy: FuzzStrategy;
  runs: number;
  seed: number;
  jobs: number;
  confidence?: number;
  onStage?: (stage: string, detail?: string) => void;
  signal?: AbortSignal;
}

/** How many final steps of a violation's schedule confirm the functions they ran in. */
const CONFIRMING_STEPS = 8;

/** A precondition of the analysis that does not hold, said in the user's terms. */
export class RankInputError extends Error {}

export async function rankProject(loaded: LoadedConfig, options: RankOptions): Promise<Report> {
  const { config } = loaded;
  const stage = options.onStage ?? (() => {});
  if (!config.unit) throw new RankInputError(`${loaded.file}: no "unit" command: reference invariants come from a passing sequential suite; add { "unit": { "command": "…" } }`);
  if (!config.integration) throw new RankInputError(`${loaded.file}: no "integration" command: online invariants come from the concurrent tests; add { "integration": { "command": "…" } }`);

  stage('call graph');
  const analysis = analyzeProject(loaded.root, { include: config.include, roots: config.roots, atomic: config.atomic, locks: config.locks });

  stage('unit runs', config.unit ? String(config.unit.command) : '');
  const unit = await runTraced(loaded, { suite: 'unit', signal: options.signal });
  if (!unit.passed) {
    throw new RankInputError(
      `the unit tests ${unit.timedOut ? 'hung' : 'failed'} (${unit.argv.join(' ')}): reference invariants need a passing sequential suite; fix them first (conlens check shows the output)`,
    );
  }
  const reference = await mineInvariants([unit.runDir], { confidence: options.confidence });

  stage('integration runs', `${options.runs} × ${options.strategy}`);
  const fuzzed = await fuzz(loaded, { strategy: options.strategy, runs: options.runs, seed: options.seed, jobs: options.jobs, signal: options.signal });
  const runDirs = fuzzed.outcomes.map((o) => o.runDir);
  const online = await mineInvariants(runDirs, { confidence: options.confidence });
  const executions = (await Promise.all(runDirs.map((dir) => callOrdersOf(dir)))).flat();
  if (executions.length === 0) {
    throw new RankInputError('the integration runs called no instrumented function: does "include" match the code the integration tests run?');
  }

  stage('localize');
  const diff = failureInvariants(reference, online);
  const violations = fuzzed.outcomes.filter((o) => o.violationFile);
  const confirmed = new Set<string>();
  const reportViolations: Report['violations'] = [];
  if (fuzzed.firstViolation) {
    // A real violation confirms the functions that ran in the last steps of its schedule: the
    // interleaving right before the failure (earlier steps are often unrelated set-up).
    for (const step of fuzzed.firstViolation.schedule.slice(-CONFIRMING_STEPS)) confirmed.add(step.function);
    const first = violations[0];
    reportViolations.push({
      kind: fuzzed.firstViolation.kind,
      message: fuzzed.firstViolation.message,
      strategy: fuzzed.firstViolation.strategy,
      seed: fuzzed.firstViolation.seed,
      file: first?.violationFile,
      trace: fuzzed.firstViolation.schedule,
    });
  }
  const result = localize({ failureInvariants: diff.failureInvariants, analysis, callOrders: executions, confirmed: [...confirmed] });
  const count = (set: { points: { invariants: { justified: boolean }[] }[] }) =>
    set.points.reduce((n, p) => n + p.invariants.filter((i) => i.justified).length, 0);
  return {
    version: 1,
    project: loaded.root,
    runs: fuzzed.runs,
    strategy: options.strategy,
    seed: options.seed,
    positions: result.positions.map((p) => ({ ...p, status: p.confirmed ? 'confirmed' : 'invariant drift only' })),
    violations: reportViolations,
    summary: {
      referenceInvariants: count(reference),
      onlineInvariants: count(online),
      failureInvariants: diff.failureInvariants.length,
      detectionRate: fuzzed.detectionRate,
      unreached: result.unreached,
    },
  };
}
