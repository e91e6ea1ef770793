// The scenario, as a person would do it: open the example, run the ranking from the command
// palette, read the views, look at the gutter and the hover, follow a violation, dismiss a
// function with "Not the bug". Each expectation is an assertion whose message says what was
// missing on screen; the runner adds a screenshot of the moment it failed.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, waitFor, waitVisible } from './workbench.mjs';
import { explorerScenario } from './explorer.mjs';

/** How long the ranking may take (it runs the example's tests many times in child processes). */
const RANK_TIMEOUT_MS = Number(process.env.CONLENS_E2E_RANK_TIMEOUT ?? 420) * 1000;

/**
 * Where the expected fault (expected.json, e.g. "SA.func1") is declared in the workspace, found
 * from the source text alone — independent of what the extension reports.
 */
function findDeclaration(workspace, fault) {
  const [owner, member] = fault.includes('.') ? fault.split('.') : [undefined, fault];
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.[cm]?[jt]s$/.test(entry.name)) files.push(path);
    }
  };
  walk(join(workspace, 'src'));
  const decl = new RegExp(`^\\s*(?:(?:export|public|private|protected|static|async)\\s+)*(?:function\\s*\\*?\\s*)?${member}\\s*(?:<[^>]*>)?\\(`);
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    if (owner && !lines.some((l) => new RegExp(`\\bclass\\s+${owner}\\b`).test(l))) continue;
    const index = lines.findIndex((l) => decl.test(l));
    if (index >= 0) return { file, rel: relative(workspace, file), name: file.split('/').pop(), line: index + 1, member };
  }
  throw new Error(`cannot find the declaration of ${fault} under ${workspace}/src`);
}

export async function scenario({ step, screenshot, wb, page, log, workspace, extension, example, smoke, only }) {
  const expected = JSON.parse(readFileSync(join(workspace, 'expected.json'), 'utf8'));
  const fault = expected.fault;
  const declaration = findDeclaration(workspace, fault);
  log(`expected rank-1 fault ${fault}, declared at ${declaration.rel}:${declaration.line}`);

  await step(`the workbench opens ${example}`, async () => {
    await wb.waitReady(example);
  });

  await step('the extension is installed and its commands are in the palette', async () => {
    const titles = await wb.paletteTitles('Concurrency Lens:', (t) => t.some((x) => x.startsWith('Concurrency Lens: Validate configuration')));
    log(`palette offers ${titles.length} "Concurrency Lens:" commands`);
    expect(titles.some((t) => t.startsWith('Concurrency Lens: Validate configuration')), `the command palette does not offer "Concurrency Lens: Validate configuration" (it offers: ${titles.join(' | ') || 'nothing'})`);
    expect((extension.manifest.contributes?.commands ?? []).length > 0, 'package.json contributes no commands');
  });

  await step('"Validate configuration" runs in the activated extension', async () => {
    await wb.command('Concurrency Lens: Validate configuration');
    await wb.notification('conlens.config.json is valid', { timeout: 60_000 });
    await wb.dismissNotifications();
  });

  if (smoke) return;
  if (only !== 'explorer') await rankingScenario({ step, screenshot, wb, page, log, fault, declaration });
  // The Test Explorer steps know the running example's test and race (its ▶ steps).
  if (only !== 'ranking' && example === 'running-example') await explorerScenario({ step, screenshot, wb, page, log });
  else if (only !== 'ranking') log(`the Test Explorer steps run on running-example only, not ${example}`);
}

