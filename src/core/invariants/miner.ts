// The invariant miner (issue "invariant miner and diff"; DESIGN §4; 004 §III-B): Daikon-style
// likely invariants per program point from the program-point samples of one or more runs.
//
// Streaming: each sample updates the incremental state of its points (program-points.ts) — per
// variable one unary state, per comparable pair one binary state, per numeric triple one ternary
// state — and falsified pairs and triples leave the live lists at once, so a sample costs the
// surviving templates only. Nothing keeps samples; memory is bounded by points × variables² (and
// × variables³ for ternary, up to MAX_TERNARY_VARS numeric variables per point).
//
// Bad input, handled without a crash:
// - an empty run folder or a trace with no samples → an InvariantSet without points;
// - a truncated trace (a killed process) → readSamples reads up to the cut; activations still
//   open have only their ENTER sample;
// - a point with one sample → its OneOfs (Daikon justifies them at once) and unjustified rest;
// - NaN and ±Infinity → double values: NaN falsifies the order comparisons, bounds, NonZero,
//   Modulus and linear templates of its variable (NaN compares false), ±Infinity keeps the bounds
//   and comparisons but falsifies the linear ones; OneOfFloat prints them as Java does;
// - one variable with values of several kinds (a number, then a string) → "mixed": its typed
//   templates and pairs are dropped, OneOfString over JavaScript renderings and typeof(v) remain;
// - a folder that is not a run folder → readSamples' TraceFormatError, as for every stage.
import type { PointSample } from '../trace/read-trace.js';
import type { TestScope } from '../trace/test-cases.js';
import { readSamples } from '../trace/read-trace.js';
import { DEFAULT_CONFIDENCE } from './confidence.js';
import type { InvariantSet, ProgramPointInvariants } from './invariant-types.js';
import { functionPointBase, pointName, PointState, type PointKindName } from './program-points.js';
import { pointInvariants } from './suppress.js';

export interface MineOptions {
  /** Only these test cases' events (issue 31: the failing test's), when set. */
  testCases?: TestScope;
  /** Daikon's confidence limit (default 0.99): justified ⇔ confidence ≥ it (and the template's
   *  sample rules). */
  confidence?: number;
  /** Also mine one point per return line (`Name:::EXIT12`, kind SUBEXIT). Default false. */
  perExit?: boolean;
  /** Fold constants (no binary/ternary invariants against a one-valued variable). Default true;
   *  false relates them as Daikon does. */
  foldConstants?: boolean;
  /** Ternary templates (LinearTernary). Default true. */
  ternary?: boolean;
  /** Relate int with double variables (default true; Daikon does not). */
  intDouble?: boolean;
  /** The Modulus template `x % m == r` (default true; Daikon ships it disabled). */
  modulus?: boolean;
  /** The derived string length `s.length` (default true; Daikon has none). */
  stringLength?: boolean;
}

/** The options that make the miner report what Daikon reports on our export (bench, comparison). */
export const DAIKON_COMPATIBLE: MineOptions = { foldConstants: false, intDouble: false, modulus: false, stringLength: false };

/** Incremental miner: feed samples with `add`, read the set with `result`. */
export class InvariantMiner {
  private readonly points = new Map<string, PointState>();
  private readonly confidence: number;
  private readonly perExit: boolean;
  private readonly foldConstants: boolean;
  private readonly ternary: boolean;
  private readonly intDouble: boolean;
  private readonly modulus: boolean;
  private readonly stringLength: boolean;
  /** Identity base of the current run (object ids restart per process and run). */
  private run = 0;
  samples = 0;

  constructor(options: MineOptions = {}) {
    const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
    this.confidence = Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : DEFAULT_CONFIDENCE;
    this.perExit = options.perExit ?? false;
    this.foldConstants = options.foldConstants ?? true;
    this.ternary = options.ternary ?? true;
    this.intDouble = options.intDouble ?? true;
    this.modulus = options.modulus ?? true;
    this.stringLength = options.stringLength ?? true;
  }

  /** Starts the samples of another run (keeps object identities of two runs apart). */
  nextRun(): void {
    this.run++;
  }

  /** Points by function name, then file, then `ENTER` / `EXIT` / exit line (no string building
   *  per sample). */
  private readonly byFunction = new Map<string, Map<string, Map<PointKindName | number, PointState>>>();

