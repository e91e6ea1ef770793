// Issue 34 in the editor: the Test Explorer lists the example's integration test, "Find races"
// fuzzes it and fails it with the violation's story and ▶ steps, "Debug this interleaving"
// starts a js-debug session that pauses at the first ▶ decision, shows it, and ends, and "Rank"
// ranks with the chosen test and fails it with the report's violations.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { ConlensApi } from '../../../src/extension/extension.js';
import type { ConlensTests } from '../../../src/extension/test-explorer.js';
import { interleavingLaunch } from '../../../src/extension/debug-interleaving.js';
import { activeApi, expected, waitFor } from '../helpers.js';

suite('Test Explorer and debugging an interleaving', () => {
  let api: ConlensApi;
  let tests: ConlensTests;
  let failedItem: vscode.TestItem | undefined;

  suiteSetup(async () => {
    api = await activeApi();
    await vscode.workspace.getConfiguration('conlens').update('runs', 5, vscode.ConfigurationTarget.Workspace);
    tests = api.tests()!;
    assert.ok(tests, 'the Test Explorer controller exists in a trusted workspace');
  });

  test('discovery lists the integration test file and its looped test, at its line', async () => {
    await tests.discover(true);
    const file = tests.controller.items.get('test/integration/sa.test.ts');
    assert.ok(file, `the integration file is listed; items: ${JSON.stringify(tests.discovery)}`);
    const children: vscode.TestItem[] = [];
    file.children.forEach((c) => children.push(c));
    assert.equal(children.length, 1);
    assert.equal(children[0].label, 'Thread 1 and Thread 2 run together (z=${z}, y=${y})');
    assert.equal(children[0].range?.start.line, 19);
    // The unit tests are not what Find races runs.
    assert.equal(tests.controller.items.get('test/unit/sa.test.ts'), undefined);
  });

  test('"Find races" fuzzes the chosen test (--test) and fails it with the story, the ▶ steps and its replay', async () => {
    const file = tests.controller.items.get('test/integration/sa.test.ts')!;
    let item: vscode.TestItem | undefined;
    file.children.forEach((c) => (item = c));
    const source = new vscode.CancellationTokenSource();
    const before = api.results.violations.length;
    await tests.profiles.findRaces.runHandler(new vscode.TestRunRequest([item!], undefined, tests.profiles.findRaces), source.token);
    const outcome = tests.outcomes.get(item!.id);
    assert.equal(outcome?.state, 'failed', `the racy test failed: ${JSON.stringify(outcome)}`);
    assert.match(outcome.messages[0], /failed assertion/);
    assert.match(outcome.messages[0], /func1 read x after Thread 1 had already decreased it/);
    assert.match(outcome.messages[0], /read \\?`x\\?` \(-4\)/, 'the story names the read');
    assert.match(outcome.messages[0], /conlens replay .*violation\.json/);
    assert.ok(outcome.messages.slice(1).some((m) => /^▶ step \d+: T\d+ writes `x`/.test(m)), `a ▶ step message for the write: ${outcome.messages.slice(1)}`);
    assert.ok(outcome.locations.includes('src/sb.ts:14') && outcome.locations.includes('src/sa.ts:29'), `the ▶ steps sit on sb.ts:14 and sa.ts:29: ${outcome.locations}`);
    const replay = tests.replays.get(item!.id);
    assert.ok(replay && existsSync(replay), 'the item carries its violation.json');
    // The violation is in the Violations view: added, or already there when the rank before found
    // the same one (the same kind, schedule and message: combined's search replays it exactly).
    const found = JSON.parse(readFileSync(replay, 'utf8')) as { kind: string; strategy: string; seed: number; message: string };
    assert.ok(api.results.violations.length >= before && api.results.violations.some((v) => v.kind === found.kind && v.strategy === found.strategy && v.seed === found.seed && v.message === found.message), 'the violation is in the Violations view too');
    failedItem = item;
  });

  test('"Debug this interleaving" pauses at the first ▶ decision, shows it in `decision`, continues through the others and ends', async () => {
    const file = tests.replays.get(failedItem!.id)!;
    const folder = vscode.workspace.workspaceFolders![0];
    const { decisions } = await interleavingLaunch('unused', folder, file, []);
    assert.ok(decisions && decisions.decisions.length >= 1);
    const stops: { decision: string; frame: string }[] = [];
    const output: string[] = [];
    let ended = false;
    const tracker = vscode.debug.registerDebugAdapterTrackerFactory('*', {
      createDebugAdapterTracker: (session) => ({
        onDidSendMessage: async (message: { type: string; event?: string; body?: { threadId?: number; reason?: string; output?: string } }) => {
          if (message.type === 'event' && message.event === 'output' && message.body?.output?.includes('conlens: ▶ decision')) output.push(message.body.output);
          if (message.type !== 'event' || message.event !== 'stopped') return;
          const threadId = message.body!.threadId!;
          const trace = await session.customRequest('stackTrace', { threadId, levels: 1 }) as { stackFrames: { id: number; name: string }[] };
          const top = trace.stackFrames[0];
          const value = await session.customRequest('evaluate', { expression: 'decision.decision', frameId: top.id, context: 'watch' }) as { result: string };
          stops.push({ decision: value.result, frame: top.name });
          // "Step to next decision" is Continue.
          await session.customRequest('continue', { threadId });
        },
      }),
    });
    const terminated = vscode.debug.onDidTerminateDebugSession((s) => {
      if (!s.parentSession) ended = true;
    });
    try {
      const started = await vscode.commands.executeCommand<boolean>('conlens.debugInterleaving', file);
      assert.equal(started, true, 'the debug session started');
      await waitFor(() => ended, 'the debug session to end', 180_000);
    } finally {
      tracker.dispose();
      terminated.dispose();
    }
    assert.ok(stops.length >= 1, 'the session paused');
    assert.equal(stops[0].decision, String(decisions.decisions[0].decision), 'the first pause is the first ▶ decision');
    assert.match(stops[0].frame, /debugDecision/);
    assert.deepEqual(stops.map((s) => s.decision), decisions.decisions.map((d) => String(d.decision)), 'one pause per ▶ decision, in order (the replay is deterministic)');
    for (const d of decisions.decisions) {
      assert.equal(output.filter((o) => o.includes(`conlens: ▶ decision ${d.decision}: task ${d.task} — `)).length, 1, `the Debug Console shows decision ${d.decision} once: ${output}`);
    }
  });

  test('"Rank" ranks with the chosen test (--test): the report reaches the views, and the test fails with its violations and their replays', async () => {
    const file = tests.controller.items.get('test/integration/sa.test.ts')!;
    let item: vscode.TestItem | undefined;
    file.children.forEach((c) => (item = c));
    const source = new vscode.CancellationTokenSource();
    const fault = expected().fault;
    const reportBefore = api.results.report;
    await tests.profiles.rank.runHandler(new vscode.TestRunRequest([item!], undefined, tests.profiles.rank), source.token);
    assert.notEqual(api.results.report, reportBefore, 'the Rank profile\'s report is the one shown');
    const report = api.results.report!;
    assert.ok(report.violations.length >= 1, `the ranking saw a violation in ${report.runs} runs`);
    assert.equal(api.results.ranked[0]?.position.function, fault, `#1 is the expected fault ${fault}: ${api.results.ranked.slice(0, 3).map((r) => r.position.function)}`);
    const outcome = tests.outcomes.get(item!.id);
    assert.equal(outcome?.state, 'failed', `the racy test failed: ${JSON.stringify(outcome)}`);
    // One main message per violation of the report (each followed by its ▶ step messages), each
    // with the kind, the story and the replay of its violation.json.
    const mains = outcome.messages.filter((m) => !m.startsWith('▶ step'));
    assert.equal(mains.length, report.violations.length, `one message per violation: ${mains.map((m) => m.slice(0, 80))}`);
    for (const [i, v] of report.violations.entries()) {
      assert.ok(mains[i].startsWith(`**${v.kind}**`), `message ${i + 1} names its kind (${v.kind}): ${mains[i].slice(0, 120)}`);
      if (v.file) assert.ok(mains[i].includes(`conlens replay ${v.file}`), `message ${i + 1} gives the replay of ${v.file}`);
    }
    assert.ok(outcome.messages.some((m) => /^▶ step \d+: T\d+ writes `x`/.test(m)), `a ▶ step message for the write of x: ${outcome.messages.filter((m) => m.startsWith('▶'))}`);
    assert.ok(outcome.locations.includes('src/sa.ts:29'), `a ▶ step sits on sa.ts:29 (SA.func1's read of x): ${outcome.locations}`);
    const replay = tests.replays.get(item!.id);
    assert.ok(replay && existsSync(replay) && report.violations.some((v) => v.file === replay), `the item carries one of the report's violation.json files: ${replay}`);
  });
});
