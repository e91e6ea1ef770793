// Daikon's text output (daikon.PrintInvariants): per point a line of 75 '=', the point name, then
// one justified invariant per line in Daikon's order (equalities, unary, binary, ternary).
//
// Point names: ours carry no parameter list (`SA.func1:::EXIT`). Daikon prints the name its front
// end declared — for Chicory and for our export `SA.func1():::EXIT`, `f(a, b):::ENTER` — so by
// default the header is printed that way, the parameters being the ENTER point's plain variables;
// `{ daikonNames: false }` prints our names. Points with no justified invariant still get their
// header, as Daikon prints them.
//
// Like Daikon, bounds whose constant is not interesting (outside −1…2: LowerBound, UpperBound and
// the Float and Elt… forms, `interesting: false`) are not printed — Daikon discards them as
// obvious (UpperBound.isObviousDynamically, dkconfig_minimal/maximal_interesting) although they
// are justified; they stay in the InvariantSet for the diff.
import type { InvariantSet, ProgramPointInvariants } from './invariant-types.js';

export const SEPARATOR = '='.repeat(75);
const BOUND = /^(Elt)?(Lower|Upper)Bound/;

export interface FormatOptions {
  /** Print headers the way Daikon names the points of our export (`SA.func1():::EXIT`). */
  daikonNames?: boolean;
  /** Also print unjustified invariants (marked with their confidence). */
  all?: boolean;
}

/** The parameters of a function, from its ENTER point's variables (`this`, paths, derived left out). */
function parameters(set: InvariantSet): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const p of set.points) {
    if (p.kind !== 'ENTER') continue;
    params.set(`${p.file}\0${p.function}`, p.vars.filter((v) => v !== 'this' && !/[.()[\]]/.test(v)));
  }
  return params;
}

export function daikonPointName(point: ProgramPointInvariants, params: string[]): string {
  const cut = point.point.indexOf(':::');
  return `${point.point.slice(0, cut)}(${params.join(', ')})${point.point.slice(cut)}`;
}

export function formatInvariants(set: InvariantSet, options: FormatOptions = {}): string {
  const daikonNames = options.daikonNames ?? true;
  const params = daikonNames ? parameters(set) : new Map<string, string[]>();
  const lines: string[] = [];
  for (const point of set.points) {
    lines.push(SEPARATOR);
    lines.push(daikonNames ? daikonPointName(point, params.get(`${point.file}\0${point.function}`) ?? []) : point.point);
    for (const inv of point.invariants) {
      if (inv.justified && (inv.interesting || !BOUND.test(inv.kind))) lines.push(inv.text);
      else if (options.all) lines.push(`${inv.text}    (${inv.justified ? 'justified, not printed by Daikon: uninteresting constant' : `unjustified: confidence ${inv.confidence.toFixed(4)}`}, ${inv.samples} samples)`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
