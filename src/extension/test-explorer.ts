// The Test Explorer (issue 34 item 1): a TestController "Concurrency Lens" listing the integration
// tests (`conlens tests`, core/runner/test-discovery.ts: a static scan), a "Find races" run
// profile that fuzzes the chosen tests (their patterns become `--test`) with the configured
// strategy, and a "Rank" profile. A violation comes back as TestMessages on the failing tests:
// the story, expected/actual when the assertion has them, one message at each ▶ step, and the
// replay (violation.json, Replay and Debug this interleaving) — and in the Violations view.
import * as vscode from 'vscode';
import { takeText, tempJsonPath } from './temp-json.js';
import { join } from 'node:path';
import type { FuzzResult } from '../core/active/fuzz.js';
import type { ScheduleStep } from '../core/active/violation.js';
import type { ReportViolation } from '../core/report/report-types.js';
import type { DiscoveredTest, TestDiscovery } from '../core/runner/test-discovery.js';
import { editorViolation } from '../core/report/cited-steps.js';
import { fuzzArgs, rankArgs } from './model/cli-args.js';
import { cliError } from './model/cli-output.js';
import { parseReport } from './model/report-model.js';
import { runEngine } from './engine.js';
import type { Results } from './results.js';
import { getSettings } from './settings.js';

interface ItemData {
  file: string;
  /** The `--test` pattern (a regular expression of the runner's test names). */
  pattern?: string;
  kind: 'file' | 'suite' | 'test';
}

/** What a failed test shows: one violation, already told. */
interface Shown {
  kind: string;
  message: string;
  story?: string;
  cited: ScheduleStep[];
  file?: string;
  expected?: string;
  actual?: string;
  testCases?: { name: string; file: string }[];
  process?: string;
}

