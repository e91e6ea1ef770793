// 004 IV-B (filtering) and IV-E (program invariants reduction): from the diff's failure invariants
// to En_f and Ex_f per function, with every removal recorded so that a report can explain it.
//
// IV-B. Kept: relationship DJJ, MJ or JM (the same and the unjustified are dropped) and, by
// default, type Bin, Ter, UInt or NInt. The paper is self-contradictory here: it says it drops
// "the same or unjustified or uninteresting invariants", then lists the kept types as
// {Bin, Ter, U!Int, N!Int} — exactly the *uninteresting* unary and nullary ones, and not the
// interesting ones. We read "!Int" as a slip and keep the interesting ones, because
//   - that is what the sentence says ("filter out … uninteresting");
//   - it is what Daikon's own diff does by default (daikon.diff.PrintDifferingInvariantsVisitor
//     .shouldPrint returns false for TYPE_NULLARY_UNINTERESTING and TYPE_UNARY_UNINTERESTING);
//   - Table VII keeps the unary `this.qw != null`, which is interesting for Daikon and for our
//     miner (only bounds and one-ofs with constants outside −1…2 are uninteresting).
// `options.types` overrides the set (pass ['Bin', 'Ter', 'U!Int', 'N!Int'] for the literal text).
//
// IV-B, ours ('unobserved', with `options.observed`): a failure invariant at a program point that
// one of the two suites never reached is dropped. Daikon's diff marks every invariant of such a
// point missing (JM or MJ), but nothing was compared: the unit tests exercise a setter the
// integration tests never call, or the other way round. 004's two suites run the same component
// with more threads, so it never meets the case; test suites written by hand meet it all the time.
//
// IV-E, in this order:
//   (4)/(5) per function f: the failure invariants common to En_f and Ex_f are removed from both —
//     "computed on the common part as the worked example does" (En = En \ (En ∩ Ex),
//     Ex = Ex \ (En ∩ Ex)). Read literally and in sequence, (5) would subtract the already reduced
//     En and never remove anything; the worked example (SA.func2: both sets end empty) and the
//     SA.func4 remark (its EXIT failure invariants are "transmitted from the parent") show the
//     common-part reading. Two failure invariants are "the same" when their <reference, online>
//     texts are equal after rewriting orig(v) to v: the worked example treats
//     <null, this.xx != this.z> at ENTER and <null, this.xx != orig(this.z)> at EXIT as common.
//   The two extra rules (passing failure invariants) are the orig() cases of that comparison:
//     rule 2, `y Δ x` at ENTER with `y Δ orig(x)` at EXIT, Δ ∈ {==, !=, >=, >, <, <=};
//     rule 1, `y = f(x)` at ENTER with `y = f(orig(x))` at EXIT (any other equation, e.g. Daikon's
//     LinearBinary `this.xx - this.z - 1 == 0`). Both are removed from both points; the record
//     says rule1/rule2 (the more specific reason; the paper's worked example calls the same
//     removal "(4) and (5)"), and eq4/eq5 for exact matches and other orig() matches.
//   Harness rules (ours, before (4)/(5); 004 does not need them because its roots are programs,
//   while here the root is a test calling into the sources — see run-orders.ts):
//     'constructor': every failure invariant of a constructor. No other task can reach `this`
//       before the constructor returns, so what differs at its ENTER/EXIT is what its caller passed
//       (the integration test building more or other objects) — the caller's choice, "transmitted
//       from the parent" as IV-E says of SA.func4, never an interleaving inside it.
//     'input': at the ENTER of a function the root calls directly (`entryPoints`: when the root is
//       the test, the functions the test calls), a failure invariant over parameters only (no
//       `this.` field, no global) describes the arguments the integration test chose, not
//       something the program computed. Fields at that ENTER are kept: they can carry another
//       task's writes.
//   (6) per function f_j on the graph: Ex_fj = Ex_fj \ ∪{Ex_fi : f_j → f_i}, with → the calls and
//     the always-called-after facts, taken transitively (every f_i reachable from f_j), over the
//     Ex_fi left by (4)/(5) — all functions at once, so the result does not depend on the order.
//     Transitively, because Table VIII needs it: doAppend → append → subAppend, and doAppend's
//     `this.qw == orig(this.qw)` and `this.tp == orig(this.tp)` are only at subAppend's EXIT, yet
//     "final five failure invariants after reduction" leaves doAppend with one (of three) and
//     subAppend with four. Functions of one cycle (recursion) do not strip each other. The
//     comparison here is exact (no orig() rewriting): orig(v) at two different functions' exits
//     means v at two different entries.

import type { DiffType, FailureInvariant, InvariantPair, Relationship } from '../invariants/invariant-types.js';
import { LocalizeGraph } from './graph.js';
import type { CallGraphInput, LocalizeOptions, ReducedFunction, RemovalRule, RemovedInvariant } from './localize-types.js';

export const DEFAULT_TYPES: readonly DiffType[] = ['Bin', 'Ter', 'UInt', 'NInt'];
const FAILURE: readonly Relationship[] = ['DJJ', 'MJ', 'JM'];

