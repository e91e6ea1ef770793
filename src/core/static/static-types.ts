// The static picture of a project (issue "static analysis"): functions, the call graph with the
// 004 IV-C dispatch improvement, depths from the roots, static call-order facts for 004 eq. (6),
// and per-class access maps (002 §3.1). Plain JSON: this is what `conlens graph --json` writes.

import type { FunctionKind } from './function-naming.js';

export type { FunctionKind };

export interface FunctionNode {
  /** Stable id: `relative/path.ts#Class.method` (module functions `path#name`). */
  id: string;
  /** Display name used in reports and expected.json: `Class.method`, or `name` for module functions. */
  name: string;
  file: string;
  line: number;
  endLine: number;
  kind: FunctionKind;
  async: boolean;
  /** Marked `/** @atomic *\/` or listed in the config's `atomic`. */
  atomic: boolean;
}

export interface CallEdge {
  from: string;
  to: string;
  /** 1-based lines of the call sites in `from`'s file. */
  sites: number[];
  /** When the call resolved to an interface/abstract/overridden method and was replaced by the
   *  concrete implementation `to` (004 IV-C, Fig. 4-5): the id of the declared target. */
  declaredTarget?: string;
}

/** 004 eq. (6) "f_i is always called after f_j is executed" facts, from consecutive unconditional
 *  calls in one body (`await a(); await b();` gives a → b). */
export interface CalledAfter {
  before: string;
  after: string;
  /** The function whose body holds both calls. */
  in: string;
  line: number;
}

export interface AwaitSite {
  line: number;
  column: number;
  /** `await` or `for await`. */
  kind: 'await' | 'for-await';
}

/** 002 §3.1 for one class: V, F, M_r, M_w, the synchronized methods and S_f. */
export interface ClassAccessMap {
  name: string;
  file: string;
  line: number;
  /** V: member variables (lock objects excluded: they are the synchronization, not the state). */
  vars: string[];
  /** F: public member functions, the constructor included. */
  methods: string[];
  /** M_r(v): members that read v (directly or through intra-class calls), constructor excluded. */
  reads: Record<string, string[]>;
  /** M_w(v): members that write v. */
  writes: Record<string, string[]>;
  /** Methods whose state accesses all run inside one lock region. */
  synchronized: string[];
  /** S_f: public methods that are not synchronized (constructor excluded). */
  nonAtomic: string[];
  /** Await sites per method (scheduling points, DESIGN §2). */
  awaits: Record<string, AwaitSite[]>;
}

export interface StaticDiagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
  category: 'error' | 'warning';
}

export interface CallGraphStats {
  files: number;
  lines: number;
  functions: number;
  /** Call and `new` expressions inside the analysed files. */
  callSites: number;
  /** Call sites whose target the type checker resolved to a declaration (in scope or not). */
  resolved: number;
  /** Call sites that became edges (target in scope). */
  inScope: number;
  /** Edges rewritten by the dispatch improvement. */
  dispatched: number;
}

export interface StaticAnalysis {
  version: 1;
  root: string;
  nodes: FunctionNode[];
  edges: CallEdge[];
  roots: string[];
  /** Shortest distance from a root (roots have depth 0, 004 IV-F); unreachable nodes are absent. */
  depth: Record<string, number>;
  calledAfter: CalledAfter[];
  classes: ClassAccessMap[];
  diagnostics: StaticDiagnostic[];
  stats: CallGraphStats;
}
