// The results the editor shows: the report of the last `conlens rank` in .conlens/report.json,
// reloaded on startup and whenever the file changes (a run from the terminal updates the editor
// too), plus what the user did to it: positions hidden with "Not the bug" (kept in workspace
// state) and the violation selected in the Violations view.
import * as vscode from 'vscode';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findDeclarationLine, splitId } from './model/declarations.js';
import type { HiddenFailureInvariant, Report, ReportViolation } from '../core/report/report-types.js';
import { parseReport, rerank, type RankedPosition } from './model/report-model.js';
import { hasConfig, projectFolder } from './settings.js';

const HIDDEN_KEY = 'conlens.hidden';

export class Results implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the report, the hidden set or the selected violation changes. */
  readonly onDidChange = this.changed.event;
  private readonly selectionChanged = new vscode.EventEmitter<void>();
  readonly onDidSelectViolation = this.selectionChanged.event;
  private disposables: vscode.Disposable[] = [this.changed, this.selectionChanged];
  private watcher: vscode.FileSystemWatcher | undefined;

  folder: vscode.WorkspaceFolder | undefined;
  report: Report | undefined;
  /** Why the report could not be read, when it could not. */
  problem: string | undefined;
  ranked: RankedPosition[] = [];
  selectedViolation: ReportViolation | undefined;
  /** Violations found by "Run active testing" in this session (not part of the report). */
  fuzzViolations: ReportViolation[] = [];
  /** "Show hidden positions" also shows the failure invariants the noise rules hid (hover,
   *  Failure Invariants view) for the rest of the session. */
  showNoise = false;

  /** The report's noise-hidden failure invariants while they are shown, else none. */
  get shownNoise(): HiddenFailureInvariant[] {
    return this.showNoise ? (this.report?.hiddenFailureInvariants ?? []) : [];
  }

  constructor(private readonly state: vscode.Memento, private readonly log: (line: string) => void) {
    this.disposables.push(vscode.workspace.onDidChangeWorkspaceFolders(() => this.attach()));
    this.attach();
  }

  get reportUri(): vscode.Uri | undefined {
    return this.folder && vscode.Uri.joinPath(this.folder.uri, '.conlens', 'report.json');
  }

  private hidden(): Set<string> {
    return new Set(this.state.get<string[]>(this.hiddenKey(), []));
  }

  private hiddenKey(): string {
    return `${HIDDEN_KEY}:${this.folder?.uri.toString() ?? ''}`;
  }

  /** Picks the project folder and watches its report. */
  attach(): void {
    this.watcher?.dispose();
    this.folder = projectFolder();
    if (this.folder) {
      this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(this.folder, '{.conlens/report.json,conlens.config.json,package.json}'));
      const reload = () => void this.reload();
      this.watcher.onDidCreate(reload);
      this.watcher.onDidChange(reload);
      this.watcher.onDidDelete(reload);
    }
    void this.reload();
  }

  async reload(): Promise<void> {
    const uri = this.reportUri;
    this.problem = undefined;
    let report: Report | undefined;
    if (uri) {
      try {
        const bytes = await vscode.workspace.fs.readFile(uri);
        report = parseReport(Buffer.from(bytes).toString('utf8'), uri.fsPath);
      } catch (error) {
        if (!(error instanceof vscode.FileSystemError)) {
          this.problem = (error as Error).message;
          this.log(this.problem);
        }
      }
    }
    this.setReport(report);
  }

  setReport(report: Report | undefined): void {
    const same = report && this.report && JSON.stringify(report) === JSON.stringify(this.report);
    this.report = report;
    if (!same) this.selectedViolation = undefined;
    this.ranked = report ? rerank(report, this.hidden()) : [];
    this.locateCallers();
    void vscode.commands.executeCommand('setContext', 'conlens.hasConfig', this.folder ? hasConfig(this.folder.uri) : false);
    void vscode.commands.executeCommand('setContext', 'conlens.hasResults', !!report);
    const noiseHidden = !this.showNoise && (report?.hiddenFailureInvariants?.length ?? 0) > 0;
    void vscode.commands.executeCommand('setContext', 'conlens.hasHidden', this.hidden().size > 0 || noiseHidden);
    this.changed.fire();
  }

  /** Fills callerAt of `between` positions: the report's callerFile/callerLine when it has them,
   *  else a scan of the caller's file (declarations.ts). */
  private locateCallers(): void {
    const texts = new Map<string, string | undefined>();
    const read = (file: string) => {
      if (!texts.has(file)) {
        const uri = this.resolve(file);
        try {
          texts.set(file, uri ? readFileSync(uri.fsPath, 'utf8') : undefined);
        } catch {
          texts.set(file, undefined);
        }
      }
      return texts.get(file);
    };
    for (const r of this.ranked) {
      const p = r.position as RankedPosition['position'] & { callerFile?: string; callerLine?: number };
      if (p.kind !== 'between') continue;
      if (p.callerFile && p.callerLine) {
        r.callerAt = { file: p.callerFile, line: p.callerLine };
        continue;
      }
      const id = p.callerId ? splitId(p.callerId) : undefined;
      const file = id?.file ?? p.file;
      const text = file ? read(file) : undefined;
      const line = text !== undefined ? findDeclarationLine(text, id?.name ?? p.caller ?? '') : undefined;
      if (file && line) r.callerAt = { file, line };
    }
  }

  async hide(key: string): Promise<void> {
    const hidden = this.hidden();
    hidden.add(key);
    await this.state.update(this.hiddenKey(), [...hidden]);
    this.setReport(this.report);
  }

  async unhide(key: string): Promise<void> {
    const hidden = this.hidden();
    hidden.delete(key);
    await this.state.update(this.hiddenKey(), [...hidden]);
    this.setReport(this.report);
  }

  /** The report's violations, then the ones active testing found since. */
  get violations(): ReportViolation[] {
    return [...(this.report?.violations ?? []), ...this.fuzzViolations];
  }

  /** Adds a violation active testing found, unless the same schedule (kind, strategy, seed,
   *  message) is already listed; returns the one listed. */
  addFuzzViolation(violation: ReportViolation): ReportViolation {
    const same = (v: ReportViolation) => v.kind === violation.kind && v.strategy === violation.strategy && v.seed === violation.seed && v.message === violation.message;
    const known = this.violations.find(same);
    if (known) return known;
    this.fuzzViolations = [...this.fuzzViolations, violation];
    this.changed.fire();
    return violation;
  }

  /** "Show hidden positions": the positions hidden with "Not the bug", and the noise. */
  async unhideAll(): Promise<void> {
    this.showNoise = true;
    await this.state.update(this.hiddenKey(), []);
    this.setReport(this.report);
  }

  selectViolation(violation: ReportViolation | undefined): void {
    this.selectedViolation = violation;
    this.selectionChanged.fire();
  }

  /** The absolute path of a file the report names (relative to the project). */
  resolve(file: string): vscode.Uri | undefined {
    if (!this.folder) return undefined;
    // Relative to the project folder, not report.project: the report may come from another checkout.
    return vscode.Uri.file(file.startsWith('/') || /^[A-Za-z]:[\\/]/.test(file) ? file : join(this.folder.uri.fsPath, file));
  }

  dispose(): void {
    this.watcher?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
