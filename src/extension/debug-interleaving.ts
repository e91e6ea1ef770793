// "Debug this interleaving" (issue 34 item 2): a js-debug `node` launch of `conlens replay
// <violation.json>` — the replay the Replay command runs, our loader included — with
// CONLENS_DEBUG_DECISIONS naming the decisions that start the ▶ steps. js-debug attaches to the
// test processes the replay starts; the runtime (core/runtime/debug-decision.ts) hits a `debugger`
// statement at each of those decisions, with the task and step in a variable named `decision`.
// Continue goes to the next ▶ decision. The replay follows the recorded decisions, so every
// session pauses at the same points.
import * as vscode from 'vscode';
import { readFile } from 'node:fs/promises';
import type { Violation } from '../core/active/violation.js';
import { editorViolation } from '../core/report/cited-steps.js';
import type { DebugDecisions } from '../core/runtime/debug-decision.js';
import { violationDiagnostic } from './model/report-model.js';
import type { Results } from './results.js';
import { existsSync } from 'node:fs';

export const DEBUG_TYPE = 'node';

/** The launch configuration of a debug session replaying `file`; undefined (with why) when the
 *  file is not a violation.json with ▶ steps. */
export async function interleavingLaunch(cli: string, folder: vscode.WorkspaceFolder, file: string, configArgs: string[]): Promise<{ config?: vscode.DebugConfiguration; problem?: string; decisions?: DebugDecisions }> {
  let violation: Violation;
  try {
    violation = JSON.parse(await readFile(file, 'utf8')) as Violation;
  } catch (error) {
    return { problem: `cannot read ${file}: ${(error as Error).message}` };
  }
  if (!Array.isArray(violation.schedule) || typeof violation.process !== 'string') return { problem: `${file} is not a violation.json written by conlens fuzz or rank (no schedule or process)` };
  const shown = editorViolation(violation);
  const decisions: DebugDecisions = { process: violation.process, decisions: shown.decisions };
  if (!decisions.decisions.length) return { problem: `the ${violation.kind} in ${file} cites no step a scheduling decision started, so there is nothing to pause at; replay it instead` };
  return {
    decisions,
    config: {
      type: DEBUG_TYPE,
      request: 'launch',
      name: `Debug interleaving: ${violation.kind} (${violation.strategy} seed ${violation.seed})`,
      program: cli,
      args: ['replay', file, folder.uri.fsPath, ...configArgs],
      cwd: folder.uri.fsPath,
      env: { CONLENS_DEBUG_DECISIONS: JSON.stringify(decisions) },
      // The decisions are taken in the test processes the replay starts.
      autoAttachChildProcesses: true,
      skipFiles: ['<node_internals>/**'],
      console: 'internalConsole',
      __conlensInterleaving: file,
    },
  };
}

/** Starts the session; false when it did not start (already said). */
export async function debugInterleaving(cli: string, folder: vscode.WorkspaceFolder, file: string, configArgs: string[], log: (line: string) => void): Promise<boolean> {
  const { config, problem, decisions } = await interleavingLaunch(cli, folder, file, configArgs);
  if (!config) {
    void vscode.window.showWarningMessage(`Concurrency Lens: ${problem}`);
    return false;
  }
  log(`debugging ${file}: pausing at decision${decisions!.decisions.length === 1 ? '' : 's'} ${decisions!.decisions.map((d) => d.decision).join(', ')} of ${decisions!.process}`);
  for (const d of decisions!.decisions) log(`  ▶ decision ${d.decision}: ${d.task} ${d.event} (step ${d.step}, ${d.file}:${d.line})`);
  return vscode.debug.startDebugging(folder, config);
}

/** "Debug this interleaving" above the line each violation (with a violation.json) broke, where
 *  its Problems entry is. */
export class InterleavingCodeLens implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly results: Results) {
    results.onDidChange(() => this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!vscode.workspace.isTrusted) return [];
    const lenses: vscode.CodeLens[] = [];
    for (const violation of this.results.violations) {
      const model = violationDiagnostic(violation);
      if (!model || !violation.file || !existsSync(violation.file)) continue;
      if (this.results.resolve(model.file)?.toString() !== document.uri.toString() || model.line > document.lineCount) continue;
      const range = document.lineAt(Math.max(0, model.line - 1)).range;
      lenses.push(new vscode.CodeLens(range, { title: `▶ Debug this interleaving (${violation.kind})`, command: 'conlens.debugInterleaving', arguments: [violation.file] }));
    }
    return lenses;
  }
}

/** The same from the Problems panel: a quick fix on our diagnostics. */
export class InterleavingCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly results: Results) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (!vscode.workspace.isTrusted) return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== 'Concurrency Lens') continue;
      const violation = this.results.violations.find((v) => {
        const model = violationDiagnostic(v);
        return model && v.file && v.kind === diagnostic.code && model.line - 1 === diagnostic.range.start.line && this.results.resolve(model.file)?.toString() === document.uri.toString();
      });
      if (!violation?.file) continue;
      const action = new vscode.CodeAction('Debug this interleaving', vscode.CodeActionKind.QuickFix);
      action.diagnostics = [diagnostic];
      action.command = { title: 'Debug this interleaving', command: 'conlens.debugInterleaving', arguments: [violation.file] };
      actions.push(action);
    }
    return actions;
  }
}