/** `SA.func1:::ENTER` → { fn: 'SA.func1', kind: 'ENTER' }; EXIT, EXIT12 → 'EXIT'; others null. */
export function parsePoint(point: string): { fn: string; kind: 'ENTER' | 'EXIT' | null } {
  const at = point.lastIndexOf(':::');
  if (at < 0) return { fn: point, kind: null };
  const fn = point.slice(0, at);
  const tag = point.slice(at + 3);
  return { fn, kind: tag === 'ENTER' ? 'ENTER' : /^EXIT\d*$/.test(tag) ? 'EXIT' : null };
}

/** Rewrites every `orig(v)` to `v` (nested parentheses inside v are kept). */
export function stripOrig(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('orig(', i);
    if (at < 0 || (at > 0 && /[\w$.]/.test(text[at - 1]))) {
      if (at < 0) return out + text.slice(i);
      out += text.slice(i, at + 5);
      i = at + 5;
      continue;
    }
    out += text.slice(i, at);
    let depth = 1;
    let j = at + 5;
    for (; j < text.length && depth > 0; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')') depth--;
    }
    if (depth > 0) return out + text.slice(at); // unbalanced: leave it as it is
    out += stripOrig(text.slice(at + 5, j - 1));
    i = j;
  }
  return out;
}

const side = (inv: { text: string } | null, norm: boolean) => (inv === null ? 'null' : norm ? stripOrig(inv.text) : inv.text);

/** The identity of a failure invariant inside a set: its <reference, online> texts. */
export function invariantKey(pair: InvariantPair, moduloOrig: boolean): string {
  return `<${side(pair.reference, moduloOrig)}, ${side(pair.online, moduloOrig)}>`;
}

/** `<ref, online>` as the paper writes it. */
export function formatFailureInvariant(pair: InvariantPair): string {
  return invariantKey(pair, false);
}

