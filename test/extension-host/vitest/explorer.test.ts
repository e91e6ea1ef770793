// Issue 34's trial on a Vitest project, repeatable: the workspace is test/runners/vitest/account
// (003 Fig. 1, check-then-withdraw under async-mutex; workspaces.mjs, vitestWorkspace), its
// commands `npx vitest run test/unit` / `npx vitest run test/integration`. The Test Explorer lists
// the Vitest tests, "Find races" fails the racy one with the story, the ▶ steps and its replay,
// and "Debug this interleaving" pauses at each ▶ decision inside the Vitest worker (the forked
// process that runs the test file, not the `vitest` main process) and ends. What a user sees —
// the messages and how long each step took — is printed for the record.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { ConlensApi } from '../../../src/extension/extension.js';
import type { ConlensTests } from '../../../src/extension/test-explorer.js';
import { interleavingLaunch } from '../../../src/extension/debug-interleaving.js';
import { activeApi, waitFor } from '../helpers.js';

const INTEGRATION = 'test/integration/account.test.ts';
const RACY = 'two customers withdraw 70 from 100 at the same time';

/** Prints what the user saw, with how long it took. */
function seen(what: string, since: number, lines: string[] = []): void {
  console.log(`  [trial] ${what} (${((Date.now() - since) / 1000).toFixed(1)} s)`);
  for (const line of lines) console.log(`  [trial]   ${line.replace(/\n/g, '\n  [trial]   ')}`);
}

