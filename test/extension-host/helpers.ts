// Shared by the extension-host suites (test/extension-host): they run inside a real extension host
// (code-server's, or VS Code desktop's through @vscode/test-cli) and drive the real `vscode` API.
import * as vscode from 'vscode';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ConlensApi } from '../../src/extension/extension.js';

export const EXTENSION_ID = 'concurrency-lens.concurrency-lens';

export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the extension-host tests need a workspace folder (a copy of an example); see test/extension-host/workspaces.mjs');
  return folder.uri.fsPath;
}

/** The extension's exports once it is active. Activation comes from the workspace
 *  (workspaceContains:conlens.config.json), so this only waits for it: it never calls activate(). */
export async function activeApi(): Promise<ConlensApi> {
  const extension = vscode.extensions.getExtension<ConlensApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded in this extension host`);
  await waitFor(() => extension.isActive, 'the extension to activate on conlens.config.json', 30_000);
  return extension.exports;
}

export async function waitFor(ok: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs a command to its end. Our commands end with a message that has actions ("Show Ranking", …);
 * its promise settles only when the notification closes, so once `closeWhen` holds, the
 * notifications are cleared until the command returns (as a person dismissing them would).
 */
export async function run<T = unknown>(command: string, args: unknown[] = [], closeWhen: () => boolean = () => true, timeoutMs = 240_000): Promise<T> {
  let done = false;
  const result = Promise.resolve(vscode.commands.executeCommand<T>(command, ...args)).finally(() => (done = true));
  const until = Date.now() + timeoutMs;
  while (!done) {
    if (Date.now() > until) throw new Error(`${command} did not finish within ${timeoutMs / 1000} s`);
    if (closeWhen()) await vscode.commands.executeCommand('notifications.clearAll');
    await Promise.race([result.catch(() => undefined), new Promise((r) => setTimeout(r, 250))]);
  }
  return result;
}

export interface Spawned {
  kind: 'spawn' | 'execFile';
  command: string;
  args: string[];
  pid: number | undefined;
  /** Exit code once the process ended (null: killed by a signal); undefined while it runs. */
  exit?: number | null;
}

/**
 * Records every child process the extension host starts through node:child_process (the engine
 * is `spawn(node, [dist/cli.js, …])`, the CLI probe `execFile`). The extension's bundle reads
 * `spawn`/`execFile` off the shared module object at each call, so wrapping them here sees its
 * calls; nothing is faked, the calls go through.
 */
export function spyOnChildProcesses(): { calls: Spawned[]; engine: () => Spawned[]; engineEnded: () => boolean; restore: () => void } {
  // The module object itself (an `import *` namespace would be a read-only copy).
  const cp = require('node:child_process') as Record<'spawn' | 'execFile', (...a: unknown[]) => { pid?: number; on(event: 'exit', listener: (code: number | null) => void): void }>;
  const original = { spawn: cp.spawn, execFile: cp.execFile };
  const calls: Spawned[] = [];
  for (const kind of ['spawn', 'execFile'] as const) {
    const real = original[kind];
    cp[kind] = function (this: unknown, ...a: unknown[]) {
      const child = real.apply(this, a);
      const call: Spawned = { kind, command: String(a[0]), args: Array.isArray(a[1]) ? a[1].map(String) : [], pid: child.pid };
      calls.push(call);
      child.on('exit', (code) => (call.exit = code));
      return child;
    };
  }
  const engine = () => calls.filter((c) => c.args.some((arg) => /[\\/]dist[\\/]cli\.js$/.test(arg)));
  return {
    calls,
    engine,
    engineEnded: () => engine().some((c) => c.kind === 'spawn' && c.exit !== undefined),
    restore: () => Object.assign(cp, original),
  };
}

/** `root` and its descendants that are still running (Linux /proc): an engine run, the test
 *  commands it started and their node processes. */
export function processTree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] state, [1] ppid; a zombie is already gone for our purposes.
      if (fields[0] !== 'Z') parent.set(Number(name), Number(fields[1]));
    } catch {
      // Ended while we looked.
    }
  }
  const tree = parent.has(root) ? [root] : [];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parent) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The example's expected.json (the fault its README names). */
export function expected(): { fault: string } {
  return JSON.parse(readFileSync(join(workspaceRoot(), 'expected.json'), 'utf8')) as { fault: string };
}

export async function openEditor(file: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(join(workspaceRoot(), file)));
  return vscode.window.showTextDocument(document, { preview: false });
}

/** The source file (relative, '/') that declares `name` — `Class.member` or a function — found by
 *  reading the workspace's files, not the report under test. */
export function declaringFile(name: string): string {
  const root = workspaceRoot();
  const cls = name.includes('.') ? name.split('.')[0] : undefined;
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'node_modules' || e.name.startsWith('.') ? [] : walk(`${dir}/${e.name}`)) : /\.[cm]?[jt]sx?$/.test(e.name) && !/\.test\./.test(e.name) ? [`${dir}/${e.name}`] : []));
  for (const file of walk('src')) {
    const text = readFileSync(join(root, file), 'utf8');
    if (cls && !new RegExp(`class\\s+${cls}\\b`).test(text)) continue;
    try {
      declarationLine(text, name);
      return file;
    } catch {
      // Not declared here.
    }
  }
  throw new Error(`no file under src/ declares ${name}`);
}

/** The 1-based line declaring `name` (a method `func1(` or a function) in `text`. */
export function declarationLine(text: string, name: string): number {
  const member = name.split('.').pop()!;
  const lines = text.split('\n');
  const index = lines.findIndex((l) => new RegExp(`^\\s*(?:export\\s+)?(?:public\\s+|private\\s+|protected\\s+|static\\s+)*(?:async\\s+)?(?:function\\s*\\*?\\s*)?${member}\\s*\\(`).test(l));
  if (index < 0) throw new Error(`no declaration of ${name} found`);
  return index + 1;
}

/** Set by the code-server driver (test/extension-host/run.mjs), which can click for the test. */
export const DRIVER = process.env.CONLENS_EXTHOST_DRIVER;

/**
 * Asks the driver to do what only a person can in the workbench (the trust editor's "Trust"
 * button): a line on the console, which code-server forwards to the page, where run.mjs acts.
 */
export function askDriver(request: string): void {
  console.log(`[conlens-exthost] ${request}`);
}

export function exists(file: string): boolean {
  return existsSync(join(workspaceRoot(), file));
}
