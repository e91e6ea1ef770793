// The three views of the "Concurrency Lens" activity-bar container (issue 8 item 2):
//   conlens.suspicious  Suspicious Functions — ranked positions, "Not the bug", "Show invariants"
//   conlens.invariants  Failure Invariants — function → ENTER/EXIT point → ⟨reference, online⟩ pairs
//   conlens.violations  Violations — violation (kind, strategy, seed) → steps; inline "Replay"
// An empty tree shows the view's welcome content (package.json viewsWelcome).
import * as vscode from 'vscode';
import type { HiddenFailureInvariant, ReportViolation } from '../core/report/report-types.js';
import type { ScheduleStep } from '../core/active/violation.js';
import type { PositionInvariant } from '../core/localize/localize-types.js';
import { hoverMarkdown } from './model/hover-text.js';
import {
  heatBucket,
  invariantTree,
  pairLabel,
  positionLabel,
  revealLine,
  relationshipText,
  stepLabel,
  topScore,
  violationLabel,
  type InvariantFunctionNode,
  type InvariantPointNode,
  type RankedPosition,
} from './model/report-model.js';
import type { Results } from './results.js';
import { getSettings } from './settings.js';

/** Arguments of conlens.revealLocation: a file relative to the project, a 1-based line. */
export interface Location {
  file: string;
  line: number;
  highlight?: boolean;
}

function revealCommand(file: string | undefined, line: number | undefined, title: string, highlight = false): vscode.Command | undefined {
  if (!file || !line) return undefined;
  const location: Location = { file, line, highlight };
  return { command: 'conlens.revealLocation', title, arguments: [location] };
}

// ---- Suspicious Functions -------------------------------------------------------------------

export class SuspiciousProvider implements vscode.TreeDataProvider<RankedPosition> {
  /** The tree is read from the results as they are: it changes exactly when they do. */
  readonly onDidChangeTreeData: vscode.Event<void>;

  constructor(private readonly results: Results) {
    this.onDidChangeTreeData = results.onDidChange;
  }

  getChildren(element?: RankedPosition): RankedPosition[] {
    return element ? [] : this.results.ranked;
  }

  getParent(): undefined {
    return undefined;
  }

  getTreeItem(r: RankedPosition): vscode.TreeItem {
    const { label, description, badge } = positionLabel(r);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    // Keys are unique in practice; the index makes a duplicate harmless (ids must be unique).
    item.id = `${r.key}@${r.index}`;
    item.description = description;
    const bucket = heatBucket(r.position.score, topScore(this.results.ranked), getSettings(this.results.folder?.uri).thresholds, r.rank);
    item.iconPath = new vscode.ThemeIcon(badge === 'confirmed' ? 'flame' : 'circle-large-outline', new vscode.ThemeColor(`conlens.heat${bucket}`));
    item.tooltip = new vscode.MarkdownString(hoverMarkdown([r], this.results.violations, { hidden: this.results.report?.hiddenFailureInvariants, showAll: this.results.showNoise }));
    item.contextValue = 'position';
    const at = revealLine(r);
    item.command = revealCommand(at?.file, at?.line, 'Reveal the function');
    item.accessibilityInformation = { label: `rank ${r.rank}, ${label.replace(/^#\d+ /, '')}, ${description}` };
    return item;
  }
}

// ---- Failure Invariants -----------------------------------------------------------------------

export type InvariantElement =
  | { type: 'function'; node: InvariantFunctionNode }
  | { type: 'point'; fn: InvariantFunctionNode; point: InvariantPointNode }
  | { type: 'pair'; fn: InvariantFunctionNode; point: InvariantPointNode; pair: PositionInvariant; index: number };

