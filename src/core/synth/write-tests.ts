// Synthesized tests as files the user keeps: readable TypeScript for the project's runner
// (node:test, Mocha, Jest, Vitest), each saying which pair runs concurrently, on which field, why
// the pair is feasible and which seed test it came from. The parallel parts run through
// `linearizable` (002 Alg. 2 oracle) which starts them with `concurrently()`.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { TestRunner } from '../runner/test-runners.js';
import type { SynthesizedTest } from './synth-types.js';

const PAPER = { intruder: 'INTRUDER, 000 §3.6', he: 'He et al., 002 Alg. 1', random: 'random pair (baseline)' } as const;

/** How a test in `outDir` imports `concurrency-lens/concurrently`: by the package name when the
 *  project resolves it (installed, a workspace, a link), else by a relative path to this
 *  installation's file — which keeps working when the project and this installation move
 *  together, and `note` says how to make it the package name. */
export function helperSpecifier(outDir: string, installation = ownInstallation()): { specifier: string; note?: string } {
  try {
    createRequire(join(outDir, 'synth.js')).resolve('concurrency-lens/concurrently');
    return { specifier: 'concurrency-lens/concurrently' };
  } catch {
    /* not resolvable from the project */
  }
  if (!installation) return { specifier: 'concurrency-lens/concurrently', note: 'concurrency-lens is not installed in this project: npm install --save-dev concurrency-lens' };
  let rel = relative(outDir, join(installation, 'dist', 'concurrently.cjs')).split('\\').join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return { specifier: rel, note: `concurrency-lens is not installed in this project, so this imports it by its path (${installation}); after npm install --save-dev concurrency-lens, import from 'concurrency-lens/concurrently'` };
}

/** The folder of the concurrency-lens package this code runs from. */
function ownInstallation(): string | undefined {
  let dir = __dirname;
  for (let k = 0; k < 6; k++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'concurrency-lens') return dir;
    dir = dirname(dir);
  }
  return undefined;
}

/** How the project's own tests import source files: with `.ts`, with `.js`, or without. */
export function importStyle(root: string, testFiles: string[]): '.ts' | '.js' | '' {
  for (const file of testFiles) {
    let text = '';
    try {
      text = readFileSync(resolve(root, file), 'utf8');
    } catch {
      continue;
    }
    const m = /from\s+['"](\.{1,2}\/[^'"]+)['"]/.exec(text);
    if (!m) continue;
    if (m[1].endsWith('.ts')) return '.ts';
    if (m[1].endsWith('.js')) return '.js';
    return '';
  }
  return '.ts';
}

function specifier(root: string, outDir: string, file: string, style: '.ts' | '.js' | ''): string {
  let rel = relative(outDir, resolve(root, file)).split('\\').join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return style === '.ts' ? rel : rel.replace(/\.[cm]?tsx?$/, style);
}

/** Only the variables an expression uses, destructured from the state. */
function lambda(expr: string, vars: string[]): string {
  const used = vars.filter((v) => new RegExp(`(^|[^A-Za-z0-9_$.])${v.replace(/\$/g, '\\$')}(?![A-Za-z0-9_$])`).test(expr));
  return `({ ${used.join(', ')} }) => ${expr}`;
}

/** The module file a state variable is the namespace of, if it is one. */
function moduleFile(test: SynthesizedTest, variable: string): string | undefined {
  return Object.entries(test.modules).find(([, name]) => name === variable)?.[0];
}

