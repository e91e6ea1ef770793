// Program points and their variables (Daikon developer manual, "Program points"; DESIGN §2).
//
// Points: `Name:::ENTER`, `Name:::EXIT` (every normal exit combined) and, on request, one
// `Name:::EXIT<line>` per return line (Daikon's EXITnn; 0 = the end of the body). `Name` is the
// display name when it contains a '.' (`SA.func1`), else `file#name` for module functions; a
// display name that two files share is prefixed with its file either way, so names stay distinct.
// Exceptional exits are left out, like Chicory (Daikon's Java front end) and the Daikon export do.
//
// Variables, in Daikon's order (post-state first, then the orig() copies, then derived ones):
// - ENTER: the parameters, `this` and the `this.<field>` paths the trace recorded;
// - EXIT: `this.<field>` paths and `return`, then `orig(v)` for every ENTER variable (its value at
//   the ENTER of the same activation — readSamples pairs them by activation). `this` itself is
//   left out at exits (it cannot change during a call; its non-null-ness is an ENTER fact, and
//   Daikon prints neither `this != null` nor `this == orig(this)` there), and so are parameters
//   (their exit binding is invisible to the caller: `orig(p)` says it);
// - derived: `size(a[])` for an array `a` (Daikon's spelling for the length of a sequence),
//   `s.length` for a string `s` (Daikon has no string length; this is the JavaScript spelling),
//   and `typeof(v)` when a variable's JavaScript type varied (reported as a OneOfString).
//   Null-ness is the variable itself: an identity (hashcode) variable gets `v != null` / `v == null`.
import type { TraceValue, TraceVars } from '../runtime/trace-events.js';
import { MINTRIPLES } from './confidence.js';
import { PairState, type PairKind } from './templates/binary.js';
import { TripleState } from './templates/ternary.js';
import { VarState } from './templates/unary.js';
import { BOOL, MISSING, NULL, NUM, REF, STR, decodeValue, type Decoded } from './values.js';

export type PointKindName = 'ENTER' | 'EXIT' | 'SUBEXIT';

/** Daikon's point name of a function: display names with a '.' as they are, others `file#name`. */
export function functionPointBase(fn: string, file: string): string {
  return fn.includes('.') ? fn : `${file}#${fn}`;
}

/** `Base:::ENTER`, `Base:::EXIT`, `Base:::EXIT12`. */
export function pointName(base: string, kind: PointKindName, line?: number): string {
  return `${base}:::${kind === 'SUBEXIT' ? `EXIT${line ?? 0}` : kind}`;
}

/** Rank offsets that give Daikon's variable order: post-state, orig(), derived. */
const ORIG_RANK = 1_000_000;
const DERIVED_RANK = 2_000_000;

/** At most this many numeric variables get ternary templates (C(n, 3) triples per sample). */
export const MAX_TERNARY_VARS = 24;

export interface PointOptions {
  ternary: boolean;
}

/** The incremental state of one program point: its variables, and the live pairs and triples. */
export class PointState {
  samples = 0;
  vars: VarState[] = [];
  /** Display rank of each variable (Daikon's order). */
  rank: number[] = [];
  private byName = new Map<string, number>();
  private origByName = new Map<string, number>();
  /** Per variable: indices of its derived `size(a[])` and `s.length` variables. */
  private sizeOf: number[] = [];
  private lengthOf: number[] = [];
  // Values of the current sample: present when stamp[i] === epoch.
  private epoch = 0;
  private stamp = new Int32Array(16);
  private num = new Float64Array(16);
  private key: unknown[] = [];
  pairs: PairState[] = [];
  triples: TripleState[] = [];
  private readonly scratch: Decoded = { cls: MISSING, num: 0, str: null, typeofBit: 0 };
  private readonly derivedScratch: Decoded = { cls: NUM, num: 0, str: null, typeofBit: 1 };

  constructor(
    readonly fn: string,
    readonly file: string,
    readonly kind: PointKindName,
    readonly line: number | undefined,
    private readonly options: PointOptions,
  ) {}

  get isExit(): boolean {
    return this.kind !== 'ENTER';
  }

  private newVar(name: string, orig: boolean, derived: boolean, rankBase: number, base = -1, derivation: 'size' | 'length' | '' = ''): number {
    const index = this.vars.length;
    this.vars.push(new VarState(name, index, orig, derived, base, derivation));
    this.rank.push(rankBase + index);
    this.sizeOf.push(-1);
    this.lengthOf.push(-1);
    if (index >= this.stamp.length) {
      const stamp = new Int32Array(this.stamp.length * 2);
      stamp.set(this.stamp);
      this.stamp = stamp;
      const num = new Float64Array(this.num.length * 2);
      num.set(this.num);
      this.num = num;
    }
    return index;
  }

  // The variable names of the previous sample, in order, with their indices: samples of one point
  // nearly always list the same names in the same order, and comparing two short strings is
  // cheaper than hashing a fresh one (JSON.parse makes new strings every line).
  private lastNames: string[] = [];
  private lastIndex: number[] = [];
  private cursor = 0;

  private varIndex(name: string, orig: boolean): number {
    const slot = this.cursor++;
    if (this.lastNames[slot] === name && this.vars[this.lastIndex[slot]].orig === orig) return this.lastIndex[slot];
    const index = this.lookup(name, orig);
    this.lastNames[slot] = name;
    this.lastIndex[slot] = index;
    return index;
  }

