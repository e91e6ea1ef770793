#!/usr/bin/env node
// End-to-end test in a real editor (issue 8, item 9): our extension installed in code-server
// (VS Code 1.96 in the browser), driven in headless Chromium through playwright-core the way a
// person would use it. `npm run test:e2e`; see test/e2e/README.md.
//
//   node test/e2e/run.mjs [--repo DIR] [--example NAME] [--budget SECONDS] [--screenshots] [--keep] [--smoke] [--only ranking|explorer]
//
// Everything it starts (code-server, the extension host, our CLI and the tests it runs, Chromium)
// is ended when the run ends, on failure, on Ctrl+C and when the time budget runs out.
import { chromium } from 'playwright-core';
import { cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { killTree, killTreeSync } from './processes.mjs';
import { buildExtension, copyWorkspace, freePort, installExtension, prepareCodeServer, startCodeServer, writeUserSettings } from './setup.mjs';
import { Workbench } from './workbench.mjs';
import { scenario } from './scenario.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const harnessRepo = resolve(here, '..', '..');

const { values: opts } = parseArgs({
  options: {
    repo: { type: 'string', default: harnessRepo },
    example: { type: 'string', default: 'running-example' },
    budget: { type: 'string', default: process.env.CONLENS_E2E_BUDGET ?? '900' },
    screenshots: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    only: { type: 'string' },
    chromium: { type: 'string', default: process.env.CONLENS_E2E_CHROMIUM ?? '/usr/bin/chromium' },
  },
});
const repo = resolve(opts.repo);
if (opts.only !== undefined && !['ranking', 'explorer'].includes(opts.only)) throw new Error(`--only takes ranking or explorer, got '${opts.only}'`);
const budgetMs = Number(opts.budget) * 1000;
if (!(budgetMs > 0)) throw new Error(`--budget must be a positive number of seconds (got '${opts.budget}')`);
if (!existsSync(opts.chromium)) {
  console.error(`e2e: no Chromium at ${opts.chromium}: apt-get install chromium (or pass --chromium PATH)`);
  process.exit(1);
}

const artifacts = join(harnessRepo, 'test', 'e2e', 'artifacts');
const screenshotsDir = join(harnessRepo, 'docs', 'screenshots');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
// realpath: the sweep in processes.mjs compares against /proc/<pid>/cwd, which is resolved.
const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'conlens-e2e-')));
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const log = (line) => console.log(`e2e [${seconds(Date.now() - started)}] ${line}`);

let codeServer;
let browser;
let page;
let tearingDown;

async function teardown() {
  tearingDown ??= (async () => {
    const userLogs = join(tmp, 'user-data', 'logs');
    try {
      if (existsSync(userLogs)) cpSync(userLogs, join(artifacts, 'vscode-logs'), { recursive: true });
    } catch {
      // Logs are a courtesy; never let them keep processes alive.
    }
    if (browser) await Promise.race([browser.close().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
    const stubborn = await killTree(codeServer?.pid, tmp);
    if (stubborn.length) log(`killed ${stubborn.length} process(es) that ignored SIGTERM: ${stubborn.join(' ')}`);
    if (!opts.keep) rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
    else log(`kept ${tmp}`);
  })();
  return tearingDown;
}

process.on('exit', () => killTreeSync(codeServer?.pid, tmp));
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    log(`${sig}: stopping`);
    teardown().finally(() => process.exit(130));
  });
}

// The whole run has a budget: when it is spent, take a last screenshot and end everything.
const budget = setTimeout(async () => {
  log(`FAILED: the run exceeded its time budget of ${opts.budget} s`);
  if (page) await Promise.race([page.screenshot({ path: join(artifacts, 'budget-exceeded.png') }).catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
  await teardown();
  process.exit(1);
}, budgetMs);
budget.unref();

const results = [];
const shots = [];

/** Saves a screenshot into the artifacts folder; `readme` ones are copied to docs/screenshots. */
async function screenshot(name, { readme = false, clip } = {}) {
  const file = join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, clip });
  if (readme) shots.push(file);
  log(`screenshot ${relative(harnessRepo, file)}`);
  return file;
}

