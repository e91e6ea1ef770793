// The engine client (src/extension/engine.ts) with a stand-in CLI: output is streamed line by line
// and parsed for progress, and cancel ends the CLI *and* the processes it started (process group).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEngine, stopAllEngines } from '../../src/extension/engine.ts';
import { ProgressParser, type ProgressUpdate } from '../../src/extension/model/progress.ts';

const dir = mkdtempSync(join(tmpdir(), 'conlens-engine-'));

function fakeCli(body: string): string {
  const file = join(dir, `cli-${Math.random().toString(36).slice(2)}.cjs`);
  writeFileSync(file, body);
  return file;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

class Token {
  isCancellationRequested = false;
  private listeners: (() => void)[] = [];
  onCancellationRequested(listener: () => void) {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  }
  cancel() {
    this.isCancellationRequested = true;
    for (const l of this.listeners) l();
  }
}

test('streams lines to the log, reports progress, returns the exit code and output', async () => {
  const cli = fakeCli(`
    process.stderr.write('conlens: call graph…\\nconlens: unit runs (node --test)…\\n');
    process.stdout.write('#1 f\\npartial');
    process.stdout.write(' line\\n' + JSON.stringify(process.argv.slice(2)) + '\\n');
    process.exitCode = 1;
  `);
  const lines: string[] = [];
  const updates: ProgressUpdate[] = [];
  const run = await runEngine({ cli, args: ['rank', '.', '--runs', '3'], cwd: dir, log: (l) => lines.push(l), parser: new ProgressParser(), onProgress: (u) => updates.push(u) });
  assert.equal(run.exitCode, 1);
  assert.equal(run.cancelled, false);
  assert.ok(lines.includes('$ conlens rank . --runs 3'));
  assert.ok(lines.includes('partial line'), 'a line split over two writes arrives whole');
  assert.ok(lines.includes('["rank",".","--runs","3"]'));
  assert.deepEqual(updates.map((u) => u.stage), ['call graph', 'unit runs']);
  assert.match(run.stdout, /^#1 f\n/);
});

test('cancel kills the CLI and the test processes it started', async () => {
  const cli = fakeCli(`
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    process.stdout.write('child ' + child.pid + '\\n');
    setInterval(() => {}, 1000);
  `);
  const token = new Token();
  let childPid = 0;
  const run = await runEngine({
    cli,
    args: [],
    cwd: dir,
    token,
    log: (l) => {
      const m = /^child (\d+)$/.exec(l);
      if (m) {
        childPid = Number(m[1]);
        token.cancel();
      }
    },
  });
  assert.equal(run.cancelled, true);
  assert.ok(childPid > 0);
  // The grandchild got the group's SIGTERM too; wait for it to be reaped by init.
  for (let i = 0; i < 200 && alive(childPid); i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(alive(childPid), false, `test process ${childPid} survived the cancel`);
});

test('a CLI that cannot start is an error naming the runtime and the setting', async () => {
  await assert.rejects(runEngine({ cli: 'x.js', args: [], cwd: dir, log: () => {}, nodePath: join(dir, 'no-such-node') }), /cannot start the engine .*conlens\.nodePath/);
});

test('poll lines feed the progress while the CLI runs', async () => {
  const marker = join(dir, `polled-${Math.random().toString(36).slice(2)}`);
  // The CLI ends only after the poll ran once (it writes the marker): no timing involved.
  const cli = fakeCli(`
    const { existsSync } = require('node:fs');
    process.stderr.write('conlens: integration runs (4 × random)…\\n');
    const t = setInterval(() => { if (existsSync(${JSON.stringify(marker)})) clearInterval(t); }, 50);
  `);
  const updates: ProgressUpdate[] = [];
  const lines: string[] = [];
  await runEngine({
    cli,
    args: [],
    cwd: dir,
    log: (l) => lines.push(l),
    parser: new ProgressParser(),
    onProgress: (u) => updates.push(u),
    poll: () => {
      // Only once the stage line (with the total) has been read.
      if (!lines.some((l) => l.startsWith('conlens: integration runs'))) return [];
      writeFileSync(marker, '');
      return ['{"stage":"integration runs","done":2}'];
    },
  });
  assert.ok(updates.some((u) => u.stage === 'integration runs' && u.percent === 55), JSON.stringify(updates));
  assert.ok(!lines.some((l) => l.includes('"done"')), 'poll lines are progress, not log');
});

test('stopAllEngines ends the runs still going (extension deactivation)', async () => {
  const cli = fakeCli(`process.stdout.write('up\\n'); setInterval(() => {}, 1000);`);
  let started!: () => void;
  const up = new Promise<void>((r) => (started = r));
  const done = runEngine({ cli, args: [], cwd: dir, log: (l) => l === 'up' && started() });
  await up;
  stopAllEngines();
  const run = await done;
  assert.equal(run.signal ?? 'SIGTERM', 'SIGTERM');
  assert.notEqual(run.exitCode, 0);
});
