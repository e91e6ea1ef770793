// VS Code glue — thin. The engine runs outside the extension host (later issues); this file only
// wires commands to it. Configuration validation is cheap and pure, so it runs in-process.
import * as vscode from 'vscode';
import { join } from 'node:path';
import { CONFIG_FILE_NAME, ConfigError, formatProblem, loadConfig } from '../core/config/index.js';

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel('Concurrency Lens');
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('conlens.validateConfig', async () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
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
}

export function deactivate(): void {}