export class InvariantsProvider implements vscode.TreeDataProvider<InvariantElement> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private tree: InvariantFunctionNode[] = [];

  constructor(private readonly results: Results) {
    results.onDidChange(() => {
      this.tree = invariantTree(results.ranked, results.shownNoise);
      this.changed.fire();
    });
    this.tree = invariantTree(results.ranked, results.shownNoise);
  }

  /** The element of a function, for "Show invariants". */
  functionElement(name: string): InvariantElement | undefined {
    const node = this.tree.find((n) => n.function === name);
    return node && { type: 'function', node };
  }

  getChildren(element?: InvariantElement): InvariantElement[] {
    if (!element) return this.tree.map((node) => ({ type: 'function', node }));
    if (element.type === 'function') return element.node.points.map((point) => ({ type: 'point', fn: element.node, point }));
    if (element.type === 'point') return element.point.pairs.map((pair, index) => ({ type: 'pair', fn: element.fn, point: element.point, pair, index }));
    return [];
  }

  getParent(element: InvariantElement): InvariantElement | undefined {
    if (element.type === 'point') return { type: 'function', node: element.fn };
    if (element.type === 'pair') return { type: 'point', fn: element.fn, point: element.point };
    return undefined;
  }

  getTreeItem(element: InvariantElement): vscode.TreeItem {
    const reveal = (title: string) => revealCommand(element.type === 'function' ? element.node.file : element.fn.file, element.type === 'function' ? element.node.line : element.fn.line, title);
    if (element.type === 'function') {
      const n = element.node.points.reduce((k, p) => k + p.pairs.length, 0);
      const item = new vscode.TreeItem(element.node.function, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `fn:${element.node.function}`;
      item.description = `${n} failure invariant${n === 1 ? '' : 's'} · #${element.node.rank}`;
      item.iconPath = new vscode.ThemeIcon('symbol-method');
      item.contextValue = 'invariantFunction';
      item.command = reveal('Reveal the function');
      return item;
    }
    if (element.type === 'point') {
      const item = new vscode.TreeItem(element.point.kind || element.point.point, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `pt:${element.point.point}`;
      item.description = element.point.point;
      item.iconPath = new vscode.ThemeIcon(element.point.kind === 'ENTER' ? 'debug-step-into' : 'debug-step-out');
      item.contextValue = 'invariantPoint';
      item.command = reveal('Reveal the function');
      return item;
    }
    const item = new vscode.TreeItem(pairLabel(element.pair), vscode.TreeItemCollapsibleState.None);
    item.id = `pair:${element.point.point}:${element.index}`;
    const noise = 'noise' in element.pair ? (element.pair as HiddenFailureInvariant) : undefined;
    item.description = `${element.pair.relationship} · ${element.pair.type}${noise ? ` · hidden: ${noise.noise}` : ''}`;
    item.tooltip = new vscode.MarkdownString().appendText(`${element.point.point}\nreference (unit runs): ${element.pair.reference ?? '— (not justified)'}\nonline (integration runs): ${element.pair.online ?? '— (not justified)'}\n${relationshipText(element.pair.relationship)}${noise ? `\nhidden as fixture noise (${noise.noise}): ${noise.detail}` : ''}`);
    item.iconPath = new vscode.ThemeIcon('symbol-operator');
    item.contextValue = 'invariantPair';
    item.command = reveal('Reveal the function');
    return item;
  }
}

// ---- Violations -------------------------------------------------------------------------------

export type ViolationElement = { type: 'violation'; violation: ReportViolation; index: number } | { type: 'step'; violation: ReportViolation; index: number; step: ScheduleStep };

export class ViolationsProvider implements vscode.TreeDataProvider<ViolationElement> {
  /** The tree is read from the results as they are: it changes exactly when they do. */
  readonly onDidChangeTreeData: vscode.Event<void>;

  constructor(private readonly results: Results) {
    this.onDidChangeTreeData = results.onDidChange;
  }

  getChildren(element?: ViolationElement): ViolationElement[] {
    const violations = this.results.violations;
    if (!element) return violations.map((violation, index) => ({ type: 'violation', violation, index }));
    if (element.type === 'violation') return element.violation.trace.map((step) => ({ type: 'step', violation: element.violation, index: element.index, step }));
    return [];
  }

  getParent(element: ViolationElement): ViolationElement | undefined {
    return element.type === 'step' ? { type: 'violation', violation: element.violation, index: element.index } : undefined;
  }

  getTreeItem(element: ViolationElement): vscode.TreeItem {
    if (element.type === 'violation') {
      const { label, description } = violationLabel(element.violation);
      const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `violation:${element.index}:${element.violation.seed}`;
      item.description = description;
      item.tooltip = `${element.violation.story ? `${element.violation.story}\n\n` : ''}${element.violation.kind}: ${element.violation.message}\nstrategy ${element.violation.strategy}, seed ${element.violation.seed}${element.violation.file ? `\n${element.violation.file}` : ''}`;
      item.iconPath = new vscode.ThemeIcon(element.violation.kind === 'deadlock' ? 'lock' : 'bug', new vscode.ThemeColor('conlens.heat0'));
      item.contextValue = 'violation';
      item.accessibilityInformation = { label: `violation ${label}, ${description}` };
      item.command = { command: 'conlens.selectViolation', title: 'Show the steps', arguments: [element.index] };
      return item;
    }
    const { label, description } = stepLabel(element.step);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `violation:${element.index}:${element.violation.seed}:step:${element.violation.trace.indexOf(element.step)}`;
    item.description = description;
    item.tooltip = `${element.step.task} in ${element.step.function} at ${element.step.file}:${element.step.line}\n${element.step.event}`;
    item.iconPath = new vscode.ThemeIcon(element.step.event.startsWith('throws') ? 'error' : /lock/.test(element.step.event) ? 'lock-small' : 'debug-stackframe-dot');
    item.contextValue = 'violationStep';
    item.accessibilityInformation = { label: `step ${element.step.step}, ${element.step.task} ${element.step.function}, ${element.step.file}:${element.step.line}, ${element.step.event}` };
    item.command = { command: 'conlens.revealStep', title: 'Reveal the step', arguments: [element.index, element.step.step] };
    return item;
  }
}
