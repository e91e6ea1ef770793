// The layering DESIGN §3 asks of src/core, read from the sources with the TypeScript scanner
// (ts.preProcessFile: imports, re-exports, import types, and dynamic imports and requires of a
// literal name; type-only ones count — a type cycle still ties two modules together):
//  - no import cycle between modules;
//  - no `vscode` import (only src/extension talks to the editor);
//  - nothing outside src/core/pipeline/ imports it: the stages (and config, runner below them)
//    never call the commands' flows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const CORE = resolve(__dirname, '..', '..', 'src', 'core');
const PIPELINE = 'pipeline';
/** DESIGN §3's stage folders (config and runner sit below them: they must not reach up either). */
const STAGES = ['static', 'instrument', 'runtime', 'trace', 'invariants', 'localize', 'active', 'synth', 'report'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A relative specifier as the bundler resolves it: `./a.js` names `./a.ts`, a folder its index. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|ts|mjs|mts|cjs|cts)$/, '');
  for (const candidate of [base, `${stem}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

interface CoreImports {
  /** Module (relative to src/core) → the src/core modules it imports. */
  edges: Map<string, string[]>;
  /** Module → the packages it imports (bare specifiers). */
  packages: Map<string, string[]>;
}

function readImports(): CoreImports {
  const edges = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  for (const file of sources(CORE)) {
    const key = relative(CORE, file).split(sep).join('/');
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const local: string[] = [];
    const bare: string[] = [];
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) {
        bare.push(fileName);
        continue;
      }
      const target = resolveRelative(file, fileName);
      assert.ok(target, `${key}: cannot resolve ${fileName}`);
      // Outside src/core (package.json, src/cli): not part of the engine's graph.
      if (target.startsWith(CORE + sep)) local.push(relative(CORE, target).split(sep).join('/'));
    }
    edges.set(key, [...new Set(local)]);
    packages.set(key, bare);
  }
  return { edges, packages };
}

/** Tarjan's strongly connected components with more than one module (or a module importing
 *  itself), each as one cycle through it: the path to report. */
function cycles(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)?.includes(v)) components.push(component);
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((component) => cycleThrough(component.sort()[0], new Set(component), edges));
}

/** The shortest cycle from `start` back to it inside one component (breadth-first). */
function cycleThrough(start: string, component: Set<string>, edges: Map<string, string[]>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of edges.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

const imports = readImports();

test('the scanner sees src/core: every stage folder and the pipeline have modules', () => {
  const folders = new Set([...imports.edges.keys()].map((key) => key.split('/')[0]));
  for (const folder of [...STAGES, PIPELINE]) assert.ok(folders.has(folder), `src/core/${folder}/ has no module`);
  // A sample edge, so an empty graph (a scanner that found nothing) cannot pass the tests below.
  assert.ok(imports.edges.get('pipeline/rank.ts')?.includes('localize/run-orders.ts'), 'pipeline/rank.ts imports localize/run-orders.ts');
});

test('src/core has no import cycle', () => {
  const found = cycles(imports.edges);
  assert.deepEqual(found.map((cycle) => cycle.join(' → ')), [], 'break each cycle by moving what both sides need to the module that owns it');
});

test('no module under src/core imports vscode', () => {
  const offenders = [...imports.packages].filter(([, bare]) => bare.some((p) => p === 'vscode' || p.startsWith('vscode/'))).map(([key]) => key);
  assert.deepEqual(offenders, [], 'only src/extension talks to the editor');
});

test('no stage imports src/core/pipeline/ (the flows sit above the stages)', () => {
  const offenders = [...imports.edges]
    .filter(([key]) => !key.startsWith(`${PIPELINE}/`))
    .flatMap(([key, targets]) => targets.filter((t) => t.startsWith(`${PIPELINE}/`)).map((t) => `${key} → ${t}`));
  assert.deepEqual(offenders, []);
});

test('the cycle finder finds a planted cycle, and the shortest path through it', () => {
  const planted = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts', 'd.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['d.ts']],
    ['e.ts', ['a.ts']],
  ]);
  assert.deepEqual(cycles(planted), [['d.ts', 'd.ts'], ['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
});
