// Editor decorations (issue 8 item 3), after vscode-coverage-gutters: a gutter icon per suspicious
// declaration graded by S_rate relative to the top score (HEAT_BUCKETS buckets, thresholds from
// conlens.colorBuckets), overview-ruler marks in the same colors, a subtle whole-line background
// on the top-3 declarations, and — while a violation is selected — its steps on their lines.
import * as vscode from 'vscode';
import { mkdir, writeFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { HEAT_BUCKETS, heatColor, heatIconName, heatIconSvg } from './model/heat-icons.js';
import { breakingStep, heatBucket, positionLines, positionsByLine, topScore } from './model/report-model.js';
import type { Results } from './results.js';
import { getSettings } from './settings.js';

/** The top-N declarations that get the whole-line background. */
const TOP_LINES = 3;

/** What refresh() last set on a visible editor, as 1-based lines: the editor API cannot read
 *  decorations back, so the extension-host tests (test/extension-host) read this. */
export interface AppliedDecorations {
  /** Per heat bucket (0 = hottest), the lines carrying that gutter icon. */
  heat: number[][];
  top: number[];
  steps: number[];
  broken: number[];
}

export class Decorations implements vscode.Disposable {
  private heat: vscode.TextEditorDecorationType[] = [];
  private readonly top = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('conlens.topLineBackground'),
  });
  private readonly step = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('conlens.violationStepBackground'),
    overviewRulerColor: new vscode.ThemeColor('conlens.violationStepBackground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly broke = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('conlens.violationBreakBackground'),
    overviewRulerColor: new vscode.ThemeColor('conlens.heat0'),
    overviewRulerLane: vscode.OverviewRulerLane.Full,
  });
  private disposables: vscode.Disposable[] = [];
  /** Heat shown: after a run when conlens.decorateAfterRun, or after "Toggle decorations". */
  visible: boolean;
  /** Document URI → what the last refresh set on its editor. */
  readonly applied = new Map<string, AppliedDecorations>();

  constructor(private readonly context: vscode.ExtensionContext, private readonly results: Results) {
    this.visible = getSettings().decorateAfterRun;
    this.disposables.push(
      results.onDidChange(() => this.refresh()),
      results.onDidSelectViolation(() => this.refresh()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('workbench.colorCustomizations')) void this.createHeatTypes().then(() => this.refresh());
        else if (e.affectsConfiguration('conlens')) this.refresh();
      }),
    );
  }

  /** Writes the icons (once per color) and makes the decoration types; call before refresh. */
  async createHeatTypes(): Promise<void> {
    const dir = vscode.Uri.joinPath(this.context.globalStorageUri, 'icons');
    await mkdir(dir.fsPath, { recursive: true });
    const customizations = vscode.workspace.getConfiguration('workbench').get('colorCustomizations');
    const icon = async (bucket: number, kind: 'dark' | 'light') => {
      const color = heatColor(bucket, kind, customizations);
      const uri = vscode.Uri.joinPath(dir, heatIconName(bucket, kind, color));
      await writeFile(uri.fsPath, heatIconSvg(bucket, color));
      return uri;
    };
    const types: vscode.TextEditorDecorationType[] = [];
    for (let bucket = 0; bucket < HEAT_BUCKETS; bucket++) {
      types.push(
        vscode.window.createTextEditorDecorationType({
          gutterIconSize: 'contain',
          overviewRulerColor: new vscode.ThemeColor(`conlens.heat${bucket}`),
          overviewRulerLane: vscode.OverviewRulerLane.Right,
          dark: { gutterIconPath: await icon(bucket, 'dark') },
          light: { gutterIconPath: await icon(bucket, 'light') },
        }),
      );
    }
    for (const old of this.heat) old.dispose();
    this.heat = types;
  }

  toggle(): void {
    this.visible = !this.visible;
    this.refresh();
  }

  /** The report's name of a document: its path relative to the project folder, with '/'. */
  private relativeFile(editor: vscode.TextEditor): string | undefined {
    const folder = this.results.folder;
    if (!folder || editor.document.uri.scheme !== 'file') return undefined;
    const rel = relative(folder.uri.fsPath, editor.document.uri.fsPath);
    return rel.startsWith('..') ? undefined : rel.split(sep).join('/');
  }

  refresh(): void {
    const settings = getSettings(this.results.folder?.uri);
    const ranked = this.visible ? this.results.ranked : [];
    const byLine = positionsByLine(ranked);
    const top = topScore(ranked);
    const topKeys = new Set(ranked.filter((r) => positionLines(r).length).slice(0, TOP_LINES).flatMap((r) => positionLines(r).map((l) => `${l.file}:${l.line}`)));
    const violation = this.results.selectedViolation;
    const broke = violation && breakingStep(violation);
    for (const editor of vscode.window.visibleTextEditors) {
      const file = this.relativeFile(editor);
      const heat: vscode.DecorationOptions[][] = this.heat.map(() => []);
      const topLines: vscode.DecorationOptions[] = [];
      const steps: vscode.DecorationOptions[] = [];
      const broken: vscode.DecorationOptions[] = [];
      if (file) {
        for (const [key, { file: at, line, group }] of byLine) {
          if (at !== file) continue;
          const first = group[0];
          const range = lineRange(editor.document, line);
          if (!range) continue;
          const bucket = Math.min(heatBucket(first.position.score, top, settings.thresholds, first.rank), this.heat.length - 1);
          heat[bucket]?.push({ range });
          if (topKeys.has(key)) topLines.push({ range });
        }
        if (violation) {
          // One decoration per line, naming every step that ran there.
          const lines = new Map<number, string[]>();
          for (const s of violation.trace) {
            if (s.file !== file) continue;
            lines.set(s.line, [...(lines.get(s.line) ?? []), `${s.step}. ${s.task} ${s.event}`]);
          }
          for (const [line, texts] of lines) {
            const range = lineRange(editor.document, line);
            if (!range) continue;
            const shown = texts.length > 3 ? [...texts.slice(0, 2), `… ${texts.length - 2} more`] : texts;
            const options: vscode.DecorationOptions = {
              range,
              hoverMessage: new vscode.MarkdownString().appendText(texts.join('\n')),
              renderOptions: { after: { contentText: `  ⟵ ${shown.join(' | ')}`, color: new vscode.ThemeColor('conlens.violationStepForeground'), fontStyle: 'italic' } },
            };
            (broke && broke.file === file && broke.line === line ? broken : steps).push(options);
          }
        }
      }
      this.heat.forEach((type, i) => editor.setDecorations(type, heat[i]));
      const lines = (list: vscode.DecorationOptions[]) => list.map((o) => o.range.start.line + 1);
      this.applied.set(editor.document.uri.toString(), { heat: heat.map(lines), top: lines(topLines), steps: lines(steps), broken: lines(broken) });
      editor.setDecorations(this.top, topLines);
      editor.setDecorations(this.step, steps);
      editor.setDecorations(this.broke, broken);
    }
  }

  dispose(): void {
    for (const t of [...this.heat, this.top, this.step, this.broke]) t.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** The range of a 1-based line, or undefined when the document is shorter (an old report). */
export function lineRange(document: vscode.TextDocument, line: number): vscode.Range | undefined {
  if (line < 1 || line > document.lineCount) return undefined;
  return document.lineAt(line - 1).range;
}
