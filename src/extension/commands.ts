// The commands of the "Concurrency Lens" category (issue 8 item 1). Each one that runs the engine
// goes through `engineCommand`: workspace trust, one run at a time, a cancellable notification
// with stage and percent, logs in the output channel, and a summary message with actions.
import * as vscode from 'vscode';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { rm, writeFile, mkdir } from 'node:fs/promises';
import { takeText, tempJsonPath } from './temp-json.js';
import { join } from 'node:path';
import type { FuzzResult, ReplayResult } from '../core/active/fuzz.js';
import type { StaticAnalysis } from '../core/static/static-types.js';
import { fuzzArgs, graphArgs, mineArgs, rankArgs, synthArgs, replayArgs, supportsJsonProgress } from './model/cli-args.js';
import { cliError } from './model/cli-output.js';
import { FUZZ_STAGES, ProgressParser } from './model/progress.js';
import { formatScore, notCheckedText, parseReport, positionName, type RankedPosition } from './model/report-model.js';
import { singleOrder } from '../core/report/plain-words.js';
import { chooseStarterConfig, installedRunnerRefusal, readProjectShape } from '../core/config/starter-config.js';
import type { ReportViolation } from '../core/report/report-types.js';
import { runEngine, type EngineRun } from './engine.js';
import { debugInterleaving } from './debug-interleaving.js';
import { GraphPanel } from './graph-view.js';
import type { Results } from './results.js';
import { getSettings, type Settings } from './settings.js';
import type { Decorations } from './decorations.js';
import type { InvariantElement, InvariantsProvider, Location, ViolationElement } from './views.js';

export interface CommandDeps {
  context: vscode.ExtensionContext;
  output: vscode.OutputChannel;
  results: Results;
  decorations: Decorations;
  invariants: InvariantsProvider;
  suspiciousView: vscode.TreeView<RankedPosition>;
  invariantsView: vscode.TreeView<InvariantElement>;
  violationsView: vscode.TreeView<ViolationElement>;
}

const PREFIX = 'Concurrency Lens';

/** Commands that run the user's tests (and so execute workspace code) need a trusted workspace. */
async function requireTrust(what: string): Promise<boolean> {
  if (vscode.workspace.isTrusted) return true;
  const manage = 'Manage Workspace Trust';
  const answer = await vscode.window.showWarningMessage(
    `${PREFIX}: ${what} runs this workspace's tests, which executes its code. This workspace is in Restricted Mode, so nothing was run. Trust the workspace to use it.`,
    manage,
  );
  if (answer === manage) await vscode.commands.executeCommand('workbench.trust.manage');
  return false;
}

