// What `conlens rank` takes and tells while it runs: its options, its stages with their progress and
// timings, and the error for a precondition the analysis needs. Apart from rank.ts so that the
// steps (synth-rank.ts, rank-steps.ts) share them without importing the flow.
import type { FuzzResult, FuzzStrategy } from '../active/fuzz.js';
import type { SynthMethodOption } from '../synth/synthesize.js';

/** The stages, in order, with the share of the work each ends at (for `--progress json`). */
export const RANK_STAGES = [
  { stage: 'call graph', percent: 5 },
  { stage: 'unit runs', percent: 20 },
  { stage: 'reference invariants', percent: 25 },
  { stage: 'integration runs', percent: 85 },
  { stage: 'online invariants', percent: 92 },
  { stage: 'localize', percent: 98 },
] as const;
export type RankStage = (typeof RANK_STAGES)[number]['stage'];

export interface RankProgress {
  stage: RankStage;
  message: string;
  /** 0-100: the share of the whole job done when this stage (or this run) started. */
  percent: number;
}

export interface RankOptions {
  strategy: FuzzStrategy;
  runs: number;
  seed: number;
  jobs: number;
  confidence?: number;
  onProgress?: (progress: RankProgress) => void;
  signal?: AbortSignal;
  /** The integration runs already made (the merged shards of `rank --shard`): not run again. */
  integration?: FuzzResult;
  /** Synthesize the integration tests from the unit tests (conlens synth) even when an
   *  integration command is configured; without one, rank always does. */
  synthesize?: boolean;
  /** Which synthesis: intruder, he or both (default both). */
  synthMethod?: SynthMethodOption;
  /** At most this many synthesized tests (default SYNTH_MAX): every integration run runs them all. */
  synthMax?: number;
  /** Schedule isolation (Choi & Zeller, pipeline/isolate.ts): candidate replays at most (default
   *  16); 0: no isolation. */
  isolateBudget?: number;
  /** Stage timings (ms), filled in as the stages end (bench/rank). */
  timings?: Partial<Record<RankStage, number>>;
}

/** A precondition of the analysis that does not hold, said in the user's terms. */
export class RankInputError extends Error {}

/** Reports each stage (and each run within one) to `onProgress`, and adds up the time spent in
 *  each stage to `timings`. */
export class RankClock {
  private startedAt = performance.now();
  private current: RankStage | undefined;

  constructor(private readonly options: Pick<RankOptions, 'onProgress' | 'timings'>) {}

  /** Enters `name` (or stays in it); `percent`: where within the job, default where it starts. */
  stage(name: RankStage, message: string, percent?: number): void {
    const now = performance.now();
    const { timings } = this.options;
    if (this.current && timings && this.current !== name) timings[this.current] = (timings[this.current] ?? 0) + now - this.startedAt;
    if (this.current !== name) this.startedAt = now;
    this.current = name;
    const index = RANK_STAGES.findIndex((s) => s.stage === name);
    this.options.onProgress?.({ stage: name, message, percent: Math.round(percent ?? (index > 0 ? RANK_STAGES[index - 1].percent : 0)) });
  }

  /** The job is over (done, or stopped early with a report): the last stage's time counts. */
  end(): void {
    const { timings } = this.options;
    if (this.current && timings) timings[this.current] = (timings[this.current] ?? 0) + performance.now() - this.startedAt;
    this.current = undefined;
  }
}
