// Issue 34 in the browser: the Test Explorer lists the example's integration test, "Find races"
// (our default run profile) fails it with the violation's story, and the message's "Debug this
// interleaving" link starts a debug session that pauses at the first ▶ decision. What the `vscode`
// API can check of the same (outcomes, messages, the pauses) is in
// test/extension-host/suite/3-explorer.test.ts; this keeps what only the screen shows.
import { expect, waitFor, waitVisible } from './workbench.mjs';

/** How long "Find races" may take (the configured runs of the integration test). */
const FIND_RACES_TIMEOUT_MS = Number(process.env.CONLENS_E2E_FUZZ_TIMEOUT ?? 420) * 1000;
/** How long the debug session may take to reach its first pause (a replay under js-debug). */
const PAUSE_TIMEOUT_MS = 180_000;

export async function explorerScenario({ step, screenshot, wb, page, log }) {
  let testRow;
  let testLabel = '';

  await step('the Test Explorer lists the integration test under its file', async () => {
    await wb.dismissNotifications();
    await wb.openContainer('Testing');
    // Wider, so the screenshot shows the test's whole name.
    await wb.resizeSidebar(430);
    const tree = page.locator('.part.sidebar .test-explorer-tree');
    await waitVisible(tree, 'the Testing view shows no test tree');
    // Discovery (`conlens tests`) runs when the view first asks for the items.
    const fileRow = tree.locator('.monaco-list-row', { hasText: 'sa.test.ts' });
    await waitVisible(fileRow, 'the Test Explorer does not list test/integration/sa.test.ts', 60_000);
    const rows = await tree.locator('.monaco-list-row').evaluateAll((els) => els.map((r) => r.getAttribute('aria-label') ?? r.textContent ?? ''));
    log(`Test Explorer: ${rows.join(' | ')}`);
    expect(!rows.some((r) => /unit/.test(r)), `the Test Explorer lists a unit test file (Find races runs the integration tests): ${rows.join(' | ')}`);
    if ((await fileRow.first().getAttribute('aria-expanded')) === 'false') await fileRow.first().locator('.monaco-tl-twistie').click();
    testRow = tree.locator('.monaco-list-row', { hasText: 'Thread 1 and Thread 2 run together' }).first();
    await waitVisible(testRow, 'expanding sa.test.ts in the Test Explorer shows no "Thread 1 and Thread 2 run together" test');
    testLabel = (await testRow.innerText()).replace(/\s+/g, ' ').trim();
  });

  await step('"Find races" on the test fails it with the race: its story, ▶ steps and replay in its message', async () => {
    // The row's inline "Run Test" runs the default Run profile: ours is "Find races".
    await testRow.hover();
    const runAction = testRow.locator('.action-label[aria-label^="Run Test"]');
    await waitVisible(runAction, `the test "${testLabel}" offers no "Run Test" action`);
    await runAction.first().click();
    const started = Date.now();
    const failed = testRow.locator('.codicon-testing-failed-icon');
    const errored = testRow.locator('.codicon-testing-error-icon');
    const passed = testRow.locator('.codicon-testing-passed-icon');
    const outcome = await waitFor(async () => {
      if (await failed.count()) return 'failed';
      if (await errored.count()) return 'errored';
      if (await passed.count()) return 'passed';
      return undefined;
    }, `"Find races" did not finish on "${testLabel}"`, FIND_RACES_TIMEOUT_MS, 500);
    log(`Find races ended after ${((Date.now() - started) / 1000).toFixed(1)} s: ${outcome}`);
    expect(outcome === 'failed', `"Find races" marked the racy test ${outcome}, expected failed`);
    // The failure's message, as a person reads it: the Test Results panel (it opened when the run
    // started), the violation's message selected in its tree. Maximized, so the story shows whole.
    const resultsTree = page.locator('.part.panel .test-output-peek-tree');
    await waitVisible(resultsTree, 'the Test Results panel did not open for the run');
    const messageRow = resultsTree.locator('.monaco-list-row[aria-label^="failed assertion"]');
    await waitVisible(messageRow, 'the Test Results tree has no "failed assertion" message under the test');
    await wb.command('View: Toggle Maximized Panel');
    await messageRow.first().click();
    const message = page.locator('.part.panel .test-output-peek-message-container');
    await waitVisible(message, 'selecting the failure in Test Results shows no message');
    const text = await waitFor(async () => {
      const t = await message.first().innerText();
      return /Debug this interleaving/.test(t) ? t : undefined;
    }, 'the test message has no "Debug this interleaving" link');
    log(`test message: ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
    expect(/failed assertion/.test(text), `the test message does not name the violation kind: "${text.slice(0, 300)}"`);
    expect(/func1 read x after Thread 1 had already decreased it/.test(text), `the test message does not give the assertion's message: "${text.slice(0, 300)}"`);
    expect(/▶ steps/.test(text) && /src\/sb\.ts:14/.test(text) && /src\/sa\.ts:29/.test(text), `the test message does not list the ▶ steps at sb.ts:14 and sa.ts:29: "${text.slice(0, 600)}"`);
    expect(/conlens replay \S*violation\.json/.test(text), `the test message does not give the replay: "${text.slice(0, 600)}"`);
    // Off the panel's tabs (their tooltips), onto the message's empty space.
    await page.mouse.move(900, 600);
    await screenshot('explorer-race', { readme: true });
  });

  await step('"Debug this interleaving" pauses at the first ▶ decision and shows it', async () => {
    const link = page.locator('.part.panel .test-output-peek-message-container a', { hasText: 'Debug this interleaving' });
    await waitVisible(link, 'the test message has no "Debug this interleaving" link');
    await link.first().click();
    // The panel back to its size: the editor shows where the session pauses.
    await wb.command('View: Toggle Maximized Panel');
    const toolbar = page.locator('.debug-toolbar');
    await waitVisible(toolbar, 'no debug toolbar after "Debug this interleaving"', 60_000);
    // Paused: the toolbar offers Continue (F5, "step to next decision").
    const continueAction = toolbar.locator('.action-label[aria-label^="Continue"]');
    await waitVisible(continueAction, 'the debug session did not pause at a decision', PAUSE_TIMEOUT_MS);
    // The Debug Console says which decision this is (debug-decision.ts).
    const repl = page.locator('.repl .monaco-list-row', { hasText: /▶ decision \d+: task T\d+/ });
    await waitVisible(repl, 'the Debug Console shows no "conlens: ▶ decision N: task T…" line', 30_000);
    const line = (await repl.first().innerText()).replace(/\s+/g, ' ').trim();
    log(`Debug Console: ${line}`);
    // The paused frame is debugDecision, and its `decision` variable is in the Variables view.
    await wb.openContainer('Run and Debug');
    const stack = page.locator('.part.sidebar .debug-call-stack .monaco-list-row', { hasText: 'debugDecision' });
    await waitVisible(stack, 'the Call Stack shows no debugDecision frame');
    const variable = page.locator('.part.sidebar .debug-variables .monaco-list-row', { hasText: /^\s*decision\b/ });
    await waitVisible(variable, 'the Variables view shows no `decision` variable', 30_000);
    const shown = (await variable.first().innerText()).replace(/\s+/g, ' ').trim();
    log(`Variables: ${shown}`);
    const n = line.match(/▶ decision (\d+)/)[1];
    expect(new RegExp(`decision: ${n}\\b`).test(shown), `the \`decision\` variable (${shown}) is not the decision the console names (${n})`);
    // The debug toolbar shows a tooltip once it is focused; over it and off again, onto the
    // editor below the code, drops it.
    await toolbar.hover();
    await page.mouse.click(1000, 500);
    await page.locator('.workbench-hover-container, .monaco-hover.workbench-hover').first().waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {});
    await screenshot('debug-decision', { readme: true });
    // "Step to next decision" on the debug toolbar goes on to the next ▶ decision, which the
    // Debug Console names next.
    const next = toolbar.locator('.action-label[aria-label^="Step to next decision"]');
    await waitVisible(next, 'the debug toolbar offers no "Step to next decision"');
    await next.first().click();
    const nextLine = await waitFor(async () => {
      const lines = await page.locator('.repl .monaco-list-row').allInnerTexts();
      const numbers = lines.flatMap((l) => [...l.matchAll(/▶ decision (\d+)/g)].map((m) => m[1]));
      return numbers.some((m) => m !== n) ? lines.find((l) => /▶ decision (\d+)/.test(l) && !l.includes(`decision ${n}:`)) : undefined;
    }, `"Step to next decision" did not reach a ▶ decision after ${n}`, 60_000);
    log(`after "Step to next decision": ${nextLine.replace(/\s+/g, ' ').trim()}`);
    expect(Number(nextLine.match(/▶ decision (\d+)/)[1]) > Number(n), `the next ▶ decision (${nextLine}) does not come after ${n}`);
    // End the session (the replay and its test processes with it).
    await wb.command('Debug: Stop');
    await waitFor(async () => !(await toolbar.isVisible()), 'the debug session did not end after "Debug: Stop"', 30_000);
  });
}
