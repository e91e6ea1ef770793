// Builds the test world on disk: a copy of an example workspace, our extension unpacked into a
// fresh extensions dir, a test profile with the popups off, and code-server started on a free port.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** Runs scripts/e2e/prepare-code-server.sh (a no-op when cached) and returns the code-server dir. */
export function prepareCodeServer(repo) {
  const script = join(repo, 'scripts', 'e2e', 'prepare-code-server.sh');
  const out = execFileSync('bash', [script], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = out.trim().split('\n').pop();
  if (!dir || !existsSync(join(dir, 'out', 'node', 'entry.js'))) throw new Error(`${script} did not print a prepared code-server directory (got '${out.trim()}')`);
  return dir;
}

/** `npm run build` in the repo, so the extension under test is the current source. */
export function buildExtension(repo) {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'] });
  if (!existsSync(join(repo, 'dist', 'extension.js'))) throw new Error(`npm run build did not produce ${join(repo, 'dist', 'extension.js')}`);
}

/**
 * Unpacks the extension into `extensionsDir` the way an installed VSIX looks: a folder named
 * <publisher>.<name>-<version> with the files the package ships. code-server (VS Code 1.96) scans
 * the extensions dir on startup when there is no extensions.json yet and records what it finds,
 * so a plain copy is picked up as a user extension.
 */
export function installExtension(repo, extensionsDir) {
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  const id = `${manifest.publisher}.${manifest.name}`;
  const target = join(extensionsDir, `${id}-${manifest.version}`);
  mkdirSync(target, { recursive: true });
  cpSync(join(repo, 'package.json'), join(target, 'package.json'));
  for (const entry of ['dist', 'media', 'schemas', 'syntaxes', 'README.md', 'CHANGELOG.md', 'LICENSE', 'LICENSE.md', 'LICENSE.txt', 'package.nls.json']) {
    const from = join(repo, entry);
    if (existsSync(from)) cpSync(from, join(target, entry), { recursive: true });
  }
  return { id, version: manifest.version, dir: target, manifest };
}

/** Copies an example into the temp dir (without earlier results), so the run starts clean. */
export function copyWorkspace(repo, example, into) {
  const from = resolve(repo, 'examples', example);
  if (!existsSync(join(from, 'conlens.config.json'))) throw new Error(`examples/${example}: no conlens.config.json (pass --example <folder under examples/>)`);
  cpSync(from, into, { recursive: true, filter: (src) => !/[\\/](\.conlens|node_modules)([\\/]|$)/.test(src.slice(from.length)) });
  return into;
}

/** Test-profile user settings: trust off, no startup editor, no tips, walkthroughs or telemetry. */
export function writeUserSettings(userDataDir, extra = {}) {
  const settings = {
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'git.enabled': false,
    'git.openRepositoryInParentFolders': 'never',
    'typescript.surveys.enabled': false,
    'typescript.tsserver.web.typeAcquisition.enabled': false,
    'chat.commandCenter.enabled': false,
    'editor.hover.delay': 200,
    'editor.minimap.enabled': false,
    'window.restoreWindows': 'none',
    'files.hotExit': 'off',
    ...extra,
  };
  const dir = join(userDataDir, 'User');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts code-server detached (its own process group, so teardown can end it and what it started)
 * and resolves once /healthz answers. Rejects with the log's tail if it exits or does not come up.
 */
export async function startCodeServer({ onSpawn, codeServerDir, port, userDataDir, extensionsDir, workspace, configFile, logFile, timeoutMs = 90_000, workspaceTrust = false, env: extraEnv = {} }) {
  const env = { ...process.env, ...extraEnv };
  // A run from inside VS Code's terminal must not talk to that VS Code.
  for (const key of Object.keys(env)) if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE') delete env[key];
  writeFileSync(configFile, 'auth: none\n');
  const log = openSync(logFile, 'a');
  const args = [
    join(codeServerDir, 'out', 'node', 'entry.js'),
    '--config', configFile,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    // Trust off unless asked for: the extension-host Restricted Mode suite needs it on.
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    workspace,
  ];
  const child = spawn(process.execPath, args, { cwd: workspace, env, detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  onSpawn?.(child);
  let exited = null;
  child.on('exit', (code, sig) => { exited = { code, sig }; });
  const tail = () => readFileSync(logFile, 'utf8').split('\n').slice(-25).join('\n');
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`code-server exited (code ${exited.code}, signal ${exited.sig}) before it was ready; log tail:\n${tail()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`code-server did not answer /healthz on port ${port} within ${timeoutMs / 1000} s; log tail:\n${tail()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return child;
}
