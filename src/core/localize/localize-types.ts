// The data of the localization stage (issue 7; 004 IV-C..IV-F): what goes in (failure invariants,
// a call graph, call orders) and what comes out (the reduced invariants per function, the failure
// flags, and the ranked SuspiciousPositions of DESIGN §4). Plain JSON both ways, no I/O.

import type { DiffType, FailureInvariant, InvariantPair } from '../invariants/invariant-types.js';
import type { ClassAccessMap } from '../static/static-types.js';
import type { NoiseInvariant, NoiseOptions } from './noise.js';

/** A call-graph node: a StaticAnalysis FunctionNode, or any object with an id (its display name
 *  defaults to the id), or just a name. */
export type GraphNode = string | { id: string; name?: string; file?: string; line?: number; kind?: string };

/** The static picture localize needs. A StaticAnalysis fits as it is; tests pass a minimal graph.
 *  Ids in edges, roots, depth and calledAfter are node ids. */
export interface CallGraphInput {
  nodes: GraphNode[];
  edges: { from: string; to: string }[];
  roots: string[];
  /** Shortest distance from a root (004 IV-F). Computed by BFS from the roots when absent. */
  depth?: Record<string, number>;
  /** 004 eq. (6): "f_i is always called after f_j is executed" facts, before → after. */
  calledAfter?: { before: string; after: string }[];
  /** 002 §3.1 access maps: give the writer/observer tie rule its M_w (see `writes`). */
  classes?: ClassAccessMap[];
}

/** One integration run's call orders (004 IV-D): per function, the call order of each of its calls
 *  in that run (`orders.length` is how often it ran). */
export type RunCallOrders = { function: string; orders: number[] }[];

/** The removal rules, for reports that explain themselves. */
export type RemovalRule =
  /** 004 IV-B: not a failure invariant (relationship not DJJ/MJ/JM), or an uninteresting type. */
  | 'IV-B'
  /** 004 eq. (4): at ENTER and also at EXIT of the same function (removed from ENTER). */
  | 'eq4'
  /** 004 eq. (5): at EXIT and also at ENTER of the same function (removed from EXIT). */
  | 'eq5'
  /** 004 eq. (6): at this EXIT and at the EXIT of a function called (or always called) after. */
  | 'eq6'
  /** 004 IV-E rule 1: `y = f(x)` at ENTER with `y = f(orig(x))` at EXIT (passing). */
  | 'rule1'
  /** 004 IV-E rule 2: `y Δ x` at ENTER with `y Δ orig(x)` at EXIT (passing). */
  | 'rule2'
  /** Ours (reduce.ts): the point never ran in one of the two suites, so nothing was compared. */
  | 'unobserved'
  /** Ours (reduce.ts): a constructor's failure invariants describe only what its caller passed. */
  | 'constructor'
  /** Ours (reduce.ts): parameter-only ENTER failure invariants of a function the root (the test)
   *  calls directly describe the inputs the integration test chose. */
  | 'input';

export interface RemovedInvariant {
  invariant: FailureInvariant | InvariantPair;
  rule: RemovalRule;
  /** Why, in words: what it matched and where. */
  detail: string;
}

/** 004 IV-E for one function: the failure invariants left at its ENTER (En) and EXIT (Ex). */
export interface ReducedFunction {
  /** Display name (the node's name; the program point's function when it is not on the graph). */
  function: string;
  /** Node id, when the function is on the call graph. */
  id?: string;
  En: FailureInvariant[];
  Ex: FailureInvariant[];
  removed: RemovedInvariant[];
}

/** 004 IV-F failure flag: EN = 1 iff En ≠ ∅, EX = 1 iff Ex ≠ ∅. */
export interface FailureFlag {
  EN: 0 | 1;
  EX: 0 | 1;
}

export interface FunctionFlags extends FailureFlag {
  function: string;
  id?: string;
}

/** Which record of 004 IV-F produced a position. */
export type PositionCase =
  /** (0,?) → (1,1): between f_j::ENTER and f_i::ENTER. */
  | 'case1'
  /** (0,?) → (1,0): between f_j::ENTER and f_i::ENTER, and f_i itself — a likely deadlock. */
  | 'case2'
  /** (0,?) → (0,1): f_i. */
  | 'case3'
  /** (1,1) and invoked more than once in an integration run. */
  | 'candidate'
  /** Not in the paper: a root that already has failure invariants at its ENTER (see search.ts). */
  | 'root'
  /** Not in the paper: no failure invariant left, but a real violation's schedule implicates it
   *  (evidence-sets.ts, "confirmed"). */
  | 'violation';

