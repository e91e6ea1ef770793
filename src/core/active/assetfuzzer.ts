// ASSETFUZZER (001) for `conlens fuzz --strategy assetfuzzer`: phase I runs the integration command
// once, traced without a scheduler (001's profiling run), and finds the potential atomic-set
// serializability violations of that run (rpoet.ts → hybrid-analysis.ts); phase II is the
// `assetfuzzer` strategy of the controlled scheduler (runtime/strategies/assetfuzzer.ts), which
// each run points at one of them in turn (001 §5.2 runs phase II per inferred violation).
import type { LoadedConfig } from '../config/config-types.js';
import type { AsfTarget } from '../runtime/strategies/assetfuzzer.js';
import { runTraced } from '../trace/run-traced.js';
import { atomicSetsAndUnits, type AtomicSet } from './atomic-sets.js';
import { TABLE_1, patternSentence } from './access-patterns.js';
import { hybridAnalysis, type PotentialViolation } from './hybrid-analysis.js';
import { readRpoets } from './rpoet.js';

export interface AssetFuzzerPlan {
  atomicSets: AtomicSet[];
  potential: PotentialViolation[];
  byId: Map<string, PotentialViolation>;
  /** Phase I's run and analysis, wall time. */
  phaseOneMs: number;
  runDir: string;
}

/** A potential violation with what phase II made of it over the runs that aimed at it. */
export interface SerializabilityOutcome extends PotentialViolation {
  runs: number;
  realised: number;
  /** Realised and the run failed: a bug. */
  bugs: number;
  /** Realised and the run passed: a non-serializable interleaving that was harmless this time. */
  harmless: number;
}

export class PhaseOneError extends Error {}

export async function phaseOne(loaded: LoadedConfig, options: { out?: string; signal?: AbortSignal }): Promise<AssetFuzzerPlan> {
  const started = performance.now();
  const running = runTraced(loaded, { suite: 'integration', ...(options.out ? { out: options.out } : {}), ...(options.signal ? { signal: options.signal } : {}) });
  // The static part (loading the project) takes seconds of CPU: done while the test process runs.
  await new Promise((resolve) => setTimeout(resolve, 20));
  let statics: ReturnType<typeof atomicSetsAndUnits>;
  try {
    statics = atomicSetsAndUnits(loaded);
  } catch (error) {
    await running.catch(() => undefined);
    throw error;
  }
  const { sets, units } = statics;
  const run = await running;
  const potential = new Map<string, PotentialViolation>();
  for (const events of await readRpoets(run.runDir, units)) {
    for (const violation of hybridAnalysis(events, { atomicSets: sets })) if (!potential.has(violation.id)) potential.set(violation.id, violation);
  }
  const list = [...potential.values()];
  return { atomicSets: sets, potential: list, byId: potential, phaseOneMs: performance.now() - started, runDir: run.runDir };
}

/** The potential violation run `seed` aims at (round robin), as the strategy matches it. */
export function targetOf(plan: AssetFuzzerPlan, seed: number): AsfTarget | undefined {
  if (!plan.potential.length) return undefined;
  const violation = plan.potential[seed % plan.potential.length];
  return {
    id: violation.id,
    steps: violation.events.map((e) => ({
      role: e.role === 'u' ? 0 : 1,
      op: e.op === 'read' ? 'r' : 'w',
      loc: e.loc,
      ...(e.up ? { up: true } : {}),
      site: e.site,
      ctx: e.ctx,
      ...(e.gate !== undefined ? { gate: e.gate } : {}),
      ...(e.gates ? { gates: e.gates } : {}),
      ...(e.release ? { release: e.release } : {}),
    })),
  };
}

/** The four (or three) steps in the user's words: "1. u Account.copyFrom reads checking at
 *  src/account.ts:52 (in Account.getChk)". */
export function violationSteps(violation: PotentialViolation): string[] {
  return violation.events.map((e, i) => {
    const unit = e.role === 'u' ? violation.units[0] : violation.units[1];
    const where = e.function !== unit ? ` (in ${e.function})` : '';
    return `${i + 1}. ${unit} ${e.op === 'read' ? 'reads' : 'writes'} ${e.location} at ${e.file}:${e.line}${where}`;
  });
}

/** The pattern in plain words, with the units and locations of this violation. */
export function patternSentenceOf(violation: PotentialViolation): string {
  const pattern = TABLE_1.find((p) => p.row === violation.row)!;
  const first = violation.events[0].location;
  const second = violation.events.find((e) => e.location !== first)?.location;
  return patternSentence(pattern, violation.units[0], violation.units[1], [first, second]);
}