export class ConlensTests implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('conlens', 'Concurrency Lens');
  private readonly data = new WeakMap<vscode.TestItem, ItemData>();
  /** The last discovery (for the extension-host tests and the trial). */
  discovery: TestDiscovery | undefined;
  /** The violation.json of each failed test item, by item id: its replay. */
  readonly replays = new Map<string, string>();
  private discovering: Promise<void> | undefined;
  /** The last run's outcome per item id (the editor API cannot read a test run back; the
   *  extension-host tests read this). */
  readonly outcomes = new Map<string, { state: 'passed' | 'failed' | 'errored' | 'skipped'; messages: string[]; locations: string[] }>();
  readonly profiles: { findRaces: vscode.TestRunProfile; rank: vscode.TestRunProfile };

  constructor(private readonly cli: string, private readonly results: Results, private readonly log: (line: string) => void) {
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
    };
    this.controller.refreshHandler = () => this.discover(true);
    this.profiles = {
      findRaces: this.controller.createRunProfile('Find races', vscode.TestRunProfileKind.Run, (request, token) => this.run('fuzz', request, token), true),
      rank: this.controller.createRunProfile('Rank', vscode.TestRunProfileKind.Run, (request, token) => this.run('rank', request, token), false),
    };
  }

  /** Lists the integration tests of the folder (runs only our CLI's static scan). */
  discover(force = false): Promise<void> {
    if (this.discovering && !force) return this.discovering;
    this.discovering = this.discoverNow();
    return this.discovering;
  }

  private async discoverNow(): Promise<void> {
    const folder = this.results.folder;
    if (!folder || !vscode.workspace.isTrusted) return;
    const settings = getSettings(folder.uri);
    const json = tempJsonPath('tests');
    const run = await runEngine({ cli: this.cli, args: ['tests', folder.uri.fsPath, '--json', json, ...(settings.configPath ? ['--config', settings.configPath] : [])], cwd: folder.uri.fsPath, log: this.log, nodePath: settings.nodePath });
    const listing = await takeText(json);
    let discovery: TestDiscovery;
    try {
      discovery = JSON.parse(listing ?? '') as TestDiscovery;
    } catch {
      this.log(`test discovery failed: ${cliError(run.stderr, run.stdout, run.exitCode)}`);
      return;
    }
    this.discovery = discovery;
    const items: vscode.TestItem[] = [];
    for (const f of discovery.files) {
      const uri = vscode.Uri.joinPath(folder.uri, f.file);
      const fileItem = this.controller.createTestItem(f.file, f.file, uri);
      this.data.set(fileItem, { file: f.file, kind: 'file' });
      const add = (parent: vscode.TestItem, tests: DiscoveredTest[]) => {
        for (const t of tests) {
          const item = this.controller.createTestItem(`${parent.id} › ${t.name} @${t.line}`, t.name, uri);
          item.range = new vscode.Range(t.line - 1, 0, t.line - 1, 0);
          this.data.set(item, { file: f.file, pattern: t.pattern, kind: t.kind });
          parent.children.add(item);
          if (t.children) add(item, t.children);
        }
      };
      add(fileItem, f.tests);
      items.push(fileItem);
    }
    this.controller.items.replace(items);
  }

  /** The test items (leaves) under the request's items, minus its exclusions. */
  private chosen(request: vscode.TestRunRequest): vscode.TestItem[] {
    const roots: vscode.TestItem[] = [];
    if (request.include) roots.push(...request.include);
    else this.controller.items.forEach((i) => roots.push(i));
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    const out: vscode.TestItem[] = [];
    const walk = (item: vscode.TestItem) => {
      if (excluded.has(item.id)) return;
      if (item.children.size === 0) out.push(item);
      else item.children.forEach(walk);
    };
    roots.forEach(walk);
    return out;
  }

  private async run(mode: 'fuzz' | 'rank', request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const real = this.controller.createTestRun(request);
    this.outcomes.clear();
    const text = (m: vscode.TestMessage) => (typeof m.message === 'string' ? m.message : m.message.value);
    // A test that several violations fail gets failed() once per violation; the editor keeps every
    // call's messages, and so does the record.
    const record = (item: vscode.TestItem, state: 'passed' | 'failed' | 'errored' | 'skipped', messages: vscode.TestMessage[] = []) => {
      const before = this.outcomes.get(item.id);
      const kept = before && before.state === state ? before : { messages: [], locations: [] };
      this.outcomes.set(item.id, {
        state,
        messages: [...kept.messages, ...messages.map(text)],
        locations: [...kept.locations, ...messages.flatMap((m) => (m.location ? [`${vscode.workspace.asRelativePath(m.location.uri, false)}:${m.location.range.start.line + 1}`] : []))],
      });
    };
    const asArray = (m: vscode.TestMessage | readonly vscode.TestMessage[]) => (Array.isArray(m) ? [...m] : [m as vscode.TestMessage]);
    const run = {
      started: (item: vscode.TestItem) => real.started(item),
      appendOutput: (t: string) => real.appendOutput(t),
      end: () => real.end(),
      passed: (item: vscode.TestItem) => (record(item, 'passed'), real.passed(item)),
      skipped: (item: vscode.TestItem) => (record(item, 'skipped'), real.skipped(item)),
      failed: (item: vscode.TestItem, m: vscode.TestMessage | readonly vscode.TestMessage[]) => (record(item, 'failed', asArray(m)), real.failed(item, m)),
      errored: (item: vscode.TestItem, m: vscode.TestMessage | readonly vscode.TestMessage[]) => (record(item, 'errored', asArray(m)), real.errored(item, m)),
    };
    const leaves = this.chosen(request);
    try {
      const folder = this.results.folder;
      // Restricted Mode: the tests execute workspace code; nothing runs (issue 34 item 3).
      if (!folder || !vscode.workspace.isTrusted) {
        const why = new vscode.TestMessage('Concurrency Lens runs this workspace\'s tests, which executes its code: trust the workspace to find races (Restricted Mode runs nothing).');
        for (const item of leaves) run.errored(item, why);
        return;
      }
      const patterns = [...new Set(leaves.map((i) => this.data.get(i)?.pattern).filter((p): p is string => !!p))];
      if (!patterns.length) return;
      const pattern = patterns.length === 1 ? patterns[0] : patterns.map((p) => `(?:${p})`).join('|');
      for (const item of leaves) run.started(item);
      const settings = getSettings(folder.uri);
      const json = tempJsonPath(mode);
      const args = [...(mode === 'fuzz' ? fuzzArgs(folder.uri.fsPath, settings, json) : rankArgs(folder.uri.fsPath, settings, json)), '--test', pattern];
      const engine = await runEngine({
        cli: this.cli, args, cwd: folder.uri.fsPath, token, timeoutMs: settings.timeoutMs, nodePath: settings.nodePath,
        log: (line) => {
          this.log(line);
          run.appendOutput(`${line}\r\n`);
        },
      });
      const text = await takeText(json);
      if (engine.cancelled) {
        for (const item of leaves) run.skipped(item);
        return;
      }
      const failed = (message: string) => {
        for (const item of leaves) run.errored(item, new vscode.TestMessage(message));
      };
      if (text === undefined) return failed(`conlens ${mode} failed: ${cliError(engine.stderr, engine.stdout, engine.exitCode)}`);
      let shown: Shown[];
      let summary: string;
      if (mode === 'fuzz') {
        const result = JSON.parse(text) as FuzzResult;
        if (result.notChecked) return failed(`not checked: ${result.notChecked.todo}`);
        summary = `${result.violations}/${result.runs} runs showed a violation (${result.strategy}, seeds ${result.seed}…${result.seed + result.runs - 1})`;
        const v = result.firstViolation;
        shown = [];
        if (v) {
          const told = editorViolation(v);
          const file = join(v.runDir, 'violation.json');
          shown.push({ kind: v.kind, message: v.message, story: told.story, cited: told.cited, file, expected: told.expected, actual: told.actual, testCases: v.testCases, process: v.process });
          const violation: ReportViolation = { kind: v.kind, message: v.message, strategy: v.strategy, seed: v.seed, file, trace: v.schedule, implicated: [], story: told.story, ...(v.testCases ? { testCases: v.testCases } : {}) };
          this.results.addFuzzViolation(violation);
        }
      } else {
        const report = parseReport(text, json);
        if (report.notChecked) return failed(`not checked: ${report.notChecked.todo}`);
        this.results.setReport(report);
        summary = `${report.violations.length} violation(s) in ${report.runs} runs; ${report.positions.length} suspicious position(s) (Suspicious Functions view)`;
        shown = report.violations.map((v) => {
          const cited = new Set(v.interleaving ? v.interleaving.steps.map((s) => s.step) : v.order ? [v.order.write, v.order.read, ...(v.order.via ?? [])] : []);
          return { kind: v.kind, message: v.message, story: v.story, cited: v.trace.filter((s) => cited.has(s.step)), file: v.file, testCases: v.testCases };
        });
      }
      run.appendOutput(`${summary}\r\n`);
      const failedItems = new Set<vscode.TestItem>();
      for (const v of shown) {
        for (const item of this.failing(leaves, v)) {
          failedItems.add(item);
          if (v.file) this.replays.set(item.id, v.file);
          run.failed(item, this.messages(item, v));
        }
      }
      for (const item of leaves) if (!failedItems.has(item)) run.passed(item);
    } finally {
      run.end();
    }
  }

  /** The chosen items a violation's failing test cases name (by file and pattern); without test
   *  cases (a runner whose hooks did not report them), the chosen items of its test file. */
  private failing(leaves: vscode.TestItem[], v: Shown): vscode.TestItem[] {
    const matches = (item: vscode.TestItem, name: string) => {
      const pattern = this.data.get(item)?.pattern;
      if (!pattern) return false;
      try {
        return new RegExp(pattern).test(name);
      } catch {
        return false;
      }
    };
    if (v.testCases?.length) return leaves.filter((item) => v.testCases!.some((t) => t.file === this.data.get(item)?.file && matches(item, t.name)));
    const inFile = leaves.filter((item) => !v.process || this.data.get(item)?.file === v.process);
    return inFile.length ? inFile : leaves;
  }

  private messages(item: vscode.TestItem, v: Shown): vscode.TestMessage[] {
    const folder = this.results.folder!;
    const md = new vscode.MarkdownString(undefined, true);
    md.isTrusted = { enabledCommands: ['conlens.debugInterleaving', 'conlens.replay'] };
    // Markdown's own characters escaped, spaces kept (appendText turns them into &nbsp;).
    const esc = (t: string) => t.replace(/[\\`*_[\]<>#|]/g, '\\$&');
    md.appendMarkdown(`**${v.kind}**: ${esc(v.message)}`);
    if (v.story) md.appendMarkdown(`\n\n${esc(v.story)}`);
    if (v.cited.length) {
      md.appendMarkdown('\n\n**▶ steps**\n');
      for (const s of v.cited) md.appendMarkdown(`\n- ${s.step} · ${s.task} · \`${s.function}\` · ${s.file}:${s.line} — ${esc(s.event)}`);
    }
    if (v.file) {
      const arg = encodeURIComponent(JSON.stringify([v.file]));
      md.appendMarkdown(`\n\nReplay: \`conlens replay ${v.file}\` — [Debug this interleaving](command:conlens.debugInterleaving?${arg})`);
    }
    const main = new vscode.TestMessage(md);
    if (v.expected !== undefined && v.actual !== undefined) {
      main.expectedOutput = v.expected;
      main.actualOutput = v.actual;
    }
    if (item.uri && item.range) main.location = new vscode.Location(item.uri, item.range);
    // One message at each ▶ step: the editor shows it inline on that line.
    const steps = v.cited.map((s) => {
      const m = new vscode.TestMessage(`▶ step ${s.step}: ${s.task} ${s.event} (in ${s.function})`);
      m.location = new vscode.Location(vscode.Uri.joinPath(folder.uri, s.file), new vscode.Position(Math.max(0, s.line - 1), 0));
      return m;
    });
    return [main, ...steps];
  }

  dispose(): void {
    this.controller.dispose();
  }
}