/** A failure invariant as the report shows it (DESIGN §4). */
export interface PositionInvariant {
  point: string;
  /** The variables of its slot (template over these, in order): pairs a JM with an MJ for words. */
  vars?: string[];
  reference: string | null;
  online: string | null;
  relationship: string;
  type: DiffType;
}

/** A position's schedule evidence: its best pattern, scored (schedule-evidence/score.ts). */
export interface PositionSchedule {
  /** Ochiai over the runs, 0…1 (schedule-evidence/score.ts). */
  suspiciousness: number;
  /** 0 (strongest) … 3: schedule-evidence/score.ts strengthOf. */
  strength: number;
  /** Failing and passing runs that show the pattern, of how many. */
  failed: number;
  passed: number;
  failedRuns: number;
  passedRuns: number;
  pattern: { kind: 'triple' | 'atomic-set' | 'pair'; ops: string; variable: string; accesses: { op: 'R' | 'W'; function: string; file: string; line: number }[]; split?: true; lateCallback?: string; droppedCall?: string };
  /** The pattern in the user's words. */
  text: string;
}

/** The evidence tiers, strongest first (rank.ts). */
export type EvidenceTier = 'region owner' | 'interrupted' | 'conflicting writer' | 'implicated' | 'caller' | 'drift';

export interface SuspiciousPosition {
  /** 1-based; positions that no rule separates share a rank (competition ranking, "1, 1, 3"). */
  rank: number;
  kind: 'function' | 'between' | 'candidate' | 'violation';
  /** f_i: the function (for `between`, the callee whose ENTER already has failure invariants). */
  function: string;
  /** For `between`: f_j, the caller. */
  caller?: string;
  id?: string;
  callerId?: string;
  file?: string;
  line?: number;
  /** For `between`: f_j's declaration (where 004 IV-F locates the bug). */
  callerFile?: string;
  callerLine?: number;
  /** depth(f), or eq. (3) for `between`. */
  depth: number;
  /** order(f) by eq. (1), or eq. (2) for `between`; null when no call of it was recorded. */
  order: number | null;
  /** S_rate = depth / order (0 when the order is unknown). */
  score: number;
  /** The function's failure flag (for `between`, f_i's). */
  flags: FailureFlag;
  case: PositionCase;
  /** 004 IV-F case 2: failure invariants at f_i's entry but none at its exit. */
  likelyDeadlock?: boolean;
  /** Implicated by a real violation (the `confirmed` input; confirm.ts). */
  confirmed: boolean;
  /** A real violation caught it in the middle of an update (the `interrupted` input). */
  interrupted?: boolean;
  /** Confirmed only as a static caller of a function a violation names (`confirmedAsCaller`;
   *  for `between`, both ends so). */
  confirmedAsCaller?: boolean;
  /** Which evidence tier placed it (rank.ts, issue 14): the owner of a region a real violation
   *  interrupted, the conflicting writer, another function the violation implicates (interrupted
   *  mid-update, named, or only a caller), or failure invariants only (drift). */
  evidence?: EvidenceTier;
  /** Schedule evidence (issue 30; schedule-evidence/): its most suspicious access pattern over
   *  all scheduled runs (Falcon's triples, Unicorn's order pairs). Ranks first (rank.ts). */
  schedule?: PositionSchedule;
  /** Schedule isolation (Choi & Zeller; active/isolate-schedule.ts): the critical preemption of
   *  the minimal failing schedule suspended it — that preemption in the user's words. Ranks first. */
  isolated?: string;
  /** Writes state, and how we know: 'access-map' (M_w), 'invariants' (v vs orig(v) at EXIT),
   *  'schedule' (it wrote them in a violating run, where neither of the others sees a write). */
  writer: { writes: boolean; vars: string[]; source: 'access-map' | 'invariants' | 'schedule' | 'none' };
  failureInvariants: PositionInvariant[];
  reason: string;
}

