// The call graph webview (issue 8 item 5): `conlens graph --json` (run as a child process) laid out
// in layers by depth (model/graph-layout.ts) and drawn as SVG by media/graph.js; nodes colored by
// failure flag, suspicious positions outlined with their rank, click a node to open the function.
// Strict CSP: no inline script or style, one nonce'd script from media/, resources from media/ only.
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { StaticAnalysis } from '../core/static/static-types.js';
import { flagClass, layoutCallGraph, NODE_HEIGHT, NODE_WIDTH } from './model/graph-layout.js';
import { graphHtml } from './model/graph-html.js';
import type { Results } from './results.js';

export class GraphPanel implements vscode.Disposable {
  static current: GraphPanel | undefined;
  private readonly panel: vscode.WebviewPanel;
  private analysis: StaticAnalysis;
  private disposables: vscode.Disposable[] = [];

  static show(context: vscode.ExtensionContext, results: Results, analysis: StaticAnalysis): void {
    if (GraphPanel.current) {
      GraphPanel.current.analysis = analysis;
      GraphPanel.current.panel.reveal();
      GraphPanel.current.post();
      return;
    }
    GraphPanel.current = new GraphPanel(context, results, analysis);
  }

  private constructor(private readonly context: vscode.ExtensionContext, private readonly results: Results, analysis: StaticAnalysis) {
    this.analysis = analysis;
    const media = vscode.Uri.joinPath(context.extensionUri, 'media');
    this.panel = vscode.window.createWebviewPanel('conlens.callGraph', 'Concurrency Lens: Call Graph', vscode.ViewColumn.Beside, {
      enableScripts: true,
      localResourceRoots: [media],
      retainContextWhenHidden: false,
    });
    this.panel.iconPath = vscode.Uri.joinPath(media, 'conlens.svg');
    this.panel.webview.html = this.html(media);
    this.disposables.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message: { type?: string; id?: string }) => {
        if (message.type === 'ready') this.post();
        if (message.type === 'open' && typeof message.id === 'string') void this.open(message.id);
      }),
      results.onDidChange(() => this.post()),
    );
  }

  private post(): void {
    const layout = layoutCallGraph(this.analysis, this.results.ranked);
    void this.panel.webview.postMessage({
      type: 'graph',
      nodeWidth: NODE_WIDTH,
      nodeHeight: NODE_HEIGHT,
      width: layout.width,
      height: layout.height,
      nodes: layout.nodes.map((n) => ({ ...n, className: flagClass(n.flags) })),
      edges: layout.edges,
    });
  }

  private async open(id: string): Promise<void> {
    const node = this.analysis.nodes.find((n) => n.id === id);
    const uri = node && this.results.resolve(node.file);
    if (!node || !uri) return;
    await vscode.commands.executeCommand('conlens.revealLocation', { file: node.file, line: node.line });
  }

  private html(media: vscode.Uri): string {
    const webview = this.panel.webview;
    return graphHtml({
      cspSource: webview.cspSource,
      nonce: randomBytes(16).toString('base64'),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'graph.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'graph.css')).toString(),
    });
  }

  dispose(): void {
    GraphPanel.current = undefined;
    this.panel.dispose();
    for (const d of this.disposables) d.dispose();
    this.disposables = [];
  }
}
