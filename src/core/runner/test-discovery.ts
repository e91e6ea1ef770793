// Test discovery (issue 34): the integration tests the editor's Test Explorer lists, as plain JSON.
// Which files: the test files and folders the integration command names (npm scripts followed),
// else the runners' default file names. Which tests in them: a static scan with the TypeScript
// parser of `test(`/`it(`/`describe(`/`suite(` calls (and their `.only`/`.skip`/`.each`… forms) —
// the same calls under node:test, Mocha, Jest and Vitest, so one scan serves all four, runs no
// workspace code (Restricted Mode lists nothing anyway) and needs no runner installed. A name
// built from a template (`z=${z}`) becomes a pattern matching every name the loop makes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { glob } from 'tinyglobby';
import type { LoadedConfig } from '../config/config-types.js';
import { expandCommand, parseCommand, type ParsedCommand } from '../config/command.js';
import { runnerOf, scriptOf, type TestRunner } from './test-runners.js';

export interface DiscoveredTest {
  /** The name as written: a template keeps its `${…}` parts. */
  name: string;
  /** A regular expression matching the names the runner reports for it (a `--test` pattern). */
  pattern: string;
  /** 1-based line of the call. */
  line: number;
  kind: 'suite' | 'test';
  children?: DiscoveredTest[];
}

export interface DiscoveredFile {
  /** Relative to the project root, `/`-separated (as TestCase.file is). */
  file: string;
  tests: DiscoveredTest[];
}

export interface TestDiscovery {
  runner: TestRunner;
  /** How the tests were found, for the user (the runners' listings need their workspace code). */
  method: 'static scan';
  files: DiscoveredFile[];
}

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|\.[cm]?[jt]sx?$/;
const DEFAULT_GLOB = '**/*.{test,spec}.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const IGNORE = ['**/node_modules/**', '**/.conlens/**', '**/dist/**', '**/coverage/**'];
const SUITES = new Set(['describe', 'suite', 'context']);
const TESTS = new Set(['test', 'it', 'specify']);

/** Escapes `text` for a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The callee's base name (`describe`, `test`) when it is a test-defining call: `test(…)`,
 *  `test.only(…)`, `it.skip(…)`, `describe.each(table)(…)`, `test.concurrent(…)`. */
function calleeKind(expr: ts.Expression): 'suite' | 'test' | undefined {
  let e = expr;
  // describe.each(table)('name', fn): the callee is itself a call.
  if (ts.isCallExpression(e)) e = e.expression;
  // node:test's subtest: `t.test('name', fn)` on the test context.
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.name.text === 'test' && !SUITES.has(e.expression.text) && !TESTS.has(e.expression.text)) return 'test';
  while (ts.isPropertyAccessExpression(e)) e = e.expression;
  if (!ts.isIdentifier(e)) return undefined;
  if (SUITES.has(e.text)) return 'suite';
  if (TESTS.has(e.text)) return 'test';
  return undefined;
}

/** The name and pattern of a name argument, when it is written out (a literal or a template). */
function nameOf(arg: ts.Expression | undefined): { name: string; pattern: string } | undefined {
  if (!arg) return undefined;
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return { name: arg.text, pattern: escapeRegExp(arg.text) };
  if (ts.isTemplateExpression(arg)) {
    const parts = [arg.head.text, ...arg.templateSpans.map((s) => s.literal.text)];
    const name = arg.head.text + arg.templateSpans.map((s) => `\${${s.expression.getText()}}` + s.literal.text).join('');
    return { name, pattern: parts.map(escapeRegExp).join('.*') };
  }
  return undefined;
}

/** The test cases and suites `text` defines, nested as written. */
export function scanTestFile(text: string, fileName = 'test.ts'): DiscoveredTest[] {
  const kind = /\.[cm]?tsx?$/.test(fileName) ? (fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS) : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node: ts.Node, into: DiscoveredTest[]) => {
    if (ts.isCallExpression(node)) {
      const k = calleeKind(node.expression);
      const named = k ? nameOf(node.arguments[0]) : undefined;
      if (k && named) {
        const test: DiscoveredTest = { ...named, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, kind: k };
        into.push(test);
        // Subtests (node:test's t.test) and a suite's tests sit in the callback.
        const children: DiscoveredTest[] = [];
        for (const arg of node.arguments.slice(1)) visit(arg, children);
        if (children.length) test.children = children;
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, into));
  };
  const found: DiscoveredTest[] = [];
  visit(source, found);
  return found;
}

/** The integration command, parsed, through an `npm test` / `npm run x` script. */
function commandOf(command: string | string[], root: string, depth = 0): ParsedCommand {
  const parsed = parseCommand(command);
  const words = parsed.words.map((w) => ('text' in w ? w.text : w.glob));
  if (words[0] === 'npm' && depth === 0) {
    const name = words[1] === 'test' || words[1] === 't' ? 'test' : words[1] === 'run' || words[1] === 'run-script' ? words[2] : undefined;
    const script = name ? scriptOf(root, name) : undefined;
    if (script !== undefined) return commandOf(script, root, depth + 1);
  }
  return parsed;
}

/** The test files the integration command runs, relative to the root. */
async function testFiles(loaded: LoadedConfig): Promise<string[]> {
  const root = loaded.root;
  const command = loaded.config.integration?.command;
  const named = new Set<string>();
  if (command) {
    const parsed = commandOf(command, root);
    let argv: string[];
    try {
      argv = await expandCommand(parsed, root, 'the integration command');
    } catch {
      // A glob that matches nothing lists nothing from it; the runner would fail the same way.
      argv = parsed.words.flatMap((w) => ('text' in w ? [w.text] : []));
    }
    for (const word of argv.slice(1)) {
      if (word.startsWith('-')) continue;
      const path = resolve(root, word);
      if (!existsSync(path)) continue;
      if (statSync(path).isDirectory()) {
        for (const f of await glob(DEFAULT_GLOB, { cwd: path, ignore: IGNORE })) named.add(relative(root, join(path, f)));
      } else if (TEST_FILE.test(word)) named.add(relative(root, path));
    }
  }
  const files = named.size ? [...named] : await glob(DEFAULT_GLOB, { cwd: root, ignore: IGNORE });
  return files.map((f) => f.split('\\').join('/')).sort();
}

/** Discovers the integration tests of a project (the tests "Find races" runs). */
export async function discoverTests(loaded: LoadedConfig): Promise<TestDiscovery> {
  const command = loaded.config.integration?.command;
  const runner = command ? runnerOf(parseCommand(command).words.map((w) => ('text' in w ? w.text : w.glob)), loaded.root).runner : 'unknown';
  const files: DiscoveredFile[] = [];
  for (const file of await testFiles(loaded)) {
    let text: string;
    try {
      text = readFileSync(join(loaded.root, file), 'utf8');
    } catch {
      continue;
    }
    const tests = scanTestFile(text, file);
    if (tests.length) files.push({ file, tests });
  }
  return { runner, method: 'static scan', files };
}
