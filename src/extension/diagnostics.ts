// Problems panel (issue 8 item 4): each confirmed violation of the report is a diagnostic on the
// line that broke, with its schedule steps as related information.
import * as vscode from 'vscode';
import { violationDiagnostic } from './model/report-model.js';
import type { Results } from './results.js';

export class ViolationDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('conlens');
  private readonly subscription: vscode.Disposable;

  constructor(private readonly results: Results) {
    this.subscription = results.onDidChange(() => this.refresh());
    this.refresh();
  }

  refresh(): void {
    this.collection.clear();
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const violation of this.results.violations) {
      const model = violationDiagnostic(violation);
      const uri = model && this.results.resolve(model.file);
      if (!model || !uri) continue;
      const line = Math.max(0, model.line - 1);
      const diagnostic = new vscode.Diagnostic(new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER), model.message, vscode.DiagnosticSeverity.Error);
      diagnostic.source = 'Concurrency Lens';
      diagnostic.code = violation.kind;
      diagnostic.relatedInformation = model.related.flatMap((r) => {
        const at = this.results.resolve(r.file);
        return at ? [new vscode.DiagnosticRelatedInformation(new vscode.Location(at, new vscode.Position(Math.max(0, r.line - 1), 0)), r.message)] : [];
      });
      byFile.set(uri.toString(), [...(byFile.get(uri.toString()) ?? []), diagnostic]);
    }
    for (const [uri, diagnostics] of byFile) this.collection.set(vscode.Uri.parse(uri), diagnostics);
  }

  dispose(): void {
    this.subscription.dispose();
    this.collection.dispose();
  }
}
