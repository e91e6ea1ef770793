// Restricted Mode: a copy of examples/running-example with a saved .conlens/report.json, opened
// untrusted. Nothing may run the workspace's tests (its unit tests append to MARKER when they run);
// what the report holds still shows; granting trust enables ranking without a reload.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConlensApi } from '../../../src/extension/extension.js';
import { activeApi, askDriver, declarationLine, declaringFile, DRIVER, exists, expected, openEditor, processTree, run, spyOnChildProcesses, waitFor, workspaceRoot } from '../helpers.js';

const MARKER = 'tests-ran.marker';

suite('Restricted Mode (untrusted workspace)', () => {
  let api: ConlensApi;

  suiteSetup(async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'this suite needs a host that opens the workspace untrusted (test/extension-host/run.mjs does; @vscode/test-electron always passes --disable-workspace-trust)');
    api = await activeApi();
  });

  test('the saved report shows: ranking, failure invariants, violations, gutter, Problems, CodeLens', async () => {
    await waitFor(() => api.results.report !== undefined, 'the saved .conlens/report.json to load');
    const fault = expected().fault;
    const rows = api.views.suspicious.getChildren();
    assert.equal(rows[0].position.function, fault);
    assert.ok(api.views.invariants.getChildren().length > 0, 'failure invariants listed');
    assert.ok(api.views.violations.getChildren().length > 0, 'violations listed');
    const file = declaringFile(fault);
    const editor = await openEditor(file);
    const line = declarationLine(readFileSync(join(workspaceRoot(), file), 'utf8'), fault);
    await waitFor(() => api.decorations.applied.get(editor.document.uri.toString())?.heat[0].includes(line) ?? false, `the hottest gutter icon on line ${line}`);
    const diagnostics = vscode.languages.getDiagnostics().flatMap(([, list]) => list).filter((d) => d.source === 'Concurrency Lens');
    assert.equal(diagnostics.length, api.results.report!.violations.length);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
    assert.ok(lenses.some((l) => l.range.start.line === line - 1 && l.command?.title.startsWith('#1 ')), 'the #1 lens');
    assert.ok(!lenses.some((l) => l.command?.command === 'conlens.debugInterleaving'), 'no Debug this interleaving lens in Restricted Mode');
  });

  test('rank, active testing, mining and replay start no process and run no test', async () => {
    const spy = spyOnChildProcesses();
    const before = api.results.report;
    try {
      for (const id of ['conlens.rank', 'conlens.fuzz', 'conlens.mine', 'conlens.replay']) await run(id);
      // The violation row's inline Replay passes the violation.
      await run('conlens.replay', [api.views.violations.getChildren()[0]]);
      // Issue 34: Debug this interleaving starts no debug session, and the Test Explorer lists
      // nothing (no controller until trust).
      const sessions: string[] = [];
      const listener = vscode.debug.onDidStartDebugSession((s) => sessions.push(s.name));
      try {
        const started = await run<boolean>('conlens.debugInterleaving', [api.views.violations.getChildren()[0]]);
        assert.equal(started, false, 'Debug this interleaving did not start');
      } finally {
        listener.dispose();
      }
      assert.deepEqual(sessions, [], 'no debug session');
      assert.equal(api.tests(), undefined, 'no Test Explorer controller in Restricted Mode');
    } finally {
      spy.restore();
    }
    // Other extensions in this host may start processes of their own; ours all run dist/cli.js.
    assert.deepEqual(spy.engine(), [], `no engine process, got ${JSON.stringify(spy.engine())}`);
    assert.equal(exists(MARKER), false, `the workspace's tests ran (${MARKER} exists)`);
    assert.deepEqual(processTree(process.pid).slice(1).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('cli.js')), [], 'no engine process under the extension host');
    assert.equal(api.results.report, before, 'the saved report is still the one shown');
  });

  test('granting trust enables ranking in the same extension host, without a reload', async function () {
    if (DRIVER !== 'code-server') {
      // Granting trust is a person's click in the workbench; only the code-server driver can do it.
      this.skip();
    }
    const host = process.pid;
    const granted = new Promise<void>((resolve) => vscode.workspace.onDidGrantWorkspaceTrust(() => resolve()));
    askDriver('grant-trust');
    await Promise.race([granted, new Promise((_, reject) => setTimeout(() => reject(new Error('trust was not granted within 60 s')), 60_000))]);
    assert.equal(vscode.workspace.isTrusted, true);
    const before = api.results.report;
    const spy = spyOnChildProcesses();
    try {
      await run('conlens.rank', [], () => api.results.report !== before);
    } finally {
      spy.restore();
    }
    assert.equal(process.pid, host, 'same extension host (no reload)');
    assert.equal((await activeApi()).results, api.results, 'same extension instance');
    assert.ok(spy.engine().length > 0, 'the engine ran');
    assert.equal(exists(MARKER), true, `the workspace's tests ran (${MARKER})`);
    assert.notEqual(api.results.report, before, 'a new report is shown');
    assert.equal(api.results.ranked[0].position.function, expected().fault);
    assert.ok(api.tests(), 'the Test Explorer controller appears once the workspace is trusted');
  });
});