suite('A Vitest project: Test Explorer and debugging an interleaving in the Vitest worker', () => {
  let api: ConlensApi;
  let tests: ConlensTests;
  let racy: vscode.TestItem | undefined;

  suiteSetup(async () => {
    api = await activeApi();
    await vscode.workspace.getConfiguration('conlens').update('runs', 5, vscode.ConfigurationTarget.Workspace);
    tests = api.tests()!;
    assert.ok(tests, 'the Test Explorer controller exists in a trusted workspace');
  });

  test('discovery lists the Vitest integration file and its test, at its line, and not the unit tests', async () => {
    const started = Date.now();
    await tests.discover(true);
    assert.equal(tests.discovery?.runner, 'vitest', `the runner is Vitest: ${JSON.stringify(tests.discovery)}`);
    const file = tests.controller.items.get(INTEGRATION);
    assert.ok(file, `the integration file is listed; items: ${JSON.stringify(tests.discovery)}`);
    const children: vscode.TestItem[] = [];
    file.children.forEach((c) => children.push(c));
    assert.deepEqual(children.map((c) => c.label), [RACY]);
    // `test('two customers …', async () => {` is line 7 of the file.
    assert.equal(children[0].range?.start.line, 6);
    assert.equal(tests.controller.items.size, 1, 'only the integration command\'s file is listed');
    assert.equal(tests.controller.items.get('test/unit/account.test.ts'), undefined);
    racy = children[0];
    seen('Testing view lists', started, [`${INTEGRATION} › ${children[0].label} (line ${children[0].range!.start.line + 1})`]);
  });

  test('"Find races" fuzzes the Vitest test (-t) and fails it with the story, the ▶ steps and its replay', async () => {
    const started = Date.now();
    const before = api.results.violations.length;
    await tests.profiles.findRaces.runHandler(new vscode.TestRunRequest([racy!], undefined, tests.profiles.findRaces), new vscode.CancellationTokenSource().token);
    const outcome = tests.outcomes.get(racy!.id);
    assert.equal(outcome?.state, 'failed', `the racy test failed: ${JSON.stringify(outcome)}`);
    seen('Find races: the test failed with', started, outcome.messages.map((m, i) => `${outcome.locations[i] ?? ''} ${m}`));
    const [main, ...steps] = outcome.messages;
    assert.match(main, /^\*\*failed assertion\*\*/);
    assert.match(main, /InsufficientFundsError: balance went negative: -40/, 'the assertion the Vitest test failed');
    assert.match(main, /T\d+ read \\?`balance\\?` \(100\)/, 'the story names the first read');
    assert.match(main, /not atomic/, 'the story says what broke');
    assert.match(main, /conlens replay .*violation\.json/);
    assert.ok(steps.some((m) => /^▶ step \d+: T\d+ writes `balance` \(30\) \(in Account\.withdraw\)$/.test(m)), `a ▶ step message for the other task's write: ${steps}`);
    assert.ok(steps.some((m) => /^▶ step \d+: T\d+ reads `balance` \(30\) \(in Account\.withdraw\)$/.test(m)), `a ▶ step message for the stale read: ${steps}`);
    // The main message sits on the test; the ▶ steps on the source lines they happened at.
    assert.equal(outcome.locations[0], `${INTEGRATION}:7`);
    assert.ok(outcome.locations.includes('src/account.ts:25') && outcome.locations.includes('src/account.ts:20'), `▶ steps on account.ts:20 and :25: ${outcome.locations}`);
    const replay = tests.replays.get(racy!.id);
    assert.ok(replay && existsSync(replay), 'the item carries its violation.json');
    assert.equal(api.results.violations.length, before + 1, 'the violation is in the Violations view too');
  });

  test('"Debug this interleaving" pauses at the first ▶ decision inside the Vitest worker, at each one in order, and ends', async () => {
    const file = tests.replays.get(racy!.id);
    assert.ok(file, 'Find races left a replay on the item');
    const folder = vscode.workspace.workspaceFolders![0];
    const { decisions } = await interleavingLaunch('unused', folder, file, []);
    assert.ok(decisions && decisions.decisions.length >= 1);
    assert.equal(decisions.process, INTEGRATION, 'a Vitest violation belongs to its test file\'s worker');
    const stops: { decision: string; frame: string; testFile: string; pid: string; session: string; root: boolean }[] = [];
    const output: string[] = [];
    let ended = false;
    const started = Date.now();
    const tracker = vscode.debug.registerDebugAdapterTrackerFactory('*', {
      createDebugAdapterTracker: (session) => ({
        onDidSendMessage: async (message: { type: string; event?: string; body?: { threadId?: number; output?: string } }) => {
          if (message.type === 'event' && message.event === 'output' && message.body?.output) output.push(message.body.output);
          if (message.type !== 'event' || message.event !== 'stopped') return;
          const threadId = message.body!.threadId!;
          const trace = await session.customRequest('stackTrace', { threadId, levels: 1 }) as { stackFrames: { id: number; name: string }[] };
          const top = trace.stackFrames[0];
          const value = async (expression: string) => ((await session.customRequest('evaluate', { expression, frameId: top.id, context: 'watch' })) as { result: string }).result;
          stops.push({
            decision: await value('decision.decision'),
            frame: top.name,
            // Vitest's worker state: set in the process that runs the test file, and only there.
            testFile: await value('globalThis.__vitest_worker__?.filepath ?? "no Vitest worker"'),
            pid: await value('process.pid'),
            session: session.name,
            root: !session.parentSession,
          });
          // "Step to next decision" is Continue.
          await session.customRequest('continue', { threadId });
        },
      }),
    });
    const terminated = vscode.debug.onDidTerminateDebugSession((s) => {
      if (!s.parentSession) ended = true;
    });
    try {
      const ok = await vscode.commands.executeCommand<boolean>('conlens.debugInterleaving', file);
      assert.equal(ok, true, 'the debug session started');
      await waitFor(() => ended, 'the debug session to end', 180_000);
    } finally {
      tracker.dispose();
      terminated.dispose();
    }
    const ours = output.filter((o) => o.includes('conlens: ▶ decision'));
    seen('Debug this interleaving: paused at', started, [...stops.map((s) => `decision ${s.decision} in ${s.frame}, pid ${s.pid}, session "${s.session}", worker of ${s.testFile}`), 'Debug Console:', ...ours.map((o) => o.trimEnd())]);
    assert.ok(stops.length >= 1, 'the session paused');
    assert.equal(stops[0].decision, String(decisions.decisions[0].decision), 'the first pause is the first ▶ decision');
    assert.match(stops[0].frame, /debugDecision/);
    for (const stop of stops) {
      assert.ok(stop.testFile.replace(/^['"]|['"]$/g, '').endsWith(INTEGRATION), `the pause is in the Vitest worker of ${INTEGRATION}: ${JSON.stringify(stop)}`);
      assert.equal(stop.root, false, 'the worker is a child session (js-debug attached to the process Vitest forked)');
    }
    assert.deepEqual(stops.map((s) => s.decision), decisions.decisions.map((d) => String(d.decision)), 'one pause per ▶ decision, in order (the replay is deterministic)');
    for (const d of decisions.decisions) {
      // The worker's console is Vitest's; the line goes to the inspector's (runtime/debug-decision.ts).
      assert.equal(ours.filter((o) => o.includes(`conlens: ▶ decision ${d.decision}: task ${d.task} — `)).length, 1, `the Debug Console shows decision ${d.decision} once: ${ours}`);
    }
  });
});