export interface LocalizeInput {
  /** The diff's failure invariants (a FailureInvariantSet's `failureInvariants`); other pairs are
   *  filtered out by IV-B. */
  failureInvariants: (FailureInvariant | InvariantPair)[];
  analysis: CallGraphInput;
  /** One entry per integration run (004 eq. (1)). */
  callOrders: RunCallOrders[];
  /** Functions (display names or ids) that a real violation implicates (evidence-sets.ts). */
  confirmed?: string[];
  /** Of `confirmed`, the functions no violation names itself, only as static callers of a
   *  function it names (confirm.ts): ranked below the confirmed functions a violation names. */
  confirmedAsCaller?: string[];
  /** Functions (names or ids) a real violation caught in the middle of an update (confirm.ts):
   *  ranked as `violation` positions when no failure invariant makes them a position. */
  interrupted?: string[];
  /** Functions (names or ids) waiting in a real deadlock's wait-for cycle (confirm.ts rule 1):
   *  ranked as `violation` positions when no failure invariant makes them a position (the runs
   *  deadlocked before the functions' EXIT points were reached, so there was nothing to compare). */
  deadlocked?: string[];
  /** Functions (names or ids) owning the atomic region a real violation interrupted
   *  (interleaving.ts): first tier. Implicated like `confirmed`. */
  regionOwners?: string[];
  /** What separated a region owner's check from its act, by owner name ("the await at a.ts:3",
   *  "the fs.readFile callback registered at a.ts:9"), for its reason. */
  regionBreaks?: Record<string, string>;
  /** Region owners that held a lock they never released while another task waited for it
   *  until the run hung (interleaving.ts leakedLock), by name: the leak in words. */
  leakedLocks?: Record<string, string>;
  /** Functions (names or ids) whose access broke such a region (interleaving.ts): second tier. */
  conflictingWriters?: string[];
  /** Functions (names or ids) that threw in a violating run: never called a likely deadlock. */
  threw?: string[];
  /** By function name: what it wrote in a violating run's schedule up to the failure (confirm.ts
   *  writesBeforeFailure): the writer-first tie rule's M_w where the access maps see no member write. */
  scheduleWrites?: Record<string, string[]>;
  /** No integration run deadlocked or hung (case 2's "likely deadlock" reading is wrong then:
   *  the scheduler reports every stall as a violation). */
  noRunStalled?: boolean;
  /** Schedule evidence (schedule-evidence/): per function owning an access pattern some failing
   *  run showed, its most suspicious one. Ranks above the evidence tiers (rank.ts). */
  scheduleEvidence?: { function: string; schedule: PositionSchedule }[];
  /** Schedule isolation (Choi & Zeller): the function the critical preemption of the minimal
   *  failing schedule suspended, whose region the step that ran split, and that preemption in
   *  words. Ranks above everything else (rank.ts): one replayed run shows the failure needs
   *  exactly this split. */
  isolated?: { function: string; text: string };
  /** Per function (display name or id), the member variables it writes; a key with [] is a known
   *  pure observer. Defaults to the access maps in `analysis.classes`. */
  writes?: Record<string, string[]>;
  options?: LocalizeOptions;
}

export interface LocalizeOptions {
  /** The diff types kept by IV-B. Default Bin, Ter, UInt, NInt (see reduce.ts for why). */
  types?: DiffType[];
  /** Node ids or names whose parameter-only ENTER failure invariants are test inputs ('input'). */
  entryPoints?: string[];
  /** The program points each side has samples at (InvariantSet points). When given, a failure
   *  invariant at a point one side never reached is dropped ('unobserved', reduce.ts). */
  observed?: { reference: string[]; online: string[] };
  /** Keep constructors' failure invariants (default false: the 'constructor' rule removes them). */
  keepConstructors?: boolean;
  /** Confirmed positions rank above unconfirmed ones before S_rate is compared (default true;
   *  false: confirmation only breaks S_rate ties). See rank.ts. */
  confirmedFirst?: boolean;
  /** The noise rules (noise.ts), applied before IV-B: on by default; `{ enabled: false }` runs
   *  004's algorithm on every failure invariant. */
  noise?: NoiseOptions;
}

export interface LocalizeResult {
  positions: SuspiciousPosition[];
  /** Per function named by a failure invariant, in input order. */
  reduced: ReducedFunction[];
  /** The failure flag of each function in `reduced`; every other function's is (0,0). */
  flags: FunctionFlags[];
  /** Functions with failure invariants left that the DFS cannot reach (not on the graph, or not
   *  reachable from a root): they are in `reduced` but cannot be ranked. */
  unreached: string[];
  /** Failure invariants the noise rules (noise.ts) kept out of the ranking, each with its rule. */
  noise: NoiseInvariant[];
}
