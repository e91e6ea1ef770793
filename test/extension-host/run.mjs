#!/usr/bin/env node
// `npm run test:extension`: the mocha suites of test/extension-host inside code-server's real
// extension host (VS Code 1.96's remote extension host, Node 20) — VS Code's own extension-test
// mechanism, as @vscode/test-electron uses on desktop: the workbench is opened with
// extensionDevelopmentPath = this repo and extensionTestsPath = our mocha entry (through the
// `payload` URL parameter code-server's workbench reads), the extension host loads the extension
// from the repo, runs the tests and exits; the workbench reports the exit code through
// window.codeAutomationExit, which headless Chromium (playwright-core) hands back to us.
//
// Three sessions, one workspace each: `suite` in a trusted copy of examples/running-example
// (--disable-workspace-trust), `vitest` (the suite folder of the same name) in a trusted Vitest
// project (workspaces.mjs, vitestWorkspace), `restricted` with workspace trust on, where the
// workspace opens in Restricted Mode (no dialog: VS Code refuses dialogs during extension tests). The one thing the extension API cannot do —
// granting trust — the test asks for on the console, and this driver clicks "Trust" in the
// workbench's Workspace Trust editor, as a person would.
//
//   node test/extension-host/run.mjs [--only suite|vitest|restricted] [--example NAME] [--budget SECONDS] [--keep]
// --example: the example the trusted suite ranks (default running-example; it must rank its
// expected.json fault #1 in 5 runs and show a violation).
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { killTree, killTreeSync } from '../e2e/processes.mjs';
import { buildExtension, freePort, prepareCodeServer, startCodeServer, writeUserSettings } from '../e2e/setup.mjs';
import { EXAMPLE, restrictedWorkspace, trustedWorkspace, vitestWorkspace } from './workspaces.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values: opts } = parseArgs({
  options: {
    only: { type: 'string' },
    example: { type: 'string', default: EXAMPLE },
    budget: { type: 'string', default: process.env.CONLENS_EXTHOST_BUDGET ?? '1500' },
    keep: { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CONLENS_E2E_CHROMIUM ?? '/usr/bin/chromium' },
  },
});
const SESSIONS = ['suite', 'vitest', 'restricted'];
const sessions = opts.only ? [opts.only] : SESSIONS;
for (const s of sessions) if (!SESSIONS.includes(s)) throw new Error(`--only takes ${SESSIONS.join(', ')}, got '${s}'`);
if (!existsSync(opts.chromium)) {
  console.error(`test:extension: no Chromium at ${opts.chromium}: apt-get install chromium (or pass --chromium PATH)`);
  process.exit(1);
}

