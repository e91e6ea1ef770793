// Activation and the command set, in a trusted copy of examples/running-example.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { activeApi, EXTENSION_ID, run, spyOnChildProcesses } from '../helpers.js';

suite('activation and commands', () => {
  test('activates on conlens.config.json, without being asked', async () => {
    const api = await activeApi();
    assert.ok(api.results.folder, 'the project folder is picked');
    assert.ok(api.results.folder.uri.fsPath.length > 0);
  });

  test('registers exactly the commands package.json contributes', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[]; views: Record<string, { id: string }[]> } };
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    const views = Object.values(manifest.contributes.views).flat().map((v) => v.id);
    // VS Code adds <view>.focus, .resetViewLocation, … for each view; those are not ours.
    const registered = (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('conlens.') && !views.some((v) => id.startsWith(`${v}.`))).sort();
    const missing = contributed.filter((id) => !registered.includes(id));
    const extra = registered.filter((id) => !contributed.includes(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
    assert.deepEqual(extra, [], `registered but not in contributes.commands: ${extra.join(', ')}`);
  });

  test('every command that needs no argument runs without throwing and without the engine when it needs none', async () => {
    const api = await activeApi();
    const spy = spyOnChildProcesses();
    try {
      // With or without a report (@vscode/test-cli does not promise file order): they answer
      // "nothing yet" or do their small thing, and leave the results as they were.
      const before = api.results.report;
      for (const id of ['conlens.validateConfig', 'conlens.showRanking', 'conlens.toggleDecorations', 'conlens.toggleDecorations', 'conlens.clearSelection', 'conlens.openReport', 'conlens.notTheBug', 'conlens.showHidden', 'conlens.showInvariants', 'conlens.cancel', 'conlens.createConfig']) {
        await run(id);
      }
      assert.equal(api.results.report, before, 'no report appeared from commands that do not rank');
      assert.deepEqual(spy.engine(), [], 'none of them started the engine');
      // revealLocation / revealStep / selectViolation take the arguments the views pass.
      await run('conlens.revealLocation', [{ file: 'conlens.config.json', line: 2, highlight: true }]);
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor?.document.uri.fsPath.endsWith('conlens.config.json'), 'revealLocation opened conlens.config.json');
      assert.equal(editor!.selection.start.line, 1, 'and selected line 2');
    } finally {
      spy.restore();
    }
  });
});
