// Hover and CodeLens on suspicious declarations (issue 8 item 3): the hover explains the rank
// (model/hover-text.ts), the lens sits above the declaration: "#1 suspicious · S 1.00 · 3 failure
// invariants"; clicking it opens the Suspicious Functions view.
import * as vscode from 'vscode';
import { relative, sep } from 'node:path';
import { hoverMarkdown } from './model/hover-text.js';
import { codeLensTitle, positionsByLine, type RankedPosition } from './model/report-model.js';
import type { Results } from './results.js';
import { getSettings } from './settings.js';

export const SOURCE_SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file', language: 'typescript' },
  { scheme: 'file', language: 'typescriptreact' },
  { scheme: 'file', language: 'javascript' },
  { scheme: 'file', language: 'javascriptreact' },
];

function groupsOf(results: Results, document: vscode.TextDocument): Map<number, RankedPosition[]> {
  const out = new Map<number, RankedPosition[]>();
  const folder = results.folder;
  if (!folder) return out;
  const file = relative(folder.uri.fsPath, document.uri.fsPath).split(sep).join('/');
  for (const entry of positionsByLine(results.ranked).values()) if (entry.file === file) out.set(entry.line, entry.group);
  return out;
}

export class SuspiciousHover implements vscode.HoverProvider {
  constructor(private readonly results: Results) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const group = groupsOf(this.results, document).get(position.line + 1);
    if (!group) return undefined;
    const markdown = new vscode.MarkdownString(hoverMarkdown(group, this.results.violations, { hidden: this.results.report?.hiddenFailureInvariants, showAll: this.results.showNoise }));
    return new vscode.Hover(markdown, document.lineAt(position.line).range);
  }
}

export class SuspiciousCodeLens implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly results: Results) {
    results.onDidChange(() => this.changed.fire());
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('conlens.codeLens') && this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!getSettings(this.results.folder?.uri).codeLens) return [];
    const lenses: vscode.CodeLens[] = [];
    for (const [line, group] of groupsOf(this.results, document)) {
      if (line > document.lineCount) continue;
      const range = document.lineAt(line - 1).range;
      lenses.push(new vscode.CodeLens(range, { title: codeLensTitle(group[0]), command: 'conlens.showRanking', tooltip: group[0].position.reason }));
      if (group.length > 1) lenses.push(new vscode.CodeLens(range, { title: `+${group.length - 1} more position${group.length > 2 ? 's' : ''}`, command: 'conlens.showRanking' }));
    }
    return lenses;
  }
}