export function renderTest(test: SynthesizedTest, options: { root: string; outDir: string; runner: TestRunner; helper: { specifier: string; note?: string }; style: '.ts' | '.js' | ''; testFormat?: 'module' | 'commonjs' }): string {
  const title = `${test.parts.map((p) => p.join(' → ')).join(' ∥ ')} on ${test.field}`;
  const header = [
    `// Synthesized by Concurrency Lens (conlens synth, ${PAPER[test.method]}) from the sequential tests.`,
    `// Runs concurrently: ${test.parts.map((p) => p.join(' → ')).join('  ∥  ')}`,
    `// Field:             ${test.field}`,
    `// Why:               ${test.reason}`,
    `// Pair:              ${test.detail}`,
    `// Seed test:         ${test.seeds.join('; ')}`,
    '// The oracle (002 Alg. 2) first runs every linearization of the two calls; the test fails only when',
    test.taskBody
      ? '// the concurrent run shows an outcome (an exception or a hang) that none of them shows.'
      : '// the concurrent run shows an outcome (exception, hang, return value, final state) that none of them shows.',
    ...(test.taskBody ? [`// ${test.taskBody.fn} pauses in a loop (line ${test.taskBody.line}): a task body whose steps are meant to interleave, so return values and state are not compared.`] : []),
  ];
  const imports: string[] = [];
  if (options.runner === 'vitest') imports.push("import { test } from 'vitest';");
  else if (options.runner !== 'mocha' && options.runner !== 'jest') imports.push("import { test } from 'node:test';");
  if (options.helper.note) header.push(`// Note:              ${options.helper.note}`);
  imports.push(`import { linearizable } from ${JSON.stringify(options.helper.specifier)};`);
  const fresh = new Set(test.fresh ?? []);
  for (const [file, name] of Object.entries(test.modules)) if (!fresh.has(file)) imports.push(`import * as ${name} from ${JSON.stringify(specifier(options.root, options.outDir, file, options.style))};`);
  // Module state lives as long as its module instance, and the oracle runs setup once per
  // linearization and per concurrent try: each run imports the module afresh so none sees what
  // an earlier one left (a module variable already set, a Map already filled). Under node:test and
  // Mocha a new query string is a new ES module instance; Vitest and Jest reset their registry
  // (which renews the modules it imports too).
  const reset = options.runner === 'vitest' ? 'vi.resetModules(); ' : options.runner === 'jest' ? 'jest.resetModules(); ' : '';
  if (options.runner === 'vitest' && fresh.size) imports[0] = "import { test, vi } from 'vitest';";
  const commonJs = new Set(test.freshCommonJs ?? []);
  // A CommonJS module is one instance per resolved file whatever the query: under node:test and
  // Mocha each run takes it out of require's cache and loads it again, in the shape `import * as`
  // gives a CommonJS module (its exports, and `default` the whole of module.exports).
  const afresh = !reset && commonJs.size > 0;
  if (afresh) imports.push("import { createRequire } from 'node:module';");
  const freshImports = Object.entries(test.modules).filter(([file]) => fresh.has(file)).map(([file, name]) => {
    const spec = specifier(options.root, options.outDir, file, options.style);
    // Jest runs test files as CommonJS: a dynamic import() needs its experimental VM modules.
    if (options.runner === 'jest') return `${reset}const ${name} = require(${JSON.stringify(spec)});`;
    if (!reset && commonJs.has(file)) return `const ${name} = requireAfresh(${JSON.stringify(spec)});`;
    return reset ? `${reset}const ${name} = await import(${JSON.stringify(spec)});` : `const ${name} = await import(\`${spec}?run=\${++runs}\`);`;
  });
  const testFn = options.runner === 'mocha' ? 'it' : 'test';
  const body = [
    ...(freshImports.length && !reset && commonJs.size < fresh.size ? [`// Module state: every run of setup imports ${[...fresh].filter((f) => !commonJs.has(f)).join(', ')} afresh (a new query, a new instance).`, 'let runs = 0;', ''] : []),
    ...(afresh ? [
      `// Module state: every run of setup loads ${[...commonJs].join(', ')} afresh (out of require's cache, a new instance).`,
      // A CommonJS test file's own `require` may be Node's shim for a module its ES loader compiled,
      // which has no cache: a require of the file's own.
      `const load = createRequire(${options.testFormat === 'module' ? 'import.meta.url' : '__filename'});`,
      'function requireAfresh(specifier: string) {',
      '  delete load.cache[load.resolve(specifier)];',
      '  const exported = load(specifier);',
      '  return { ...exported, default: exported };',
      '}',
      '',
    ] : []),
    `${testFn}(${JSON.stringify(title)}, async () => {`,
    '  await linearizable({',
    '    async setup() {',
    ...freshImports.map((s) => `      ${s}`),
    ...test.setup.map((s) => `      ${s}`),
    `      return { ${test.state.join(', ')} };`,
    '    },',
    '    parts: [',
    ...test.calls.map((part) => `      [${part.map((c) => lambda(c, test.state)).join(', ')}],`),
    '    ],',
    // The module's state is not exported: its readers' results stand for it in the final state
    // (in place of the module's namespace, whose functions never change).
    ...(test.observe?.length ? [`    observe: ${lambda(`[${[...test.state.filter((v) => !fresh.has(moduleFile(test, v) ?? '')), ...test.observe].join(', ')}]`, test.state)},`] : []),
    ...(test.taskBody ? ["    compare: 'exceptions',"] : []),
    '  });',
    '});',
  ];
  const helpers = test.helpers.length ? ['', '// From the seed test:', ...test.helpers] : [];
  return `${[...header, ...imports, ...helpers, '', ...body].join('\n')}\n`;
}
