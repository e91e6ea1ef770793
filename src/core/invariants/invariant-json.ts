// Reading an InvariantSet back from the JSON `conlens mine --json` writes, with its shape checked so
// that `conlens diff` can say which file is wrong and where.
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { InvariantSet } from './invariant-types.js';

export class InvariantSetError extends Error {}

const ARITIES = ['nullary', 'unary', 'binary', 'ternary'];
const POINT_KINDS = ['ENTER', 'EXIT', 'SUBEXIT'];
const MAX_PROBLEMS = 5;

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The shape problems of `value` as an InvariantSet (`json.path: expected …`), at most a few. */
export function invariantSetProblems(value: Json): string[] {
  const problems: string[] = [];
  const problem = (path: string, what: string) => {
    if (problems.length < MAX_PROBLEMS + 1) problems.push(`${path}: ${what}`);
  };
  const str = (o: Record<string, Json>, key: string, path: string) => typeof o[key] === 'string' || problem(`${path}.${key}`, 'expected a string');
  const num = (o: Record<string, Json>, key: string, path: string) => (typeof o[key] === 'number' && Number.isFinite(o[key])) || problem(`${path}.${key}`, 'expected a number');
  const bool = (o: Record<string, Json>, key: string, path: string) => typeof o[key] === 'boolean' || problem(`${path}.${key}`, 'expected true or false');
  const strings = (o: Record<string, Json>, key: string, path: string) => {
    const v = o[key];
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) problem(`${path}.${key}`, 'expected an array of strings');
  };
  const oneOf = (o: Record<string, Json>, key: string, path: string, allowed: string[]) =>
    allowed.includes(o[key] as string) || problem(`${path}.${key}`, `expected one of ${allowed.map((a) => `"${a}"`).join(', ')}`);

  if (!isObject(value)) return ['(top level): expected an object with version, runs, confidence and points (an InvariantSet from conlens mine --json)'];
  if (value.version !== 1) problem('version', `expected 1, got ${JSON.stringify(value.version)}`);
  strings(value, 'runs', '');
  num(value, 'confidence', '');
  if (!Array.isArray(value.points)) {
    problem('points', 'expected an array of program points');
    return problems.map((p) => p.replace(/^\./, ''));
  }
  value.points.forEach((point: Json, i: number) => {
    const pp = `points[${i}]`;
    if (!isObject(point)) return problem(pp, 'expected an object');
    str(point, 'point', pp);
    str(point, 'function', pp);
    str(point, 'file', pp);
    oneOf(point, 'kind', pp, POINT_KINDS);
    num(point, 'samples', pp);
    strings(point, 'vars', pp);
    if (!Array.isArray(point.invariants)) return problem(`${pp}.invariants`, 'expected an array of invariants');
    point.invariants.forEach((inv: Json, j: number) => {
      const ip = `${pp}.invariants[${j}]`;
      if (!isObject(inv)) return problem(ip, 'expected an object');
      str(inv, 'point', ip);
      strings(inv, 'vars', ip);
      str(inv, 'kind', ip);
      str(inv, 'text', ip);
      if (!Array.isArray(inv.params) || inv.params.some((p) => p !== null && !['number', 'string', 'boolean'].includes(typeof p))) {
        problem(`${ip}.params`, 'expected an array of numbers, strings, booleans or null');
      }
      num(inv, 'samples', ip);
      num(inv, 'confidence', ip);
      bool(inv, 'justified', ip);
      oneOf(inv, 'arity', ip, ARITIES);
      bool(inv, 'interesting', ip);
    });
  });
  return problems.map((p) => p.replace(/^\./, ''));
}

/** Checks that `value` is an InvariantSet; throws InvariantSetError naming `source` if not. */
export function asInvariantSet(value: Json, source: string): InvariantSet {
  const problems = invariantSetProblems(value);
  if (problems.length) {
    const shown = problems.slice(0, MAX_PROBLEMS).map((p) => `  ${p}`);
    if (problems.length > MAX_PROBLEMS) shown.push('  …');
    throw new InvariantSetError(`${source}: not an InvariantSet (write one with conlens mine --json FILE)\n${shown.join('\n')}`);
  }
  return value as InvariantSet;
}

/** Reads and checks an InvariantSet JSON file. */
export function readInvariantSet(file: string): InvariantSet {
  if (!existsSync(file)) throw new InvariantSetError(`${file}: no such file`);
  if (statSync(file).isDirectory()) throw new InvariantSetError(`${file}: is a folder, expected an InvariantSet JSON file (conlens mine --json FILE)`);
  let value: Json;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InvariantSetError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return asInvariantSet(value, file);
}