/** The CLI's own error message from a failed run (model/cli-output.ts). */
function errorLine(run: EngineRun): string {
  return cliError(run.stderr, run.stdout, run.exitCode);
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const { context, output, results } = deps;
  let busy: string | undefined;
  /** Cancels the engine command running now (conlens.cancel), as its notification's Cancel does. */
  let cancelRunning: (() => void) | undefined;
  const cli = context.asAbsolutePath(join('dist', 'cli.js'));
  const log = (line: string) => output.appendLine(line);

  const folderOrComplain = (): vscode.WorkspaceFolder | undefined => {
    const folder = results.folder;
    if (!folder) void vscode.window.showWarningMessage(`${PREFIX}: open a folder with a conlens.config.json first.`);
    return folder;
  };

  /** Runs one engine command under a cancellable progress notification. Undefined when it did not
   *  run or was cancelled (already said). */
  async function engineCommand(title: string, args: string[], folder: vscode.WorkspaceFolder, settings: Settings, parser?: ProgressParser, poll?: () => string[]): Promise<EngineRun | undefined> {
    if (busy) {
      void vscode.window.showInformationMessage(`${PREFIX}: "${busy}" is still running; wait for it or cancel it from its notification.`);
      return undefined;
    }
    busy = title;
    void vscode.commands.executeCommand('setContext', 'conlens.busy', true);
    const cancel = new vscode.CancellationTokenSource();
    cancelRunning = () => cancel.cancel();
    output.appendLine('');
    output.appendLine(`[${new Date().toISOString()}] ${title} — ${folder.uri.fsPath}`);
    try {
      return await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `${PREFIX}: ${title}`, cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => cancel.cancel());
          let shown = 0;
          progress.report({ message: 'starting…' });
          const run = await runEngine({
            cli,
            args,
            cwd: folder.uri.fsPath,
            log,
            parser,
            token: cancel.token,
            timeoutMs: settings.timeoutMs,
            nodePath: settings.nodePath,
            poll,
            onProgress: (u) => {
              const increment = Math.max(0, u.percent - shown);
              shown = Math.max(shown, u.percent);
              // The full line is in the output channel; the notification keeps it short.
              const detail = u.detail && u.detail.length > 70 ? `${u.detail.slice(0, 69)}…` : u.detail;
              progress.report({ message: `${u.stage}${detail ? ` (${detail})` : ''} — ${Math.round(u.percent)}%`, increment });
            },
          });
          if (run.cancelled) {
            void vscode.window.showInformationMessage(`${PREFIX}: ${title} cancelled.`);
            return undefined;
          }
          if (run.timedOut) {
            void showError(`${title} took longer than conlens.timeoutMs (${settings.timeoutMs} ms) and was stopped.`);
            return undefined;
          }
          return run;
        },
      );
    } catch (error) {
      void showError((error as Error).message);
      return undefined;
    } finally {
      busy = undefined;
      cancelRunning = undefined;
      cancel.dispose();
      void vscode.commands.executeCommand('setContext', 'conlens.busy', false);
    }
  }

  function cancelCommand(): void {
    if (cancelRunning) cancelRunning();
    else void vscode.window.showInformationMessage(`${PREFIX}: nothing is running.`);
  }

  async function showError(message: string): Promise<void> {
    const answer = await vscode.window.showErrorMessage(`${PREFIX}: ${message}`, 'Show Output');
    if (answer) output.show(true);
  }

  async function readJson<T>(file: string): Promise<T | undefined> {
    const text = await takeText(file);
    try {
      return text === undefined ? undefined : (JSON.parse(text) as T);
    } catch {
      return undefined;
    }
  }

  /** Counts the integration run folders (.conlens/runs/*-integration-*) made since the start: the
   *  progress of rank's longest stage, which the CLI does not print per run. */
  function integrationRunCounter(folder: vscode.WorkspaceFolder): () => string[] {
    const dir = join(folder.uri.fsPath, '.conlens', 'runs');
    const list = () => {
      try {
        return readdirSync(dir).filter((name) => name.includes('-integration-'));
      } catch {
        return [];
      }
    };
    const before = new Set(list());
    let last = 0;
    return () => {
      const done = list().filter((name) => !before.has(name)).length;
      if (done === last) return [];
      last = done;
      // A folder appears when its run starts: the ones before it are done.
      return [JSON.stringify({ stage: 'integration runs', done: Math.max(0, done - 1) })];
    };
  }

  let jsonProgress: Promise<boolean> | undefined;
  /** Asks the bundled CLI once whether `rank` has `--progress json` (older CLIs reject unknown
   *  flags, so it is not passed blindly). */
  function cliSupportsJsonProgress(): Promise<boolean> {
    jsonProgress ??= new Promise((resolve) => {
      execFile(getSettings().nodePath || process.execPath, [cli, 'rank', '--help'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 30_000 }, (error, stdout) =>
        resolve(!error && supportsJsonProgress(stdout)),
      );
    });
    return jsonProgress;
  }

  async function rank(): Promise<void> {
    const folder = folderOrComplain();
    if (!folder || !(await requireTrust('Ranking suspicious functions'))) return;
    const settings = getSettings(folder.uri);
    if (settings.thresholdProblem) log(settings.thresholdProblem);
    const json = tempJsonPath('report');
    const progressJson = await cliSupportsJsonProgress();
    // With JSON progress the CLI reports each run itself; without, count the run folders.
    const run = await engineCommand('Rank suspicious functions', rankArgs(folder.uri.fsPath, settings, json, progressJson), folder, settings, new ProgressParser(), progressJson ? undefined : integrationRunCounter(folder));
    if (!run) return;
    const text = await takeText(json);
    let report;
    try {
      report = text === undefined ? undefined : parseReport(text, json);
    } catch (error) {
      void showError(run.exitCode === 0 ? (error as Error).message : `ranking failed: ${errorLine(run)}`);
      return;
    }
    // A rank that could not check exits 2 with its report written (issue 29): shown, not an error.
    if (!report || (run.exitCode !== 0 && !report.notChecked)) {
      void showError(`ranking failed: ${errorLine(run)}`);
      return;
    }
    results.setReport(report);
    if (report.notChecked) {
      const answer = await vscode.window.showWarningMessage(`${PREFIX}: ${notCheckedText(report.notChecked)} To check it: ${report.notChecked.todo}.`, 'Open Report', 'Show Output');
      if (answer === 'Open Report') await vscode.commands.executeCommand('conlens.openReport');
      if (answer === 'Show Output') output.show(true);
      return;
    }
    if (settings.decorateAfterRun && !deps.decorations.visible) deps.decorations.toggle();
    const first = results.ranked[0];
    const v = report.violations[0];
    const summary = first
      ? `${report.positions.length} suspicious position${report.positions.length === 1 ? '' : 's'}; #1 ${positionName(first.position)} (S ${formatScore(first.position.score)}, ${first.position.confirmed ? 'confirmed' : 'drift only'})`
      : 'no suspicious position';
    const n = report.violations.length;
    // One possible order: no other was tried, which a bare "no violation" would hide.
    const only = !v && singleOrder(report) ? ', but the concurrent tests had one possible order and no other was tried (the output says why)' : '';
    const violations = v ? `; ${n === 1 ? '1 violation' : `${n} violations, first`} (${v.kind}, ${v.strategy} seed ${v.seed})` : `; no violation in ${report.runs} runs${only}`;
    const actions = ['Show Ranking', ...(v ? ['Show Violation'] : []), 'Open Report', ...(only ? ['Show Output'] : [])];
    const answer = await vscode.window.showInformationMessage(`${PREFIX}: ${summary}${violations}.`, ...actions);
    if (answer === 'Show Output') output.show(true);
    if (answer === 'Show Ranking') await vscode.commands.executeCommand('conlens.showRanking');
    if (answer === 'Show Violation') await selectViolation(0, true);
    if (answer === 'Open Report') await vscode.commands.executeCommand('conlens.openReport');
  }

  async function fuzz(): Promise<void> {
    const folder = folderOrComplain();
    if (!folder || !(await requireTrust('Active testing'))) return;
    const settings = getSettings(folder.uri);
    const json = tempJsonPath('fuzz');
    const run = await engineCommand('Run active testing', fuzzArgs(folder.uri.fsPath, settings, json), folder, settings, new ProgressParser(FUZZ_STAGES));
    if (!run) return;
    const result = await readJson<FuzzResult>(json);
    if (result?.notChecked) {
      void vscode.window.showWarningMessage(`${PREFIX}: ${notCheckedText(result.notChecked)} To check it: ${result.notChecked.todo}.`, 'Show Output').then((a) => a && output.show(true));
      return;
    }
    if (!result || (run.exitCode !== 0 && run.exitCode !== 1)) {
      void showError(`active testing failed: ${errorLine(run)}`);
      return;
    }
    const rate = `${result.violations}/${result.runs} runs showed a violation (${result.strategy}, seeds ${result.seed}…${result.seed + result.runs - 1})`;
    const first = result.firstViolation;
    if (!first) {
      void vscode.window.showInformationMessage(`${PREFIX}: ${rate}.`, 'Show Output').then((a) => a && output.show(true));
      return;
    }
    // Active testing ranks nothing, so the violation implicates no position (report-types.ts).
    const violation: ReportViolation = { kind: first.kind, message: first.message, strategy: first.strategy, seed: first.seed, file: join(first.runDir, 'violation.json'), trace: first.schedule, implicated: [] };
    const listed = results.addFuzzViolation(violation);
    const answer = await vscode.window.showWarningMessage(`${PREFIX}: ${rate}; first: ${first.kind} at seed ${first.seed}.`, 'Show Violation', 'Replay', 'Show Output');
    if (answer === 'Show Violation') await selectViolation(results.violations.indexOf(listed), true);
    if (answer === 'Replay') await replay(listed);
    if (answer === 'Show Output') output.show(true);
  }

  async function mine(): Promise<void> {
    const folder = folderOrComplain();
    if (!folder || !(await requireTrust('Mining invariants'))) return;
    const pick = await vscode.window.showQuickPick(
      [
        { label: 'unit', description: 'reference invariants: the sequential unit tests', suite: 'unit' as const },
        { label: 'integration', description: 'online invariants: one run of the concurrent tests', suite: 'integration' as const },
      ],
      { title: `${PREFIX}: Mine invariants from which tests?` },
    );
    if (!pick) return;
    const settings = getSettings(folder.uri);
    const json = tempJsonPath('invariants');
    const run = await engineCommand(`Mine invariants (${pick.suite})`, mineArgs(folder.uri.fsPath, settings, pick.suite, json), folder, settings);
    await rm(json, { force: true });
    if (!run) return;
    if (run.exitCode !== 0 && run.exitCode !== 1) {
      void showError(`mining failed: ${errorLine(run)}`);
      return;
    }
    // The text the CLI prints (Daikon's layout) goes to .conlens/invariants/<suite>.inv.txt, which
    // the conlens-invariants grammar colors.
    const dir = join(folder.uri.fsPath, '.conlens', 'invariants');
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${pick.suite}.inv.txt`);
    await writeFile(file, run.stdout);
    const points = (run.stdout.match(/:::(ENTER|EXIT)/g) ?? []).length;
    const failed = run.exitCode === 1 ? ' (the traced tests failed; see the output)' : '';
    const answer = await vscode.window.showInformationMessage(`${PREFIX}: invariants of ${points} program points mined from the ${pick.suite} tests${failed}.`, 'Open Invariants', 'Show Output');
    if (answer === 'Open Invariants') await vscode.window.showTextDocument(vscode.Uri.file(file));
    if (answer === 'Show Output') output.show(true);
  }

  /** conlens synth: writes the tests into .conlens/synth/ and opens them (issue 16). */
  async function synthesize(): Promise<void> {
    const folder = folderOrComplain();
    if (!folder || !(await requireTrust('Synthesizing concurrent tests'))) return;
    const settings = getSettings(folder.uri);
    const run = await engineCommand('Synthesize concurrent tests', synthArgs(folder.uri.fsPath, settings), folder, settings);
    if (!run) return;
    const dir = join(folder.uri.fsPath, '.conlens', 'synth');
    const written = await readJson<{ tests: { name: string }[] }>(join(dir, 'synth.json'));
    if (run.exitCode !== 0 || !written) {
      void showError(`synthesis failed: ${errorLine(run)}`);
      return;
    }
    for (const t of written.tests.slice(0, 3)) await vscode.window.showTextDocument(vscode.Uri.file(join(dir, t.name)), { preview: false });
    void vscode.window.showInformationMessage(`${PREFIX}: ${written.tests.length} concurrent test(s) written to .conlens/synth/.`, 'Rank Suspicious Functions').then((a) => a && vscode.commands.executeCommand('conlens.rank'));
  }

  async function replay(target?: ViolationElement | ReportViolation | number): Promise<void> {
    const folder = folderOrComplain();
    if (!folder || !(await requireTrust('Replaying a violation'))) return;
    let violation: ReportViolation | undefined;
    if (typeof target === 'number') violation = results.violations[target];
    else if (target && 'type' in target) violation = target.violation;
    else if (target && 'kind' in target) violation = target;
    else violation = results.selectedViolation;
    if (!violation) {
      const all = results.violations;
      if (!all.length) {
        const answer = await vscode.window.showInformationMessage(`${PREFIX}: no violation to replay yet. Rank or run active testing first.`, 'Rank Suspicious Functions', 'Run Active Testing');
        if (answer) await vscode.commands.executeCommand(answer.startsWith('Rank') ? 'conlens.rank' : 'conlens.fuzz');
        return;
      }
      const pick = all.length === 1 ? { violation: all[0] } : await vscode.window.showQuickPick(
        all.map((v) => ({ label: v.kind, description: `${v.strategy} · seed ${v.seed}`, detail: v.message, violation: v })),
        { title: `${PREFIX}: Replay which violation?` },
      );
      if (!pick) return;
      violation = pick.violation;
    }
    const settings = getSettings(folder.uri);
    const file = violation.file && existsSync(violation.file) ? violation.file : undefined;
    if (violation.file && !file) log(`${violation.file} is gone (cleared?): replaying seed ${violation.seed} with strategy ${violation.strategy} instead`);
    const json = tempJsonPath('replay');
    const run = await engineCommand(`Replay ${violation.kind} (seed ${violation.seed})`, replayArgs(folder.uri.fsPath, settings, { ...violation, file }, json), folder, settings);
    if (!run) return;
    const result = await readJson<ReplayResult>(json);
    if (!result || run.exitCode === 2) {
      void showError(`replay failed: ${errorLine(run)}`);
      return;
    }
    const outcome = `${result.outcome}${result.message ? `: ${result.message}` : ''}`;
    const text = file
      ? result.reproduced
        ? `replay reproduced the ${violation.kind} (${outcome})${result.sameDecisions === false ? ', with different decisions' : ''}.`
        : `replay did NOT reproduce the ${violation.kind}: got ${outcome}.`
      : `replay of seed ${violation.seed}: ${outcome}.`;
    const show = result.reproduced ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
    const answer = await show(`${PREFIX}: ${text}`, 'Show Steps', 'Show Output');
    if (answer === 'Show Steps') await selectViolation(results.violations.indexOf(violation), true);
    if (answer === 'Show Output') output.show(true);
  }

  async function showGraph(): Promise<void> {
    const folder = folderOrComplain();
    if (!folder) return;
    // Static analysis only (the TypeScript checker reads the code, nothing runs): allowed in
    // Restricted Mode.
    const settings = getSettings(folder.uri);
    const json = tempJsonPath('graph');
    const run = await engineCommand('Show call graph', graphArgs(folder.uri.fsPath, settings, json), folder, settings);
    if (!run) return;
    const analysis = await readJson<StaticAnalysis>(json);
    if (!analysis || run.exitCode !== 0 || !Array.isArray(analysis.nodes)) {
      void showError(`call graph failed: ${errorLine(run)}`);
      return;
    }
    GraphPanel.show(context, results, analysis);
  }

  async function openReport(): Promise<void> {
    const uri = results.reportUri;
    if (!uri || !results.report) {
      const answer = await vscode.window.showInformationMessage(`${PREFIX}: no report yet (.conlens/report.json).`, 'Rank Suspicious Functions');
      if (answer) await vscode.commands.executeCommand('conlens.rank');
      return;
    }
    await vscode.window.showTextDocument(uri, { preview: false });
  }

  async function clearResults(): Promise<void> {
    const folder = folderOrComplain();
    if (!folder) return;
    const conlens = vscode.Uri.joinPath(folder.uri, '.conlens');
    // Only what our commands write, and only inside .conlens/.
    const targets = ['report.json', 'runs', 'invariants'].map((name) => vscode.Uri.joinPath(conlens, name)).filter((u) => existsSync(u.fsPath));
    if (!targets.length && !results.fuzzViolations.length) {
      void vscode.window.showInformationMessage(`${PREFIX}: nothing to clear.`);
      return;
    }
    const runs = existsSync(join(conlens.fsPath, 'runs')) ? readdirSync(join(conlens.fsPath, 'runs')).length : 0;
    const answer = await vscode.window.showWarningMessage(
      `${PREFIX}: delete the results in .conlens/ (${targets.map((t) => t.path.split('/').pop()).join(', ')}${runs ? `, ${runs} run folders` : ''})?`,
      { modal: true },
      'Delete',
    );
    if (answer !== 'Delete') return;
    for (const target of targets) await vscode.workspace.fs.delete(target, { recursive: true, useTrash: false });
    results.fuzzViolations = [];
    await results.unhideAll();
    await results.reload();
    void vscode.window.showInformationMessage(`${PREFIX}: results cleared.`);
  }

  async function createConfig(): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) {
      void vscode.window.showWarningMessage(`${PREFIX}: open a folder first.`);
      return;
    }
    const root = folder.uri.fsPath;
    const file = vscode.Uri.joinPath(folder.uri, 'conlens.config.json');
    if (!existsSync(file.fsPath)) {
      let text: string;
      try {
        text = chooseStarterConfig(readProjectShape(root)).text;
      } catch (error) {
        // Cannot choose (a runner we do not trace, several runners, no tests): say what to do.
        void vscode.window.showWarningMessage(`${PREFIX}: ${(error as Error).message}`);
        return;
      }
      // The installed runner version traced runs refuse: said now, as conlens init says it.
      const refusal = installedRunnerRefusal(text, root);
      if (refusal) {
        void vscode.window.showWarningMessage(`${PREFIX}: cannot choose a configuration: ${refusal}`);
        return;
      }
      await writeFile(file.fsPath, text, { flag: 'wx' });
    }
    await vscode.window.showTextDocument(file);
    results.attach();
    void vscode.window.showInformationMessage(`${PREFIX}: check the unit and integration commands in conlens.config.json, then rank.`, 'Rank Suspicious Functions').then((a) => a && vscode.commands.executeCommand('conlens.rank'));
  }

  async function revealLocation(location: Location): Promise<void> {
    const uri = results.resolve(location.file);
    if (!uri) return;
    try {
      const editor = await vscode.window.showTextDocument(uri, { preview: true });
      const line = Math.min(Math.max(0, location.line - 1), editor.document.lineCount - 1);
      const range = editor.document.lineAt(line).range;
      editor.selection = location.highlight ? new vscode.Selection(range.start, range.end) : new vscode.Selection(range.start, range.start);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    } catch (error) {
      void showError(`cannot open ${location.file}: ${(error as Error).message}`);
    }
  }

  async function selectViolation(index: number, reveal = false): Promise<void> {
    const violation = results.violations[index];
    if (!violation) return;
    results.selectViolation(violation);
    if (reveal) {
      await vscode.commands.executeCommand('conlens.violations.focus');
      await deps.violationsView.reveal({ type: 'violation', violation, index }, { select: true, focus: false, expand: true });
    }
  }

  async function revealStep(index: number, step: number): Promise<void> {
    const violation = results.violations[index];
    const s = violation?.trace.find((t) => t.step === step);
    if (!violation || !s) return;
    if (results.selectedViolation !== violation) results.selectViolation(violation);
    await revealLocation({ file: s.file, line: s.line, highlight: true });
  }

  /** A tree action's argument, or — from the palette or a keybinding — the selected row. */
  const positionArg = (r?: RankedPosition) => r ?? deps.suspiciousView.selection[0] ?? results.ranked[0];

  async function notTheBug(arg?: RankedPosition): Promise<void> {
    const r = positionArg(arg);
    if (!r) return;
    await results.hide(r.key);
    const next = results.ranked[0];
    const answer = await vscode.window.showInformationMessage(
      `${PREFIX}: hid ${positionName(r.position)}; ${results.ranked.length} position${results.ranked.length === 1 ? '' : 's'} re-ranked${next ? `, #1 is now ${positionName(next.position)}` : ''}.`,
      'Undo',
    );
    if (answer === 'Undo') await results.unhide(r.key);
  }

  async function showInvariants(arg?: RankedPosition): Promise<void> {
    const r = positionArg(arg);
    if (!r) return;
    const element = deps.invariants.functionElement(r.position.function) ?? (r.position.caller ? deps.invariants.functionElement(r.position.caller) : undefined);
    await vscode.commands.executeCommand('conlens.invariants.focus');
    if (element) await deps.invariantsView.reveal(element, { select: true, focus: true, expand: 2 });
    else void vscode.window.showInformationMessage(`${PREFIX}: ${positionName(r.position)} has no failure invariants of its own.`);
  }

  /** Issue 34: a debug session replaying a violation.json, pausing at its ▶ decisions. */
  async function debugViolation(target?: string | ViolationElement | ReportViolation): Promise<boolean> {
    const folder = folderOrComplain();
    if (!folder || !(await requireTrust('Debugging an interleaving'))) return false;
    let file: string | undefined;
    if (typeof target === 'string') file = target;
    else if (target && 'type' in target) file = target.violation.file;
    else if (target && 'kind' in target) file = target.file;
    else file = (results.selectedViolation ?? results.violations.find((v) => v.file && existsSync(v.file)))?.file;
    if (!file || !existsSync(file)) {
      void vscode.window.showInformationMessage(`${PREFIX}: no violation.json to debug${file ? ` (${file} is gone)` : ''}; run active testing or "Find races" first.`);
      return false;
    }
    const settings = getSettings(folder.uri);
    return debugInterleaving(cli, folder, file, settings.configPath ? ['--config', settings.configPath] : [], log);
  }

  const register = (id: string, fn: (...args: never[]) => unknown) => vscode.commands.registerCommand(id, fn as (...args: unknown[]) => unknown);
  return [
    register('conlens.rank', rank),
    register('conlens.cancel', cancelCommand),
    register('conlens.fuzz', fuzz),
    register('conlens.mine', mine),
    register('conlens.synthesize', synthesize),
    register('conlens.replay', replay),
    register('conlens.showGraph', showGraph),
    register('conlens.openReport', openReport),
    register('conlens.clearResults', clearResults),
    register('conlens.createConfig', createConfig),
    register('conlens.revealLocation', revealLocation),
    register('conlens.selectViolation', (index: number) => selectViolation(index)),
    register('conlens.revealStep', revealStep),
    register('conlens.notTheBug', notTheBug),
    register('conlens.showInvariants', showInvariants),
    register('conlens.showHidden', async () => results.unhideAll()),
    register('conlens.toggleDecorations', () => deps.decorations.toggle()),
    register('conlens.showRanking', () => vscode.commands.executeCommand('conlens.suspicious.focus')),
    register('conlens.clearSelection', () => results.selectViolation(undefined)),
    register('conlens.debugInterleaving', debugViolation),
    // Each ▶ decision is a `debugger` statement: the next one is where Continue stops.
    register('conlens.nextDecision', () => vscode.commands.executeCommand('workbench.action.debug.continue')),
  ];
}