const artifacts = join(repo, 'test', 'extension-host', 'artifacts');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'conlens-exthost-')));
const started = Date.now();
const log = (line) => console.log(`test:extension [${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);

let codeServer;
let browser;
process.on('exit', () => killTreeSync(codeServer?.pid, tmp));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { killTreeSync(codeServer?.pid, tmp); process.exit(130); });
const budget = setTimeout(() => {
  log(`FAILED: over the time budget of ${opts.budget} s`);
  killTreeSync(codeServer?.pid, tmp);
  process.exit(1);
}, Number(opts.budget) * 1000);
budget.unref();

/** Clicks "Trust" in the Workspace Trust editor (F1 → Workspaces: Manage Workspace Trust). */
async function grantTrust(page) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill('>Workspaces: Manage Workspace Trust');
  await page.locator('.quick-input-list .monaco-list-row[aria-label^="Workspaces: Manage Workspace Trust"]').first().click();
  const trust = page.locator('.workspace-trust-editor .workspace-trust-buttons-row .monaco-button', { hasText: /^Trust$/ });
  await trust.first().waitFor({ state: 'visible', timeout: 15_000 });
  await trust.first().click();
}

/** One code-server + one page running one suite folder; resolves to the host's exit code. */
async function session(name, codeServerDir) {
  const dir = join(tmp, name);
  const workspace = name === 'restricted' ? restrictedWorkspace(repo, dir) : name === 'vitest' ? vitestWorkspace(repo, dir) : trustedWorkspace(repo, dir, opts.example);
  const userDataDir = join(dir, 'user-data');
  writeUserSettings(userDataDir, name === 'restricted' ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' } : {});
  const resultsFile = join(dir, 'results.json');
  const port = await freePort();
  await startCodeServer({
    onSpawn: (child) => { codeServer = child; },
    codeServerDir, port, userDataDir, workspace,
    extensionsDir: join(dir, 'extensions'),
    configFile: join(dir, 'code-server.yaml'),
    logFile: join(artifacts, `${name}-code-server.log`),
    workspaceTrust: name === 'restricted',
    // The extension host inherits code-server's environment.
    env: { CONLENS_EXTHOST_SUITE: name, CONLENS_EXTHOST_RESULTS: resultsFile, CONLENS_EXTHOST_DRIVER: 'code-server' },
  });
  log(`${name}: code-server on 127.0.0.1:${port}, workspace ${workspace}`);
  browser = await chromium.launch({
    executablePath: opts.chromium,
    headless: true,
    handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 860 } })).newPage();
  let exit;
  const exited = new Promise((r) => (exit = r));
  // What VS Code's extension-test mode calls in the page (vscode-test-web listens the same way).
  await page.exposeFunction('codeAutomationExit', (code) => exit(code));
  await page.exposeFunction('codeAutomationLog', () => {});
  const requests = [];
  page.on('console', (message) => {
    const text = message.text();
    // The extension host's console (mocha's reporter, our requests) arrives prefixed with the log
    // level's CSS (%c …); the workbench's own chatter does not, and is left out.
    if (!text.startsWith('%c')) return;
    const line = text.replace(/^%c\s*\S+\s+color:\s*\S+\s?/, '');
    if (/\[conlens-exthost\] grant-trust/.test(line)) requests.push(grantTrust(page).catch((error) => log(`${name}: could not click Trust: ${error.message}`)));
    // Offline, the marketplace lookups fail; that is not ours to report.
    if (!/\[network\]|open-vsx|ENOTFOUND|Failed to fetch/.test(line)) console.log(line);
  });
  const authority = `127.0.0.1:${port}`;
  const remote = (path) => `vscode-remote://${authority}${path}`;
  const payload = [
    ['extensionDevelopmentPath', remote(repo)],
    ['extensionTestsPath', remote(join(repo, 'dist-test', 'extension-host', 'index.js'))],
  ];
  await page.goto(`http://${authority}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
  const code = await exited;
  await Promise.all(requests);
  const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined;
  await page.screenshot({ path: join(artifacts, `${name}-end.png`) }).catch(() => {});
  await browser.close().catch(() => {});
  browser = undefined;
  try {
    cpSync(join(userDataDir, 'logs'), join(artifacts, `${name}-vscode-logs`), { recursive: true });
  } catch {
    // Logs are a courtesy.
  }
  const stubborn = await killTree(codeServer.pid, dir);
  if (stubborn.length) log(`${name}: killed ${stubborn.length} process(es) that ignored SIGTERM`);
  codeServer = undefined;
  return { name, code, results };
}

let failed = 0;
try {
  const codeServerDir = prepareCodeServer(repo);
  buildExtension(repo);
  execFileSync(process.execPath, [join(repo, 'scripts', 'build-extension-tests.mjs')], { cwd: repo, stdio: 'inherit' });
  for (const name of sessions) {
    const { code, results } = await session(name, codeServerDir);
    const counts = results ? ['passed', 'failed', 'pending'].map((s) => `${results.tests.filter((t) => t.state === s).length} ${s}`).join(', ') : 'no results file';
    log(`${name}: extension host exited with ${code} (${counts})`);
    if (code !== 0 || !results || results.failures || results.tests.length === 0) failed++;
  }
} catch (error) {
  log(`FAILED: ${error?.stack ?? error}`);
  failed++;
} finally {
  await browser?.close().catch(() => {});
  if (codeServer) await killTree(codeServer.pid, tmp);
  if (opts.keep) log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  clearTimeout(budget);
}
console.log(`test:extension: ${failed ? 'FAILED' : 'passed'} (${sessions.join(', ')})`);
process.exit(failed ? 1 : 0);
