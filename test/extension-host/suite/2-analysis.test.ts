// "Rank suspicious functions" on examples/running-example (004 Fig. 2) through the real command,
// then what the editor shows of it: the three views, the gutter, the Problems panel, CodeLens and
// hover, "Not the bug", settings changes and cancelling a run.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConlensApi } from '../../../src/extension/extension.js';
import type { Report } from '../../../src/core/report/report-types.js';
import { activeApi, declarationLine, declaringFile, expected, openEditor, processTree, running, run, spyOnChildProcesses, waitFor, workspaceRoot } from '../helpers.js';

suite('ranking in the editor', () => {
  let api: ConlensApi;
  let fault: string;
  /** The file declaring the expected fault, and its text. */
  let SA: string;
  let saText: string;

  suiteSetup(async () => {
    api = await activeApi();
    fault = expected().fault;
    SA = declaringFile(fault);
    saText = readFileSync(join(workspaceRoot(), SA), 'utf8');
    // A short ranking (the example's config says 20 runs) through the setting the UI offers.
    await vscode.workspace.getConfiguration('conlens').update('runs', 5, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.getConfiguration('conlens').update('codeLens', true, vscode.ConfigurationTarget.Workspace);
  });

  /** Runs conlens.rank to its end; returns the engine's spawn (args) and the report it loaded. */
  async function rank(): Promise<{ args: string[]; report: Report }> {
    const spy = spyOnChildProcesses();
    const before = api.results.report;
    try {
      await run('conlens.rank', [], () => api.results.report !== before && api.results.report !== undefined);
    } finally {
      spy.restore();
    }
    const engine = spy.engine();
    assert.equal(engine.filter((c) => c.args.includes('rank') && !c.args.includes('--help')).length, 1, `one engine run for the ranking, got ${JSON.stringify(engine)}`);
    assert.ok(api.results.report && api.results.report !== before, 'the ranking loaded a new report');
    return { args: engine.find((c) => !c.args.includes('--help'))!.args, report: api.results.report };
  }

  test('"Rank suspicious functions" ranks the expected fault #1 in the Suspicious Functions view', async () => {
    const { args, report } = await rank();
    assert.deepEqual(args.slice(args.indexOf('--runs'), args.indexOf('--runs') + 2), ['--runs', '5'], 'conlens.runs reached the CLI');
    assert.equal(report.runs, 5);
    const onDisk = JSON.parse(readFileSync(join(workspaceRoot(), '.conlens', 'report.json'), 'utf8')) as Report;
    assert.equal(onDisk.positions[0].function, fault, 'report.json on disk has the fault first');
    const rows = api.views.suspicious.getChildren();
    assert.ok(rows.length >= 2, `several positions listed, got ${rows.length}`);
    assert.equal(rows[0].position.function, fault);
    const item = api.views.suspicious.getTreeItem(rows[0]);
    assert.match(String(typeof item.label === 'string' ? item.label : item.label?.label), /^#1 /);
    assert.ok(String(item.label).includes(fault.split('.').pop()!), `the #1 row names ${fault}: ${item.label}`);
    assert.equal(item.command?.command, 'conlens.revealLocation');
    // Competition ranks: the first is 1, and each row shares the rank above (a tie) or is its place.
    assert.ok(rows.every((r, i) => (i === 0 ? r.rank === 1 : r.rank === rows[i - 1].rank || r.rank === i + 1)), `competition ranks: ${rows.map((r) => r.rank)}`);
  });

  test('the Failure Invariants view holds ⟨reference, online⟩ pairs under ENTER/EXIT points of ranked functions', () => {
    const functions = api.views.invariants.getChildren();
    assert.ok(functions.length > 0, 'some function has failure invariants');
    const ranked = new Set(api.results.ranked.map((r) => r.position.function));
    let pairs = 0;
    for (const fn of functions) {
      assert.equal(fn.type, 'function');
      if (fn.type !== 'function') continue;
      assert.ok(ranked.has(fn.node.function), `${fn.node.function} is a ranked function`);
      assert.match(String(api.views.invariants.getTreeItem(fn).description), /\d+ failure invariants? · #\d+/);
      for (const point of api.views.invariants.getChildren(fn)) {
        assert.match(String(api.views.invariants.getTreeItem(point).label), /^(ENTER|EXIT)/);
        for (const pair of api.views.invariants.getChildren(point)) {
          pairs++;
          const item = api.views.invariants.getTreeItem(pair);
          assert.match(String(item.description), /·/);
          // appendText escapes markdown: read it back as text.
          const text = (item.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
          assert.match(text, /reference \(unit runs\)[\s\S]*online \(integration runs\)/);
        }
      }
    }
    assert.ok(pairs > 0, 'at least one pair');
    const faultNode = functions.find((f) => f.type === 'function' && f.node.function === fault);
    assert.ok(faultNode, `${fault} has failure invariants in the view`);
  });

  test('the Violations view lists each violation with its numbered steps, and selecting one marks its lines', async () => {
    const violations = api.views.violations.getChildren();
    assert.equal(violations.length, api.results.report!.violations.length);
    assert.ok(violations.length > 0, 'the example shows its violation in 5 runs');
    const first = violations[0];
    const steps = api.views.violations.getChildren(first);
    assert.equal(steps.length, first.violation.trace.length);
    const stepItem = api.views.violations.getTreeItem(steps[0]);
    assert.equal(stepItem.command?.command, 'conlens.revealStep');
    // Selecting the violation (its row's command) decorates the lines its steps ran on.
    const select = api.views.violations.getTreeItem(first).command!;
    await run(select.command, select.arguments);
    assert.equal(api.results.selectedViolation, first.violation);
    const editor = await openEditor(SA);
    const inSa = first.violation.trace.filter((s) => s.file === SA).map((s) => s.line);
    await waitFor(() => (api.decorations.applied.get(editor.document.uri.toString())?.steps.length ?? 0) + (api.decorations.applied.get(editor.document.uri.toString())?.broken.length ?? 0) > 0, 'step decorations');
    const applied = api.decorations.applied.get(editor.document.uri.toString())!;
    assert.deepEqual([...applied.steps, ...applied.broken].sort((a, b) => a - b), [...new Set(inSa)].sort((a, b) => a - b), `exactly the lines of the steps in ${SA}`);
    await run('conlens.clearSelection');
    assert.equal(api.results.selectedViolation, undefined);
  });

  test('the gutter heat sits on the declaration lines of the ranked functions', async () => {
    const editor = await openEditor(SA);
    const uri = editor.document.uri.toString();
    await waitFor(() => (api.decorations.applied.get(uri)?.heat.flat().length ?? 0) > 0, `gutter decorations on ${SA}`);
    const applied = api.decorations.applied.get(uri)!;
    const faultLine = declarationLine(saText, fault);
    assert.ok(applied.heat[0].includes(faultLine), `the hottest icon is on line ${faultLine} (${fault}); heat lines ${JSON.stringify(applied.heat)}`);
    assert.ok(applied.top.includes(faultLine), 'and the #1 line has the top-line background');
    // Every decorated line declares a function the ranking names in this file; nothing else is.
    const names = api.results.ranked.filter((r) => r.position.file === SA || r.callerAt?.file === SA).flatMap((r) => [r.position.function, r.position.caller ?? '']).filter(Boolean);
    const lines = new Set(names.flatMap((n) => { try { return [declarationLine(saText, n)]; } catch { return []; } }));
    for (const line of applied.heat.flat()) assert.ok(lines.has(line), `line ${line} (${editor.document.lineAt(line - 1).text.trim()}) carries heat but declares no ranked function`);
    assert.ok(!applied.heat.flat().includes(1), 'line 1 has no heat');
  });

  test('the Problems panel has an error per violation on the line that broke, with its steps related', () => {
    const ours = vscode.languages.getDiagnostics().flatMap(([uri, list]) => list.filter((d) => d.source === 'Concurrency Lens').map((d) => ({ uri, d })));
    const violations = api.results.report!.violations;
    assert.equal(ours.length, violations.length, 'one diagnostic per violation');
    for (const { uri, d } of ours) {
      assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
      const v = violations.find((x) => x.kind === d.code && d.message.includes(x.message));
      assert.ok(v, `diagnostic "${d.message.slice(0, 80)}" matches a violation`);
      // The line that broke: the last step that threw (an order violation ends in an exception).
      const broke = [...v.trace].reverse().find((s) => s.file && s.line > 0 && s.event.startsWith('throws')) ?? [...v.trace].reverse().find((s) => s.file && s.line > 0)!;
      assert.ok(uri.fsPath.endsWith(broke.file), `${uri.fsPath} is ${broke.file}`);
      assert.equal(d.range.start.line, broke.line - 1, `on line ${broke.line}`);
      assert.equal(d.range.start.character, 0);
      assert.ok((d.relatedInformation?.length ?? 0) > 0, 'steps as related information');
      assert.match(d.relatedInformation![0].message, /^step \d+: /);
    }
  });

  test('CodeLens and hover on the #1 declaration say its rank and S_rate', async () => {
    const editor = await openEditor(SA);
    const faultLine = declarationLine(saText, fault);
    const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri)).filter((l) => l.command?.command === 'conlens.showRanking');
    const onFault = lenses.filter((l) => l.range.start.line === faultLine - 1);
    assert.ok(onFault.length > 0, `a lens on line ${faultLine}; lenses on ${lenses.map((l) => l.range.start.line + 1)}`);
    assert.match(onFault[0].command!.title, /^#1 suspicious · S \d\.\d\d · \d+ failure invariants?/);
    const column = editor.document.lineAt(faultLine - 1).text.indexOf(fault.split('.').pop()!);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(faultLine - 1, column + 1));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
    assert.match(text, /S_rate/);
    assert.match(text, /#1\b|rank 1\b/i);
    const none = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(0, 0));
    assert.ok(!none.some((h) => h.contents.some((c) => /S_rate/.test(typeof c === 'string' ? c : 'value' in c ? c.value : ''))), 'no hover of ours on line 1');
  });

  test('"Not the bug" hides #1 and ranks the rest again; "Show hidden positions" brings it back', async () => {
    const before = api.results.ranked.map((r) => r.key);
    await run('conlens.notTheBug', [api.results.ranked[0]]);
    const after = api.views.suspicious.getChildren();
    assert.deepEqual(after.map((r) => r.key), before.slice(1), 'the rest, in the same order');
    assert.equal(after[0].rank, 1, 'the former #2 is #1');
    const editor = await openEditor(SA);
    const faultLine = declarationLine(saText, fault);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
    assert.ok(!lenses.some((l) => l.range.start.line === faultLine - 1 && l.command?.title.startsWith('#1 ') && after[0].position.function !== fault), 'the hidden function lost its #1 lens');
    await run('conlens.showHidden');
    assert.deepEqual(api.results.ranked.map((r) => r.key), before);
  });

  test('settings take effect: conlens.codeLens off removes the lenses, conlens.runs reaches the next ranking', async () => {
    const editor = await openEditor(SA);
    const ours = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri)).filter((l) => l.command?.command === 'conlens.showRanking');
    assert.ok((await ours()).length > 0);
    await vscode.workspace.getConfiguration('conlens').update('codeLens', false, vscode.ConfigurationTarget.Workspace);
    assert.equal((await ours()).length, 0, 'no lens with conlens.codeLens = false');
    await vscode.workspace.getConfiguration('conlens').update('codeLens', true, vscode.ConfigurationTarget.Workspace);
    assert.ok((await ours()).length > 0, 'back with conlens.codeLens = true');

    await vscode.workspace.getConfiguration('conlens').update('runs', 3, vscode.ConfigurationTarget.Workspace);
    const { args, report } = await rank();
    assert.deepEqual(args.slice(args.indexOf('--runs'), args.indexOf('--runs') + 2), ['--runs', '3']);
    assert.equal(report.runs, 3, 'the new report has 3 runs');
  });

  test('the other engine commands run the CLI: active testing, replay, mining, call graph', async () => {
    const spy = spyOnChildProcesses();
    const root = workspaceRoot();
    try {
      // Active testing: conlens.runs (still 3) runs; the example fails in some of them.
      await run('conlens.fuzz', [], spy.engineEnded);
      const fuzz = spy.engine().find((c) => c.args.includes('fuzz'))!;
      assert.ok(fuzz, 'fuzz ran');
      assert.deepEqual(fuzz.args.slice(fuzz.args.indexOf('--runs'), fuzz.args.indexOf('--runs') + 2), ['--runs', '3']);
      assert.equal(fuzz.exit, 1, 'exit 1: some run showed a violation');
      spy.calls.length = 0;

      // Replay of the report's first violation (a Violations row's inline Replay passes its index).
      const violation = api.results.report!.violations[0];
      await run('conlens.replay', [0], spy.engineEnded);
      const replay = spy.engine().find((c) => c.args.includes('replay'))!;
      assert.ok(replay.args.includes(violation.file!), `replayed ${violation.file}`);
      assert.equal(replay.exit, 0, 'exit 0: the replay reproduced the violation');
      spy.calls.length = 0;

      // Mining asks which tests; pick the first (unit) as a person would.
      const mined = run('conlens.mine', [], spy.engineEnded);
      while (!spy.engine().length) {
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        await new Promise((r) => setTimeout(r, 300));
      }
      await mined;
      const mine = spy.engine().find((c) => c.args.includes('mine'))!;
      assert.deepEqual(mine.args.slice(mine.args.indexOf('--tests'), mine.args.indexOf('--tests') + 2), ['--tests', 'unit']);
      const invariants = readFileSync(join(root, '.conlens', 'invariants', 'unit.inv.txt'), 'utf8');
      // Daikon's layout: `SA.func1():::ENTER`, the parameters in the parentheses.
      assert.match(invariants, new RegExp(`^${fault.replace('.', '\\.')}\\([^)]*\\):::ENTER$`, 'm'), `unit.inv.txt has ${fault}'s ENTER point`);
      spy.calls.length = 0;

      // The call graph opens a webview beside the editor.
      await run('conlens.showGraph', [], spy.engineEnded);
      assert.equal(spy.engine().find((c) => c.args.includes('graph'))?.exit, 0);
      await waitFor(() => vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.label.includes('Call Graph'))), 'the call graph tab');
    } finally {
      spy.restore();
    }
  });

  test('"Cancel running analysis" stops a ranking: the engine and its test processes end, the last report stays', async () => {
    const kept = api.results.report;
    await vscode.workspace.getConfiguration('conlens').update('runs', 500, vscode.ConfigurationTarget.Workspace);
    const spy = spyOnChildProcesses();
    let ended = false;
    const ranking = Promise.resolve(vscode.commands.executeCommand('conlens.rank')).finally(() => (ended = true));
    try {
      await waitFor(() => spy.engine().some((c) => c.kind === 'spawn'), 'the engine to start', 60_000);
      const engine = spy.engine().find((c) => c.kind === 'spawn')!;
      // Let it get into the test runs (the group then holds the user's test processes too).
      await waitFor(() => processTree(engine.pid!).length > 1, 'the engine to start test processes', 60_000);
      const tree = processTree(engine.pid!);
      assert.equal(ended, false, 'still ranking when cancelled');
      await vscode.commands.executeCommand('conlens.cancel');
      await Promise.race([ranking, new Promise((_, reject) => setTimeout(() => reject(new Error('rank did not return after cancel')), 30_000))]);
      await waitFor(() => !tree.some(running), `the engine and its test processes (${tree.join(' ')}) to end`, 15_000);
    } finally {
      spy.restore();
      await vscode.workspace.getConfiguration('conlens').update('runs', undefined, vscode.ConfigurationTarget.Workspace);
    }
    assert.equal(api.results.report, kept, 'the report from before is still shown');
    assert.equal(api.results.ranked[0].position.function, fault);
  });
});