/** Rank from the palette, then the views, the gutter, the hover, a violation and "Not the bug". */
async function rankingScenario({ step, screenshot, wb, page, log, fault, declaration }) {
  let before = [];
  await step('F1 → "Concurrency Lens: Rank suspicious functions" ends with a summary', async () => {
    await wb.command('Concurrency Lens: Rank suspicious functions');
    // The progress notification shows while the CLI runs; the summary names the #1 position.
    const progress = page.locator('.notifications-toasts .notification-toast', { hasText: /Concurrency Lens|Rank/i });
    await waitVisible(progress, 'no progress notification after starting the ranking', 30_000);
    await progress.first().click({ trial: true }); // waits until the toast has slid in (stable box)
    await screenshot('ranking-progress');
    const started = Date.now();
    // Wait for the summary; an error notification from the extension ends the wait at once.
    const summaryToast = page.locator('.notifications-toasts .notification-toast', { hasText: /suspicious position/ }).first();
    const errorToast = page.locator('.notifications-toasts .notification-toast', { has: page.locator('.codicon-error') }).first();
    const outcome = await waitFor(async () => {
      if (await summaryToast.isVisible()) return 'summary';
      if (await errorToast.isVisible()) return 'error';
      return undefined;
    }, 'the ranking did not end with a summary notification', RANK_TIMEOUT_MS, 500);
    if (outcome === 'error') {
      const message = await errorToast.locator('.notification-list-item-message').innerText();
      expect(false, `the ranking failed: "${message}" (see vscode-logs/ for the output channel)`);
    }
    const summary = summaryToast;
    const text = await summary.locator('.notification-list-item-message').innerText();
    log(`ranking finished after ${((Date.now() - started) / 1000).toFixed(1)} s: ${text}`);
    expect(text.includes(`#1 ${fault}`), `the summary does not name ${fault} as #1: "${text}"`);
    await wb.dismissNotifications();
  });

  await step(`the Suspicious Functions view lists ${fault} first`, async () => {
    await wb.openContainer('Concurrency Lens');
    // Wider, so the screenshots show whole labels; moving the mouse off the activity bar also
    // drops its tooltip.
    log(`side bar width ${Math.round(await wb.resizeSidebar(470))} px`);
    const pane = await wb.view('Suspicious Functions');
    before = await waitFor(async () => {
      const rows = await wb.treeRows(pane);
      return rows.length > 0 ? rows : undefined;
    }, 'the Suspicious Functions view shows no entries after the ranking');
    log(`Suspicious Functions: ${before.map((r) => `${r.label} [${r.description}]`).join(' | ')}`);
    expect(before[0].label === `#1 ${fault}`, `the first entry is "${before[0].label}", expected "#1 ${fault}"`);
    expect(/S\s*\d/.test(before[0].description), `the first entry does not show its S_rate: "${before[0].description}"`);
    expect(before.length >= 2, `only ${before.length} entry; "Not the bug" needs at least two to show a re-ranking`);
    await screenshot('ranked-view', { readme: true, clip: (await page.locator('.part.sidebar').boundingBox()) ?? undefined });
  });

  await step('the Failure Invariants tree has entries down to <reference, online> pairs', async () => {
    const pane = await wb.view('Failure Invariants');
    const fns = await waitFor(async () => {
      const rows = await wb.treeRows(pane);
      return rows.length > 0 ? rows : undefined;
    }, 'the Failure Invariants view shows no entries');
    log(`Failure Invariants: ${fns.map((r) => r.label).join(' | ')}`);
    // Expand the fault's function (or the first one) and its first program point.
    const fn = pane.locator('.pane-body .monaco-list-row[aria-level="1"]').filter({ hasText: fault.split('.').pop() });
    const target = (await fn.count()) ? fn.first() : pane.locator('.pane-body .monaco-list-row[aria-level="1"]').first();
    if ((await target.getAttribute('aria-expanded')) === 'false') await target.locator('.monaco-tl-twistie').click();
    const point = pane.locator('.pane-body .monaco-list-row[aria-level="2"]').first();
    await waitVisible(point, 'expanding a function in Failure Invariants shows no program point');
    if ((await point.getAttribute('aria-expanded')) === 'false') await point.locator('.monaco-tl-twistie').click();
    const pair = pane.locator('.pane-body .monaco-list-row[aria-level="3"]').first();
    await waitVisible(pair, 'expanding a program point in Failure Invariants shows no invariant pair');
    const rows = await wb.treeRows(pane);
    log(`Failure Invariants expanded: ${rows.slice(0, 6).map((r) => `${'  '.repeat(r.level - 1)}${r.label} [${r.description}]`).join(' | ')}`);
    await screenshot('invariant-tree', { readme: true, clip: (await pane.boundingBox()) ?? undefined });
  });

  await step(`clicking ${fault} opens ${declaration.rel} and its gutter carries our heat icon`, async () => {
    const pane = await wb.view('Suspicious Functions');
    await pane.locator('.pane-body .monaco-list-row').first().click();
    await waitVisible(page.locator(`.tabs-container .tab.active[aria-label^="${declaration.name}"]`), `clicking "#1 ${fault}" did not open ${declaration.rel}`);
    const glyphs = await waitFor(async () => {
      const found = await wb.gutterDecorations(declaration.line);
      return found.length ? found : undefined;
    }, `no gutter decoration on ${declaration.rel}:${declaration.line} (the declaration of ${fault})`, 20_000);
    log(`gutter on line ${declaration.line}: ${glyphs.map((g) => g.backgroundImage.slice(0, 160)).join(' ; ')}`);
    // Ours: the heat icons are SVGs the extension writes into its global storage.
    expect(glyphs.some((g) => /concurrency-lens/.test(g.backgroundImage) && /heat/i.test(g.backgroundImage)), `the gutter icon on line ${declaration.line} is not one of our heat icons: ${glyphs.map((g) => g.backgroundImage).join(' ; ')}`);
    // A line that is no declaration (the first, an import) has no heat icon.
    const other = await wb.gutterDecorations(1);
    expect(other.length === 0, `line 1 of ${declaration.rel} unexpectedly carries a gutter decoration`);
    await page.mouse.move(700, 10);
    await screenshot('gutter-heat', { readme: true });
  });

  await step(`the hover on ${fault} explains its S_rate`, async () => {
    const text = await wb.hoverText(declaration.line, declaration.member, { until: (t) => /S_rate/.test(t) });
    log(`hover: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
    expect(/S_rate/.test(text), `the hover over ${declaration.member} does not mention S_rate: "${text.slice(0, 300)}"`);
    expect(text.includes('#1') || /rank\s*1\b/i.test(text), `the hover does not give the rank: "${text.slice(0, 300)}"`);
    await screenshot('hover', { readme: true });
    await page.keyboard.press('Escape');
    await page.mouse.move(700, 10);
  });

  await step('selecting a violation shows its steps', async () => {
    const pane = await wb.view('Violations');
    const violation = pane.locator('.pane-body .monaco-list-row[aria-level="1"]').first();
    await waitVisible(violation, 'the Violations view shows no violation after the ranking');
    const label = await violation.innerText();
    await violation.click();
    if ((await violation.getAttribute('aria-expanded')) === 'false') await violation.locator('.monaco-tl-twistie').click();
    const steps = pane.locator('.pane-body .monaco-list-row[aria-level="2"]');
    await waitVisible(steps, `selecting the violation "${label.replace(/\s+/g, ' ')}" shows no steps`);
    const rows = (await wb.treeRows(pane)).filter((r) => r.level === 2);
    log(`violation "${label.replace(/\s+/g, ' ')}": ${rows.length} steps; ${rows.slice(0, 4).map((r) => `${r.label} [${r.description}]`).join(' | ')}`);
    expect(rows.every((r) => /^\d+\.\s/.test(r.label)), `violation steps are not numbered: ${rows.map((r) => r.label).join(' | ')}`);
    // Clicking a step with a source location reveals that line in the editor.
    const located = rows.findIndex((r) => /:\d+/.test(r.description));
    expect(located >= 0, `no violation step names a file:line: ${rows.map((r) => r.description).join(' | ')}`);
    const stepRow = steps.nth(located);
    const where = rows[located].description.match(/([^\s/]+):(\d+)/);
    await stepRow.click();
    await waitVisible(page.locator(`.tabs-container .tab.active[aria-label^="${where[1]}"]`), `clicking step "${rows[located].label}" did not open ${where[1]}`);
    await wb.lineBand(Number(where[2]));
    await page.mouse.move(700, 10);
    await screenshot('violation-trace', { readme: true });
  });

  await step('"Not the bug" on the first entry hides it and re-ranks', async () => {
    const pane = await wb.view('Suspicious Functions');
    const first = pane.locator('.pane-body .monaco-list-row').first();
    await wb.contextMenu(first, 'Not the bug', `"${before[0].label}"`);
    const note = await wb.notification(/re-ranked/, { timeout: 30_000 });
    log(`after "Not the bug": ${await note.locator('.notification-list-item-message').innerText()}`);
    const after = await waitFor(async () => {
      const rows = await wb.treeRows(pane);
      return rows.length && rows[0].label !== before[0].label ? rows : undefined;
    }, `the first entry is still "${before[0].label}" after "Not the bug"`);
    log(`Suspicious Functions now: ${after.map((r) => r.label).join(' | ')}`);
    expect(!after.some((r) => r.label.endsWith(` ${fault}`)), `${fault} is still listed after "Not the bug"`);
    expect(after[0].label.replace(/^#\d+\s*/, '') === before[1].label.replace(/^#\d+\s*/, ''), `the new first entry is "${after[0].label}", expected the former second "${before[1].label}"`);
    expect(after[0].label.startsWith('#1 '), `the new first entry is not re-ranked as #1: "${after[0].label}"`);
    await screenshot('not-the-bug');
  });
}
