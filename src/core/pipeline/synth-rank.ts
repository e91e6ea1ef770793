// Synthesis → rank (DESIGN §1 step 1): with no concurrent tests configured (or when asked), rank
// synthesizes them from the unit tests (conlens synth: INTRUDER, He et al.) and runs them as its
// integration suite.
import { callsScope, type NotChecked } from '../active/outcome.js';
import type { LoadedConfig } from '../config/config-types.js';
import { SynthInputError, synthesize } from '../synth/synthesize.js';
import { RankInputError, type RankClock, type RankOptions } from './rank-options.js';

/** Synthesized tests rank runs by default: INTRUDER's first, then He et al.'s (plan-tests.ts). */
const SYNTH_MAX = 6;

/** The integration suite rank runs under the scheduler. */
export interface IntegrationSuite {
  /** The project, with the synthesized tests as its integration command when there are some. */
  loaded: LoadedConfig;
  /** The synthesized tests: their folder and, per test, the command that runs it alone. */
  synthesized?: { dir: string; commands: string[][] };
  /** What the user must know about the suite. */
  warning?: string;
}

/** The configured integration suite, or the tests synthesized from the unit tests; `notChecked`
 *  when none could be synthesized (then there is nothing to run, nothing to rank). */
export async function integrationSuite(loaded: LoadedConfig, options: Pick<RankOptions, 'synthesize' | 'synthMethod' | 'synthMax' | 'signal' | 'runs'>, clock: RankClock): Promise<IntegrationSuite | { notChecked: NotChecked }> {
  const { config } = loaded;
  if (config.integration && !options.synthesize) return { loaded };
  clock.stage('call graph', 'synthesizing concurrent tests from the unit tests (conlens synth)');
  let synth: Awaited<ReturnType<typeof synthesize>>;
  try {
    synth = await synthesize(loaded, { method: options.synthMethod ?? 'both', max: options.synthMax ?? SYNTH_MAX, signal: options.signal });
  } catch (error) {
    if (error instanceof SynthInputError) throw new RankInputError(error.message);
    throw error;
  }
  if (synth.files.length === 0) {
    // Nothing the unit tests call can interleave on shared state (every pair is guarded by a
    // lock both take, or by the event loop). Which stage came up empty (000 Table 6's columns):
    // no shared access at all, no conflicting pair, or pairs every one of which is guarded.
    const why = synth.skipped.length ? `${synth.skipped.length} candidate(s) skipped: ${[...new Set(synth.skipped.map((s) => s.note))].slice(0, 3).join('; ')}`
      : synth.counts.dependencies === 0 ? 'the calls the unit tests make touch no state reached from a receiver, a parameter or a module variable'
      : synth.counts.pairs === 0 ? 'no access of one call can come between two accesses of another to the same location (000 Fig. 6)'
      : 'every pair of calls the unit tests make on shared state is guarded by a lock both take, or runs in one synchronous step';
    // Issue 29: no run is no all-clear — say what went unchecked and how to have it checked.
    return {
      notChecked: {
        what: callsScope(synth.called, 'the unit tests', config.include),
        why: `no integration test ran: none could be synthesized from the unit tests (${why}), and ${config.integration ? 'rank --synthesize runs only synthesized tests' : 'no "integration" command is configured'}`,
        todo: `${config.integration ? 'run rank without --synthesize, or ' : ''}configure an "integration" command whose tests call them concurrently, e.g. await Promise.all([a(), b()])`,
      },
    };
  }
  return {
    loaded: { ...loaded, config: { ...config, integration: { command: synth.command, runs: config.integration?.runs ?? options.runs } } },
    synthesized: { dir: synth.outDir, commands: synth.commands },
    warning: `the integration suite is ${synth.files.length} test(s) synthesized from the unit tests in ${synth.outDir} (conlens synth)`,
  };
}
