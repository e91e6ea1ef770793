// Test-case boundaries (issue 31): the `test` events (trace-events.ts TestCaseEvent) around each
// test, from the runner's own hooks, so the analysis can keep the failing test's events apart from
// the other tests' of the same file. Runs in the user's process: only hook registration here; the
// reader (trace/test-cases.ts) attributes events and finds a test's line when the runner gave none.
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { processKey } from './process-key.js';
import type { TestCaseEvent } from './trace-events.js';

interface EventSink {
  /** Writes a test case's begin or end (Recorder.testCase: with the scheduler's clocks). */
  testCase(event: TestCaseEvent): void;
}

/** What a runner's `beforeEach` / `afterEach` pair needs: the current test's name, file, line and,
 *  after it, whether it passed (undefined: the runner does not say there). */
export interface TestCaseHooks<C> {
  beforeEach(fn: (...args: C[]) => void): void;
  afterEach(fn: (...args: C[]) => void): void;
}

/** A test as a runner's hook context tells it. `name`: the full name as the runner prints it
 *  (suite titles joined by its own separator); `path`: the titles themselves, outermost first (the
 *  reader finds the line from them); `id`: the runner's object for the test, the same across its
 *  retries; `retry`: this run is a retry of the test that just ran under this name. */
export interface RunningTest {
  name: string;
  file: string;
  path?: string[];
  line?: number;
  ok?: boolean;
  id?: object;
  retry?: boolean;
}

/** Tells apart same-named tests of one file (a loop of `it('works')`, a copied test): the n-th test
 *  of that name to begin is ordinal n; its retries, and its end, keep it. */
export class TestOrdinals {
  private readonly counts = new Map<string, number>();
  private readonly byId = new WeakMap<object, number>();

  begin(test: RunningTest): number {
    const known = test.id && this.byId.get(test.id);
    if (known) return known;
    const key = `${test.file}\u0000${test.name}`;
    const n = (this.counts.get(key) ?? 0) + (test.retry ? 0 : 1) || 1;
    this.counts.set(key, n);
    if (test.id) this.byId.set(test.id, n);
    return n;
  }

  end(test: RunningTest): number {
    return (test.id && this.byId.get(test.id)) || this.counts.get(`${test.file}\u0000${test.name}`) || 1;
  }
}

/** The `test` event of `test`'s begin or end. */
export function testCaseEvent(k: 'begin' | 'end', test: RunningTest, ordinal: number): TestCaseEvent {
  return {
    e: 'test', k, name: test.name, file: test.file,
    ...(k === 'begin' && test.path && test.path.length > 1 ? { path: test.path } : {}),
    ...(k === 'begin' && test.line ? { line: test.line } : {}),
    ...(ordinal > 1 ? { n: ordinal } : {}),
    ...(k === 'end' && test.ok !== undefined ? { ok: test.ok } : {}),
  };
}

export function recordTestCases<C>(sink: EventSink, hooks: TestCaseHooks<C>, describe: (ctx: C) => RunningTest | undefined): void {
  const ordinals = new TestOrdinals();
  // Hooks of no declared parameter (a rest parameter has none): Jest and Mocha take a hook that
  // declares one for a `done` callback and wait for it.
  hooks.beforeEach((...args) => {
    const t = describe(args[0]);
    if (t) sink.testCase(testCaseEvent('begin', t, ordinals.begin(t)));
  });
  hooks.afterEach((...args) => {
    const t = describe(args[0]);
    if (t) sink.testCase(testCaseEvent('end', t, ordinals.end(t)));
  });
}

/** node:test: root-level hooks apply to every test and subtest of the file. Only in a test file's
 *  own process (`node --test` marks it NODE_TEST_CONTEXT) whose script uses node:test: a root
 *  hook makes node:test report, which a program the test starts must not do. Under Node 22's
 *  `--experimental-test-isolation=none` the files run in the `node --test` process: see there. */