const hasOrig = (pair: InvariantPair) => /(^|[^\w$.])orig\(/.test(`${pair.reference?.text ?? ''} ${pair.online?.text ?? ''}`);
const LITERAL = /^(-?\d|null$|true$|false$|undefined$|"|')/;
const COMPARISON = /^(\S+) (==|!=|>=|<=|>|<) (\S+)$/;

/** Which passing rule an orig() match falls under: rule 2 for a comparison of two variables,
 *  rule 1 for any other equation, none otherwise. */
function passingRule(pair: InvariantPair): 'rule1' | 'rule2' | null {
  const text = (pair.reference ?? pair.online)!.text;
  const m = COMPARISON.exec(text);
  if (m && !LITERAL.test(m[1]) && !LITERAL.test(m[3])) return 'rule2';
  return text.includes('==') ? 'rule1' : null;
}

function keepByIVB(pair: InvariantPair, types: readonly DiffType[]): string | null {
  if (!FAILURE.includes(pair.relationship)) return `relationship ${pair.relationship} is not a failure invariant (DJJ, MJ, JM)`;
  if (!types.includes(pair.type)) return `type ${pair.type} is filtered out (kept: ${types.join(', ')})`;
  return null;
}

interface Work {
  key: string;
  fn: string;
  id?: string;
  En: FailureInvariant[];
  Ex: FailureInvariant[];
  removed: RemovedInvariant[];
}

/** 004 IV-B + IV-E over the diff's failure invariants and the call graph. */
export function reduceInvariants(
  failureInvariants: (FailureInvariant | InvariantPair)[],
  analysis: CallGraphInput | LocalizeGraph,
  options: LocalizeOptions = {},
): ReducedFunction[] {
  const graph = analysis instanceof LocalizeGraph ? analysis : new LocalizeGraph(analysis);
  const types = options.types ?? DEFAULT_TYPES;
  const byFn = new Map<string, Work>();
  const work = (fn: string): Work => {
    const id = graph.resolve(fn);
    const key = id ?? `\u0000${fn}`;
    let w = byFn.get(key);
    if (!w) byFn.set(key, (w = { key, fn: id ? graph.name(id) : fn, id, En: [], Ex: [], removed: [] }));
    return w;
  };

  // IV-B.
  const seenRef = options.observed ? new Set(options.observed.reference) : undefined;
  const seenOnline = options.observed ? new Set(options.observed.online) : undefined;
  for (const pair of failureInvariants) {
    const { fn, kind } = parsePoint(pair.point);
    const w = work(fn);
    if (seenRef && seenOnline && (!seenRef.has(pair.point) || !seenOnline.has(pair.point))) {
      const suite = !seenRef.has(pair.point) ? 'unit' : 'integration';
      w.removed.push({ invariant: pair, rule: 'unobserved', detail: `the ${suite} tests never reached ${pair.point}: nothing to compare` });
      continue;
    }
    const why = kind === null ? `${pair.point} is not a function's ENTER or EXIT point` : keepByIVB(pair, types);
    if (why) w.removed.push({ invariant: pair, rule: 'IV-B', detail: why });
    else (kind === 'ENTER' ? w.En : w.Ex).push(pair as FailureInvariant);
  }

  // Harness rules: constructors, test inputs.
  const entry = new Set((options.entryPoints ?? []).map((n) => graph.resolve(n) ?? n));
  for (const w of byFn.values()) {
    if (!options.keepConstructors && w.id && graph.isConstructor(w.id)) {
      for (const p of [...w.En, ...w.Ex])
        w.removed.push({ invariant: p, rule: 'constructor', detail: `${w.fn} is a constructor: no other task can reach the object before it returns, so this only describes what its caller passed` });
      w.En = [];
      w.Ex = [];
      continue;
    }
    if (!(w.id && entry.has(w.id)) && !entry.has(w.fn)) continue;
    const inputs = w.En.filter(parametersOnly);
    for (const p of inputs)
      w.removed.push({ invariant: p, rule: 'input', detail: `over ${w.fn}'s parameters only, and the root calls ${w.fn} directly: the integration test's choice of arguments` });
    w.En = w.En.filter((p) => !inputs.includes(p));
  }

  // (4), (5) and the two passing rules: the common part of En_f and Ex_f, modulo orig().
  for (const w of byFn.values()) {
    const enKeys = new Map<string, FailureInvariant[]>();
    const exKeys = new Map<string, FailureInvariant[]>();
    for (const p of w.En) push(enKeys, invariantKey(p, true), p);
    for (const p of w.Ex) push(exKeys, invariantKey(p, true), p);
    const common = new Set([...enKeys.keys()].filter((k) => exKeys.has(k)));
    if (!common.size) continue;
    const ruleFor = (enter: FailureInvariant, exit: FailureInvariant, exact: RemovalRule): RemovalRule =>
      !hasOrig(enter) && hasOrig(exit) ? (passingRule(exit) ?? exact) : exact;
    for (const p of w.En) {
      const k = invariantKey(p, true);
      if (!common.has(k)) continue;
      const mate = exKeys.get(k)!.find((x) => hasOrig(x) && !hasOrig(p)) ?? exKeys.get(k)![0];
      const rule = ruleFor(p, mate, 'eq4');
      w.removed.push({ invariant: p, rule, detail: `also at ${mate.point} as ${formatFailureInvariant(mate)}${describe(rule)}` });
    }
    for (const p of w.Ex) {
      const k = invariantKey(p, true);
      if (!common.has(k)) continue;
      const mate = enKeys.get(k)![0];
      const rule = ruleFor(mate, p, 'eq5');
      w.removed.push({ invariant: p, rule, detail: `also at ${mate.point} as ${formatFailureInvariant(mate)}${describe(rule)}` });
    }
    w.En = w.En.filter((p) => !common.has(invariantKey(p, true)));
    w.Ex = w.Ex.filter((p) => !common.has(invariantKey(p, true)));
  }

  // (6): Ex_fj \ ∪ Ex_fi over every f_i reachable from f_j by calls or called-after facts.
  const exAfter45 = new Map<string, Map<string, FailureInvariant>>();
  for (const w of byFn.values()) if (w.id) exAfter45.set(w.id, new Map(w.Ex.map((p) => [invariantKey(p, false), p])));
  for (const w of byFn.values()) {
    if (!w.id || !w.Ex.length) continue;
    const own = graph.scc(w.id);
    const later = [...graph.reachable(w.id)].filter((id) => graph.scc(id) !== own && exAfter45.get(id)?.size);
    if (!later.length) continue;
    const keep: FailureInvariant[] = [];
    for (const p of w.Ex) {
      const k = invariantKey(p, false);
      const holders = later.filter((id) => exAfter45.get(id)!.has(k));
      if (!holders.length) keep.push(p);
      else
        w.removed.push({
          invariant: p,
          rule: 'eq6',
          detail: `also at the EXIT of ${holders.map((id) => graph.name(id)).join(', ')}, called (or always called) after ${w.fn}: kept there`,
        });
    }
    w.Ex = keep;
  }

  return [...byFn.values()].map((w) => ({ function: w.fn, ...(w.id ? { id: w.id } : {}), En: w.En, Ex: w.Ex, removed: w.removed }));
}

/** Every variable of both sides is a parameter (or a parameter's field): not `this…`, not
 *  `return`, not orig(…). */
function parametersOnly(pair: InvariantPair): boolean {
  const vars = [...(pair.reference?.vars ?? []), ...(pair.online?.vars ?? [])];
  return vars.length > 0 && vars.every((v) => !/^(this|return|orig\()\b/.test(v) && !v.startsWith('orig('));
}

function describe(rule: RemovalRule): string {
  switch (rule) {
    case 'rule1':
      return ' — y = f(x) at ENTER and y = f(orig(x)) at EXIT: a passing failure invariant (rule 1; eq. (4)/(5) modulo orig())';
    case 'rule2':
      return ' — y Δ x at ENTER and y Δ orig(x) at EXIT: a passing failure invariant (rule 2; eq. (4)/(5) modulo orig())';
    case 'eq4':
    case 'eq5':
      return ': at both ENTER and EXIT, transmitted from the caller';
    default:
      return '';
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