async function step(name, fn) {
  if (results.some((r) => r.status === 'failed')) {
    results.push({ name, status: 'skipped' });
    console.log(`skip ${results.length} - ${name} (an earlier step failed)`);
    return;
  }
  const t = Date.now();
  try {
    await fn();
    results.push({ name, status: 'passed' });
    console.log(`ok ${results.length} - ${name} (${seconds(Date.now() - t)})`);
  } catch (error) {
    results.push({ name, status: 'failed', error });
    // Playwright's messages carry a long call log; its first lines say what went wrong.
    const message = String(error?.message ?? error).replace(/\x1b\[[0-9;]*m/g, '').split('\n').slice(0, 6).join('\n  ');
    console.log(`not ok ${results.length} - ${name} (${seconds(Date.now() - t)})\n  ${message}`);
    if (error?.name !== 'ExpectationError' && error?.stack) console.log(`  ${error.stack.split('\n').slice(1, 6).join('\n  ')}`);
    if (page) {
      const slug = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
      await screenshot(`FAILED-${String(results.length).padStart(2, '0')}-${slug}`).catch(() => {});
      // The DOM at that moment, to see why a selector did not match.
      await page.content().then((html) => writeFileSync(join(artifacts, `FAILED-${String(results.length).padStart(2, '0')}-${slug}.html`), html)).catch(() => {});
    }
  }
}

let exitCode = 1;
try {
  log(`repo ${repo}, example ${opts.example}, temp ${tmp}, budget ${opts.budget} s`);
  const codeServerDir = prepareCodeServer(harnessRepo);
  log(`code-server ${codeServerDir}`);
  buildExtension(repo);
  const extensionsDir = join(tmp, 'extensions');
  const userDataDir = join(tmp, 'user-data');
  const extension = installExtension(repo, extensionsDir);
  log(`installed ${extension.id}@${extension.version} → ${relative(tmp, extension.dir)}`);
  const workspace = copyWorkspace(repo, opts.example, join(tmp, opts.example));
  writeUserSettings(userDataDir);
  const port = await freePort();
  const csStarted = Date.now();
  await startCodeServer({
    onSpawn: (child) => { codeServer = child; },
    codeServerDir, port, userDataDir, extensionsDir, workspace,
    configFile: join(tmp, 'code-server.yaml'),
    logFile: join(artifacts, 'code-server.log'),
  });
  log(`code-server listening on 127.0.0.1:${port} (${seconds(Date.now() - csStarted)})`);

  browser = await chromium.launch({
    executablePath: opts.chromium,
    headless: true,
    // Our own handlers end the browser with everything else and then remove the temp dir;
    // Playwright's would exit the process first.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 }, deviceScaleFactor: 1 });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (error) => log(`page error: ${error.message.split('\n')[0]}`));
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);

  const wb = new Workbench(page);
  await scenario({ step, screenshot, wb, page, log, workspace, extension, example: opts.example, repo, smoke: opts.smoke, only: opts.only });

  const failed = results.filter((r) => r.status === 'failed').length;
  const skipped = results.filter((r) => r.status === 'skipped').length;
  const passed = results.length - failed - skipped;
  if (failed + skipped === 0 && opts.screenshots && shots.length) {
    mkdirSync(screenshotsDir, { recursive: true });
    for (const file of shots) cpSync(file, join(screenshotsDir, basename(file)));
    log(`copied ${shots.length} screenshot(s) to ${relative(harnessRepo, screenshotsDir)}/`);
  }
  writeFileSync(join(artifacts, 'results.json'), `${JSON.stringify(results.map(({ name, status, error }) => ({ name, status, error: error?.message })), null, 2)}\n`);
  log(`finished in ${seconds(Date.now() - started)}; artifacts in ${relative(harnessRepo, artifacts)}/`);
  console.log(`e2e: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  exitCode = failed + skipped === 0 && results.length > 0 ? 0 : 1;
} catch (error) {
  log(`FAILED before the scenario could finish: ${error?.stack ?? error}`);
  if (page) await screenshot('FAILED-setup').catch(() => {});
  console.log(`e2e: ${results.filter((r) => r.status === 'passed').length} passed, ${Math.max(1, results.filter((r) => r.status !== 'passed').length)} failed`);
} finally {
  await teardown();
  clearTimeout(budget);
}
process.exit(exitCode);