export function hookNodeTest(sink: EventSink): void {
  const script = process.argv[1];
  if (!process.env.NODE_TEST_CONTEXT && isolationNone(process.execArgv)) return hookSharedNodeTest(sink);
  if (!process.env.NODE_TEST_CONTEXT || !script) return;
  let source: string;
  try {
    source = readFileSync(resolve(script), 'utf8');
  } catch {
    return;
  }
  if (!/['"](node:)?test['"]/.test(source)) return;
  const file = resolve(script);
  const nodeTest = createRequire(file)('node:test') as TestCaseHooks<NodeTestContext>;
  recordTestCases(sink, nodeTest, (t) => ({ ...nodeTestName(t), file, id: t, ...(typeof t.passed === 'boolean' ? { ok: t.passed } : {}) }));
}

/** `node --test` with its test files in its own process (Node 22: `--experimental-test-isolation=none`;
 *  Node 23+: `--test-isolation=none`). */
export function isolationNone(execArgv: string[]): boolean {
  if (!execArgv.includes('--test')) return false;
  return execArgv.some((arg, i) => /^--(experimental-)?test-isolation(=none)?$/.test(arg) && (arg.endsWith('=none') || execArgv[i + 1] === 'none'));
}

/** Test files sharing the `node --test` process: the run makes its root test after the preload
 *  (this) ran and before it imports the files, so the hooks go on that root on the next tick — a
 *  hook added now would land on a root of its own that no test runs under. Each test names its
 *  file (`filePath`, Node 22.6+; a test without one is not recorded). */
function hookSharedNodeTest(sink: EventSink): void {
  process.nextTick(() => {
    const nodeTest = createRequire(resolve('noop.js'))('node:test') as TestCaseHooks<NodeTestContext>;
    recordTestCases(sink, nodeTest, (t) => (t.filePath ? { ...nodeTestName(t), file: t.filePath, id: t, ...(typeof t.passed === 'boolean' ? { ok: t.passed } : {}) } : undefined));
  });
}

interface NodeTestContext {
  name: string;
  fullName?: string;
  filePath?: string;
  passed?: boolean;
}

/** node:test's name for a test: its `fullName` (Node 20.16+, 22.3+: the suite titles and the
 *  test's, joined by " > " as its reporters print them); before those, the test's own title. */
export function nodeTestName(t: NodeTestContext): { name: string; path?: string[] } {
  if (!t.fullName || t.fullName === t.name) return { name: t.name };
  const path = t.fullName.split(' > ');
  // A title holding " > " itself splits wrongly: the path is then left out (the line is found
  // from the test's own title).
  return path[path.length - 1] === t.name ? { name: t.fullName, path } : { name: t.fullName };
}

interface MochaTest {
  title: string;
  file?: string;
  state?: string;
  titlePath?(): string[];
  fullTitle?(): string;
  currentRetry?(): number;
}

/** Mocha's name for a test: its fullTitle() (the suite titles and the test's, joined by a space:
 *  what its reporters and --grep match); a retry is a clone of the test, told by currentRetry(). */
export function mochaTest(test: MochaTest): RunningTest {
  const path = test.titlePath?.() ?? [test.title];
  return { name: test.fullTitle?.() ?? path.join(' '), path, file: test.file ?? '', ...(test.currentRetry?.() ? { retry: true } : {}), ...(test.state ? { ok: test.state === 'passed' } : {}) };
}

let scriptPath: string | undefined | null = null;
/** The process's script with links resolved (npx and npm scripts start runners through
 *  node_modules/.bin's links), once for every hook that asks; undefined when there is none. */
function realScript(): string | undefined {
  if (scriptPath === null) {
    try {
      scriptPath = realpathSync(process.argv[1] ?? '');
    } catch {
      scriptPath = undefined;
    }
  }
  return scriptPath;
}

/** Mocha (in its own process: `mocha` / `_mocha`, and each `--parallel` worker, which runs its
 *  files with a Runner of its own): its Runner's `test` and `test end` events, on the Runner class
 *  the run will load (CommonJS: one module instance). */
export function hookMocha(sink: EventSink): void {
  const script = realScript();
  if (!script) return;
  const root = /^(.*[\\/]mocha)[\\/](bin[\\/]_?mocha(\.js)?|lib[\\/]cli[\\/]cli\.js|lib[\\/]nodejs[\\/]worker\.js)$/.exec(script)?.[1];
  if (!root) return;
  type MochaRunner = { prototype: { run(...args: unknown[]): unknown; on(event: string, fn: (test: MochaTest) => void): void } };
  let Runner: MochaRunner | undefined;
  try {
    // The class itself (Mocha 9–11), or a module that holds it (a later layout): a Mocha whose
    // runner is not found runs with no test events, never with an error of ours.
    const loaded = createRequire(resolve(root, 'package.json'))('./lib/runner.js') as { Runner?: unknown; default?: unknown } | undefined;
    const isRunner = (c: unknown): c is MochaRunner => typeof c === 'function' && typeof (c as { prototype?: { run?: unknown } }).prototype?.run === 'function';
    Runner = [loaded, loaded?.Runner, loaded?.default].find(isRunner);
  } catch {
    return;
  }
  if (!Runner) return;
  const run = Runner.prototype.run;
  Runner.prototype.run = function runWithTestCases(this: typeof Runner.prototype, ...args: unknown[]) {
    const ordinals = new TestOrdinals();
    this.on('test', (test) => {
      const t = mochaTest(test);
      sink.testCase(testCaseEvent('begin', t, ordinals.begin(t)));
    });
    this.on('test end', (test) => {
      const t = mochaTest(test);
      sink.testCase(testCaseEvent('end', t, ordinals.end(t)));
    });
    return run.apply(this, args);
  };
}

/** jest-circus's test (and describe block) as its state holds it. */
export interface CircusBlock {
  name: string;
  parent?: CircusBlock;
  /** Of a test: made where `test()` was called, so its stack has the test's line (what Jest's
   *  testLocationInResults reads). */
  asyncError?: { stack?: string };
}

/** Jest's name for a test: the describe titles and the test's, joined by " › " as its reporters
 *  print them (the root block, which has no parent, is not a title); its line: the frame of the
 *  test file in the stack jest-circus kept from the `test()` call. */
export function jestTest(test: CircusBlock, file: string): RunningTest {
  const path: string[] = [];
  for (let block: CircusBlock | undefined = test; block?.parent; block = block.parent) path.unshift(block.name);
  if (!test.parent) path.push(test.name);
  const line = lineInStack(test.asyncError?.stack, file);
  return { name: path.join(' › '), path, file, ...(line ? { line } : {}) };
}

/** The line of the first frame of `file` in `stack` (0: none). */
export function lineInStack(stack: string | undefined, file: string): number {
  for (const frame of (stack ?? '').split('\n').slice(1)) {
    const at = frame.lastIndexOf(`${file}:`);
    if (at < 0) continue;
    const line = /^(\d+)(:\d+)?\)?\s*$/.exec(frame.slice(at + file.length + 1));
    if (line) return Number(line[1]);
  }
  return 0;
}

interface VitestTask {
  name: string;
  suite?: VitestTask;
  /** Set on a file's own task. */
  filepath?: string;
  file?: { filepath: string };
  location?: { line: number };
  result?: { state?: string };
}

export interface VitestContext {
  task: VitestTask;
}

/** Vitest's name for a test: its suites' titles and its own, joined by " > " as Vitest prints a
 *  test (the file's own task is the outermost suite, not a title, and neither is the nameless
 *  default suite of older Vitest); its line: the task's location. */
export function vitestTest(task: VitestTask, testFile: string | undefined): RunningTest {
  const path: string[] = [];
  for (let t: VitestTask | undefined = task; t && t !== task.file && !t.filepath; t = t.suite) if (t === task || t.name) path.unshift(t.name);
  return { name: path.join(' > '), path, file: task.file?.filepath ?? testFile ?? '', id: task, ...(task.location ? { line: task.location.line } : {}), ...(task.result?.state ? { ok: task.result.state !== 'fail' } : {}) };
}

/** What hookAva needs of the recorder: besides the sink, a test file's process is named by its
 *  file (its argv is ava's worker script, the same for every file). */
interface FileProcess extends EventSink {
  setProcessArgv(argv: string[]): void;
  scheduler?: { rekey(settings: never, key: string): void };
}

/** Our hooks' title: ava names a hook's run `<hook title> for <test title>`. */
const AVA_HOOK = 'conlens test case';

/** ava 5–7 (a test file's child process: traced runs start ava with --no-worker-threads,
 *  runner/ava-run.ts). Its worker creates the file's Runner and publishes the chain `test` is
 *  (state.cjs `refs.runnerChain`, CommonJS: one module instance) before it loads the file: there
 *  we learn the file (options.cjs) and name the process by it. When the file loads `ava`
 *  (main.cjs sets `flags.loadedMain`), we declare a beforeEach / afterEach.always pair, first of
 *  the file's hooks — not sooner: the first declaration starts the file's run on the next tick,
 *  so ours must come in the same tick as the file's own. `schedule`: the scheduled run's
 *  settings, whose per-process record is the file's. */
export function hookAva(recorder: FileProcess, schedule: unknown): void {
  const script = realScript();
  if (!script) return;
  const worker = /^(.*[\\/]ava[\\/]lib[\\/]worker)[\\/]base\.js$/.exec(script)?.[1];
  if (!worker) return;
  type Chain = { beforeEach(title: string, fn: (t: AvaContext) => void): void; afterEach: { always(title: string, fn: (t: AvaContext) => void): void } };
  interface AvaContext { title: string; passed: boolean }
  let state: { refs: { runnerChain: Chain | null }; flags: { loadedMain: boolean } };
  let options: { get(): { file: string } };
  try {
    const load = createRequire(resolve(worker, 'base.js'));
    state = load('./state.cjs') as typeof state;
    options = load('./options.cjs') as typeof options;
  } catch {
    return;
  }
  const { refs, flags } = state ?? {};
  if (!refs || !flags || !('runnerChain' in refs) || !('loadedMain' in flags)) return;
  let chain = refs.runnerChain;
  let file: string | undefined;
  Object.defineProperty(refs, 'runnerChain', {
    configurable: true,
    enumerable: true,
    get: () => chain,
    set(value: Chain | null) {
      chain = value;
      try {
        file = resolve(options.get().file);
      } catch {
        return;
      }
      // Before the file loads, so before any decision: the replay record is the file's.
      recorder.setProcessArgv([...process.argv.slice(1), file]);
      if (schedule) recorder.scheduler?.rekey(schedule as never, processKey(['', file]));
    },
  });
  let loaded = flags.loadedMain;
  Object.defineProperty(flags, 'loadedMain', {
    configurable: true,
    enumerable: true,
    get: () => loaded,
    set(value: boolean) {
      const first = value && !loaded;
      loaded = value;
      if (!first || !chain || file === undefined) return;
      const own = chain;
      const testFile = file;
      const name = (t: AvaContext) => (t.title.startsWith(`${AVA_HOOK} for `) ? t.title.slice(AVA_HOOK.length + 5) : t.title);
      recordTestCases<AvaContext>(recorder, {
        beforeEach: (fn) => own.beforeEach(AVA_HOOK, (t) => fn(t)),
        afterEach: (fn) => own.afterEach.always(AVA_HOOK, (t) => fn(t)),
      }, (t) => ({ name: name(t), file: testFile, ok: t.passed }));
    },
  });
}

interface TapTest {
  name: string;
  passing(): boolean;
  beforeEach(fn: (t: TapTest) => void): void;
  afterEach(fn: (t: TapTest) => void): void;
}

/** node-tap 18+ (a test file's process: tap marks it TAP_CHILD_ID; its argv ends with the file,
 *  which names the process). The root test is made when the file loads tap; @tapjs/core keeps it
 *  on globalThis[Symbol.for('TAP private constructor')], where we take it as it is set and add a
 *  beforeEach / afterEach pair (@tapjs/before-each, @tapjs/after-each: around each subtest). */
export function hookTap(sink: EventSink): void {
  const script = process.argv[1];
  if (!process.env.TAP_CHILD_ID || !script) return;
  const file = resolve(script);
  const key = Symbol.for('TAP private constructor');
  const g = globalThis as unknown as Record<symbol, unknown>;
  if (key in g) return;
  let root: unknown;
  Object.defineProperty(g, key, {
    configurable: true,
    enumerable: false,
    get: () => root,
    set(value: unknown) {
      const first = root === undefined;
      root = value;
      const t = value as Partial<TapTest> | undefined;
      if (!first || typeof t?.beforeEach !== 'function' || typeof t.afterEach !== 'function') return;
      // Hooks a plugin list without before-each/after-each does not have: no test events.
      recordTestCases<TapTest>(sink, t as TapTest, (test) => ({ name: test.name, file, ok: test.passing() }));
    },
  });
}
