// VS Code glue — thin (DESIGN §3, issue 8). The engine runs outside the extension host as a child
// process of our CLI (engine.ts); this file wires the pieces: results (.conlens/report.json, watched),
// the three views, decorations, hover and CodeLens, the Problems panel, the call graph webview and
// the commands. Configuration validation is cheap and pure, so it runs in-process.
import * as vscode from 'vscode';
import { join } from 'node:path';
import { CONFIG_FILE_NAME, ConfigError, formatProblem, loadConfig } from '../core/config/index.js';
import { registerCommands } from './commands.js';
import { Decorations } from './decorations.js';
import { stopAllEngines } from './engine.js';
import { ViolationDiagnostics } from './diagnostics.js';
import { SOURCE_SELECTOR, SuspiciousCodeLens, SuspiciousHover } from './language.js';
import { Results } from './results.js';
import { notCheckedText } from './model/report-model.js';
import { InvariantsProvider, SuspiciousProvider, ViolationsProvider } from './views.js';
import { ConlensTests } from './test-explorer.js';
import { InterleavingCodeActions, InterleavingCodeLens } from './debug-interleaving.js';

/** What activate() returns (`vscode.extensions.getExtension(...).exports`): read-only handles for
 *  the extension-host tests (test/extension-host), which check what the views, decorations and
 *  results hold — the editor API cannot read a tree view's items or an editor's decorations back. */
export interface ConlensApi {
  results: Results;
  views: { suspicious: SuspiciousProvider; invariants: InvariantsProvider; violations: ViolationsProvider };
  decorations: Decorations;
  /** The Test Explorer's controller; undefined in Restricted Mode until the workspace is trusted. */
  tests: () => ConlensTests | undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<ConlensApi> {
  const output = vscode.window.createOutputChannel('Concurrency Lens');
  const results = new Results(context.workspaceState, (line) => output.appendLine(line));
  const suspicious = new SuspiciousProvider(results);
  const invariants = new InvariantsProvider(results);
  const violations = new ViolationsProvider(results);
  const suspiciousView = vscode.window.createTreeView('conlens.suspicious', { treeDataProvider: suspicious, showCollapseAll: false });
  const invariantsView = vscode.window.createTreeView('conlens.invariants', { treeDataProvider: invariants, showCollapseAll: true });
  const violationsView = vscode.window.createTreeView('conlens.violations', { treeDataProvider: violations, showCollapseAll: true });
  const decorations = new Decorations(context, results);
  const updateBadge = () => {
    const n = results.ranked.length;
    suspiciousView.badge = n ? { value: n, tooltip: `${n} suspicious position${n === 1 ? '' : 's'}` } : undefined;
    // What a rank could not check (issue 29), else the report's warnings (newer reports list
    // them), shows above the ranking.
    const notChecked = results.report?.notChecked;
    const warnings = (results.report as { warnings?: unknown } | undefined)?.warnings;
    const first = Array.isArray(warnings) && typeof warnings[0] === 'string' ? `⚠ ${warnings[0]}${warnings.length > 1 ? ` (+${warnings.length - 1} more in the report)` : ''}` : undefined;
    suspiciousView.message = results.problem ?? (notChecked ? `⚠ ${notCheckedText(notChecked)}` : first);
  };
  context.subscriptions.push(
    output,
    results,
    suspiciousView,
    invariantsView,
    violationsView,
    decorations,
    new ViolationDiagnostics(results),
    results.onDidChange(updateBadge),
    // Selecting a violation (mouse or keyboard) shows its steps in the editors.
    violationsView.onDidChangeSelection((e) => {
      const element = e.selection[0];
      if (element) results.selectViolation(element.violation);
    }),
    vscode.languages.registerHoverProvider(SOURCE_SELECTOR, new SuspiciousHover(results)),
    vscode.languages.registerCodeLensProvider(SOURCE_SELECTOR, new SuspiciousCodeLens(results)),
    ...registerCommands({ context, output, results, decorations, invariants, suspiciousView, invariantsView, violationsView }),
    vscode.commands.registerCommand('conlens.validateConfig', async () => {
      const folder = results.folder ?? vscode.workspace.workspaceFolders?.[0];
      if (!folder) {
        void vscode.window.showWarningMessage('Concurrency Lens: open a folder that contains conlens.config.json first.');
        return;
      }
      try {
        const loaded = loadConfig(folder.uri.fsPath);
        for (const warning of loaded.warnings) output.appendLine(`warning: ${formatProblem(warning)}`);
        void vscode.window.showInformationMessage(`Concurrency Lens: ${loaded.file} is valid.`);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        output.appendLine(error.message);
        output.show(true);
        const action = await vscode.window.showErrorMessage(`Concurrency Lens: ${error.problems[0]?.message ?? 'invalid configuration'}`, 'Open configuration');
        if (action) await vscode.window.showTextDocument(vscode.Uri.file(error.problems[0]?.file ?? join(folder.uri.fsPath, CONFIG_FILE_NAME)));
      }
    }),
  );
  // The Test Explorer runs the workspace's tests: none in Restricted Mode, not even a listing
  // (issue 34 item 3); it appears once the workspace is trusted.
  let tests: ConlensTests | undefined;
  const startTests = () => {
    if (tests || !vscode.workspace.isTrusted) return;
    tests = new ConlensTests(context.asAbsolutePath(join('dist', 'cli.js')), results, (line) => output.appendLine(line));
    context.subscriptions.push(tests);
  };
  startTests();
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(startTests),
    vscode.languages.registerCodeLensProvider(SOURCE_SELECTOR, new InterleavingCodeLens(results)),
    vscode.languages.registerCodeActionsProvider(SOURCE_SELECTOR, new InterleavingCodeActions(results), { providedCodeActionKinds: InterleavingCodeActions.kinds }),
  );
  updateBadge();
  try {
    await decorations.createHeatTypes();
  } catch (error) {
    output.appendLine(`cannot write the gutter icons to ${context.globalStorageUri.fsPath}: ${(error as Error).message}`);
  }
  decorations.refresh();
  return { results, views: { suspicious, invariants, violations }, decorations, tests: () => tests };
}

export function deactivate(): void {
  // Detached engine process groups would outlive the extension host.
  stopAllEngines();
}