  private point(sample: PointSample, kind: PointKindName, line?: number): PointState {
    let files = this.byFunction.get(sample.function);
    if (!files) this.byFunction.set(sample.function, (files = new Map()));
    let kinds = files.get(sample.file);
    if (!kinds) files.set(sample.file, (kinds = new Map()));
    const slot = kind === 'SUBEXIT' ? (line ?? 0) : kind;
    let point = kinds.get(slot);
    if (!point) {
      point = new PointState(sample.function, sample.file, kind, line, { ternary: this.ternary });
      kinds.set(slot, point);
      this.points.set(`${sample.file}\0${sample.function}\0${kind}${line ?? ''}`, point);
    }
    return point;
  }

  add(sample: PointSample): void {
    if (!sample || typeof sample.function !== 'string' || !sample.vars) return;
    // Exceptional exits are not program points (Chicory and the Daikon export leave them out).
    if (sample.kind === 'EXIT' && sample.threw) return;
    this.samples++;
    const identityBase = (this.run * 4096 + (sample.process ?? 0)) * 2 ** 32;
    if (sample.kind === 'ENTER') {
      this.point(sample, 'ENTER').add(sample.vars, undefined, identityBase);
      return;
    }
    this.point(sample, 'EXIT').add(sample.vars, sample.orig ?? {}, identityBase);
    if (this.perExit) this.point(sample, 'SUBEXIT', sample.exitLine ?? 0).add(sample.vars, sample.orig ?? {}, identityBase);
  }

  result(runs: string[] = []): InvariantSet {
    // Point names: display names with '.' as is, module functions file#name; a name that two
    // files share gets the file prefix.
    const byBase = new Map<string, Set<string>>();
    for (const p of this.points.values()) {
      const base = functionPointBase(p.fn, p.file);
      let files = byBase.get(base);
      if (!files) byBase.set(base, (files = new Set()));
      files.add(p.file);
    }
    const points: ProgramPointInvariants[] = [];
    for (const p of this.points.values()) {
      let base = functionPointBase(p.fn, p.file);
      if ((byBase.get(base)?.size ?? 0) > 1 && !base.startsWith(`${p.file}#`)) base = `${p.file}#${p.fn}`;
      const name = pointName(base, p.kind, p.line);
      const { invariants, vars } = pointInvariants(p, name, { confidence: this.confidence, foldConstants: this.foldConstants, intDouble: this.intDouble, modulus: this.modulus, stringLength: this.stringLength });
      points.push({ point: name, function: p.fn, file: p.file, kind: p.kind, samples: p.samples, vars, invariants });
    }
    points.sort((a, b) => comparePoints(a, b));
    return { version: 1, runs, confidence: this.confidence, points };
  }
}

const KIND_ORDER = { ENTER: 0, EXIT: 1, SUBEXIT: 2 } as const;

/** Daikon's order: by function name, ENTER before EXIT before EXITnn (by line). */
function comparePoints(a: ProgramPointInvariants, b: ProgramPointInvariants): number {
  const fa = a.point.slice(0, a.point.indexOf(':::'));
  const fb = b.point.slice(0, b.point.indexOf(':::'));
  if (fa !== fb) return fa < fb ? -1 : 1;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  const la = Number(a.point.slice(a.point.lastIndexOf('EXIT') + 4)) || 0;
  const lb = Number(b.point.slice(b.point.lastIndexOf('EXIT') + 4)) || 0;
  return la - lb;
}

/** Mines an in-memory sample sequence (tests, benchmarks). */
export function mineSamples(samples: Iterable<PointSample>, options: MineOptions = {}): InvariantSet {
  const miner = new InvariantMiner(options);
  for (const sample of samples) miner.add(sample);
  return miner.result();
}

/** Mines the samples of the given run folders (streamed with readSamples; nothing is kept). */
export async function mineInvariants(runDirs: string[], options: MineOptions = {}): Promise<InvariantSet> {
  const miner = new InvariantMiner(options);
  for (const runDir of runDirs) {
    await readSamples(runDir, (sample) => miner.add(sample), { testCases: options.testCases });
    miner.nextRun();
  }
  return miner.result(runDirs);
}

export { formatInvariants } from './format.js';
