// What test synthesis produces (conlens synth): one SynthesizedTest per pair of invocations to run
// concurrently, written as a test file; skipped candidates with the reason.

export type SynthMethod = 'intruder' | 'he' | 'random';

export interface SynthesizedTest {
  /** File name inside the output folder. */
  name: string;
  method: SynthMethod;
  /** The functions the parallel parts call: [c1, c2] (each part a sequence of functions). */
  parts: string[][];
  /** The field or resource the pair races on (`Queue.qsize`). */
  field: string;
  /** Why the pair can interleave (000 Alg. 4 / 002 Alg. 1), in words. */
  reason: string;
  /** The seed test(s) the objects and arguments come from. */
  seeds: string[];
  /** The paper's words for the pair: `PC-R (d3, d3), p/c/r = R/W/W` or `(p, c1, c2)`. */
  detail: string;
  /** The statements of the sequential part p. */
  setup: string[];
  /** Per parallel part, the call expressions on the setup's variables. */
  calls: string[][];
  /** Variables setup returns (the state the oracle observes). */
  state: string[];
  /** Declarations copied from the seed test (callbacks it passed), put before the test. */
  helpers: string[];
  /** Module file (project-relative) → the namespace variable it is imported as. */
  modules: Record<string, string>;
  /** Modules (project-relative) whose state the pair shares: setup imports each afresh, so every
   *  run of the oracle starts from a just-loaded module (write-tests.ts). */
  fresh?: string[];
  /** Of `fresh`, the CommonJS modules: a new import does not renew one, so setup loads it out of
   *  require's cache (node:test, Mocha) or after the runner's module reset (Jest, Vitest). */
  freshCommonJs?: string[];
  /** Calls that read the shared module state without changing it (the seed's own, with its
   *  arguments), made after each run: the oracle's final state, which the module does not export. */
  observe?: string[];
  /** A part that is a task body (task-bodies.ts): the oracle compares exceptions and hangs only. */
  taskBody?: { fn: string; line: number };
}

export interface SkippedCandidate {
  method: SynthMethod;
  parts: string[][];
  field: string;
  note: string;
}

export interface SynthResult {
  tests: SynthesizedTest[];
  skipped: SkippedCandidate[];
  /** Counts per stage, for the summary (000 Table 6 columns). */
  counts: { dependencies: number; pairs: number; feasible: number; heCandidates: number };
}