  private lookup(name: string, orig: boolean): number {
    const map = orig ? this.origByName : this.byName;
    let index = map.get(name);
    if (index === undefined) {
      // `return` is the last post-state variable (Daikon declares it after the ENTER ones).
      index = this.newVar(orig ? `orig(${name})` : name, orig, false, orig ? ORIG_RANK : name === 'return' ? ORIG_RANK / 2 : 0);
      map.set(name, index);
    }
    return index;
  }

  private derivedIndex(base: number, which: 'size' | 'length'): number {
    const table = which === 'size' ? this.sizeOf : this.lengthOf;
    let index = table[base];
    if (index < 0) {
      // Daikon's spelling: size(a[]), and orig(size(a[])) for the ENTER value's.
      const orig = this.vars[base].orig;
      const baseName = orig ? this.vars[base].name.slice(5, -1) : this.vars[base].name;
      const plain = which === 'size' ? `size(${baseName}[])` : `${baseName}.length`;
      const name = orig ? `orig(${plain})` : plain;
      index = this.newVar(name, this.vars[base].orig, true, DERIVED_RANK, base, which);
      table[base] = index;
    }
    return index;
  }

  /** Adds one sample: `vars` (post-state) and, at exits, `orig` (the ENTER values). */
  add(vars: TraceVars, orig: TraceVars | undefined, identityBase: number): void {
    this.samples++;
    this.cursor = 0;
    const epoch = ++this.epoch;
    const exit = this.isExit;
    for (const name in vars) {
      if (exit && (name === 'this' || (!name.includes('.') && name !== 'return'))) continue;
      this.record(this.varIndex(name, false), vars[name], identityBase, epoch);
    }
    if (orig) {
      for (const name in orig) {
        if (name === 'this') continue;
        this.record(this.varIndex(name, true), orig[name], identityBase, epoch);
      }
    }
    const stamp = this.stamp;
    const num = this.num;
    const key = this.key;
    const pairs = this.pairs;
    for (let p = 0; p < pairs.length; p++) {
      const pair = pairs[p];
      const i = pair.i;
      const j = pair.j;
      if (stamp[i] !== epoch || stamp[j] !== epoch) continue;
      const alive = pair.kind === 'num' ? pair.addNum(num[i], num[j]) : pair.addKey(key[i], key[j]);
      if (!alive) {
        pair.dead = true;
        pairs[p--] = pairs[pairs.length - 1];
        pairs.pop();
      }
    }
    const triples = this.triples;
    for (let t = 0; t < triples.length; t++) {
      const triple = triples[t];
      if (stamp[triple.i] !== epoch || stamp[triple.j] !== epoch || stamp[triple.k] !== epoch) continue;
      if (!triple.add(num[triple.i], num[triple.j], num[triple.k])) {
        triple.dead = true;
        triples[t--] = triples[triples.length - 1];
        triples.pop();
      }
    }
  }

  private record(index: number, value: TraceValue, identityBase: number, epoch: number): void {
    const d = this.scratch;
    decodeValue(value, identityBase, d);
    this.put(index, d, epoch);
    if (d.size !== undefined) {
      const s = this.derivedScratch;
      s.num = d.size;
      this.put(this.derivedIndex(index, 'size'), s, epoch);
    } else if (d.length !== undefined) {
      const s = this.derivedScratch;
      s.num = d.length;
      this.put(this.derivedIndex(index, 'length'), s, epoch);
    }
  }

  private put(index: number, d: Decoded, epoch: number): void {
    const v = this.vars[index];
    const result = v.add(d);
    if (result === 'skip') return;
    if (result === 'reclass') this.reclass(index);
    if (v.mixed) return;
    this.stamp[index] = epoch;
    this.num[index] = d.num;
    this.key[index] = d.cls === STR ? d.str : d.cls === NULL ? (v.cls === STR ? null : 0) : d.num;
  }

  /** A variable's class was decided or changed: drop its pairs and triples, make the new ones. */
  private reclass(index: number): void {
    const kill = <T extends { dead: boolean }>(list: T[], uses: (t: T) => boolean) => {
      const kept: T[] = [];
      for (const t of list) {
        if (uses(t)) t.dead = true;
        else kept.push(t);
      }
      return kept;
    };
    this.pairs = kill(this.pairs, (p) => p.i === index || p.j === index);
    this.triples = kill(this.triples, (t) => t.i === index || t.j === index || t.k === index);
    this.stamp[index] = 0;
    const v = this.vars[index];
    if (v.mixed || v.cls === 0) return;
    const kind: PairKind = v.cls === NUM ? 'num' : v.cls === BOOL ? 'bool' : 'eq';
    const same: number[] = [];
    for (const other of this.vars) {
      if (other.index === index || other.mixed || other.cls !== v.cls) continue;
      same.push(other.index);
      const [i, j] = this.rank[index] < this.rank[other.index] ? [index, other.index] : [other.index, index];
      this.pairs.push(new PairState(i, j, kind));
    }
    if (v.cls === NUM && this.options.ternary && same.length + 1 <= MAX_TERNARY_VARS && MINTRIPLES > 0) {
      for (let a = 0; a < same.length; a++) {
        for (let b = a + 1; b < same.length; b++) {
          const [i, j, k] = [index, same[a], same[b]].sort((x, y) => this.rank[x] - this.rank[y]);
          this.triples.push(new TripleState(i, j, k));
        }
      }
    }
  }

  /** Every pair and triple ever made that is still unfalsified (the live lists drop falsified ones,
   *  so these are exactly the live ones). */
  livePairs(): PairState[] {
    return this.pairs;
  }

  liveTriples(): TripleState[] {
    return this.triples;
  }
}

export { REF };
