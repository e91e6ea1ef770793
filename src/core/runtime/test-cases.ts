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
  write(event: TestCaseEvent): void;
}

/** What a runner's `beforeEach` / `afterEach` pair needs: the current test's name, file, line and,
 *  after it, whether it passed (undefined: the runner does not say there). */
export interface TestCaseHooks<C> {
  beforeEach(fn: (...args: C[]) => void): void;
  afterEach(fn: (...args: C[]) => void): void;
}

export function recordTestCases<C>(sink: EventSink, hooks: TestCaseHooks<C>, describe: (ctx: C) => { name: string; file: string; line?: number; ok?: boolean } | undefined): void {
  // Hooks of no declared parameter (a rest parameter has none): Jest and Mocha take a hook that
  // declares one for a `done` callback and wait for it.
  hooks.beforeEach((...args) => {
    const t = describe(args[0]);
    if (t) sink.write({ e: 'test', k: 'begin', name: t.name, file: t.file, ...(t.line ? { line: t.line } : {}) });
  });
  hooks.afterEach((...args) => {
    const t = describe(args[0]);
    if (t) sink.write({ e: 'test', k: 'end', name: t.name, file: t.file, ...(t.ok !== undefined ? { ok: t.ok } : {}) });
  });
}

/** node:test: root-level hooks apply to every test and subtest of the file. Only in a test file's
 *  own process (`node --test` marks it NODE_TEST_CONTEXT) whose script uses node:test: a root
 *  hook makes node:test report, which a program the test starts must not do. */
export function hookNodeTest(sink: EventSink): void {
  const script = process.argv[1];
  if (!process.env.NODE_TEST_CONTEXT || !script) return;
  let source: string;
  try {
    source = readFileSync(resolve(script), 'utf8');
  } catch {
    return;
  }
  if (!/['"](node:)?test['"]/.test(source)) return;
  const file = resolve(script);
  const nodeTest = createRequire(import.meta.url)('node:test') as TestCaseHooks<{ name: string; passed?: boolean }>;
  recordTestCases(sink, nodeTest, (t) => ({ name: t.name, file, ...(typeof t.passed === 'boolean' ? { ok: t.passed } : {}) }));
}

interface MochaTest {
  title: string;
  file?: string;
  state?: string;
}

/** Mocha (in its own process: `mocha` / `_mocha`, not --parallel workers): its Runner's `test`
 *  and `test end` events, on the Runner class the run will load (CommonJS: one module instance). */
export function hookMocha(sink: EventSink): void {
  let script: string;
  try {
    // npx and npm scripts start it through node_modules/.bin's link.
    script = realpathSync(process.argv[1] ?? '');
  } catch {
    return;
  }
  const root = /^(.*[\\/]mocha)[\\/](bin[\\/]_?mocha(\.js)?|lib[\\/]cli[\\/]cli\.js)$/.exec(script)?.[1];
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
    this.on('test', (test) => sink.write({ e: 'test', k: 'begin', name: test.title, file: test.file ?? '' }));
    this.on('test end', (test) => sink.write({ e: 'test', k: 'end', name: test.title, file: test.file ?? '', ...(test.state ? { ok: test.state === 'passed' } : {}) }));
    return run.apply(this, args);
  };
}

/** What hookAva needs of the recorder: besides the sink, a test file's process is named by its
 *  file (its argv is ava's worker script, the same for every file). */
interface FileProcess extends EventSink {
  setProcessArgv(argv: string[]): void;
  scheduler?: { rekey(settings: never, key: string): void };
}

/** Our hooks' title: ava names a hook's run `<hook title> for <test title>`. */
const AVA_HOOK = 'conlens test case';

/** ava 5–6 (a test file's child process: traced runs start ava with --no-worker-threads,
 *  runner/ava-run.ts). Its worker creates the file's Runner and publishes the chain `test` is
 *  (state.cjs `refs.runnerChain`, CommonJS: one module instance) before it loads the file: there
 *  we learn the file (options.cjs) and name the process by it. When the file loads `ava`
 *  (main.cjs sets `flags.loadedMain`), we declare a beforeEach / afterEach.always pair, first of
 *  the file's hooks — not sooner: the first declaration starts the file's run on the next tick,
 *  so ours must come in the same tick as the file's own. `schedule`: the scheduled run's
 *  settings, whose per-process record is the file's. */
export function hookAva(recorder: FileProcess, schedule: unknown): void {
  let script: string;
  try {
    script = realpathSync(process.argv[1] ?? '');
  } catch {
    return;
  }
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
