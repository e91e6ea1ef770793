import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { TRACE_ENV, TRACE_ENV_INLINE_MAX, readTraceSettings, traceSettingsValue, type TraceSettings } from '../../src/core/instrument/trace-settings.ts';

const settings = (runDir: string, decisions: number): TraceSettings => ({
  root: '/project',
  include: ['src/**'],
  runDir,
  fields: true,
  depth: 2,
  locks: [],
  schedule: { strategy: 'replay', seed: 1, replay: Array.from({ length: decisions }, (_, i) => `${i}@${i % 97}`) },
});

test('small settings travel in the environment variable itself', () => {
  const s = settings('/nowhere', 10);
  const value = traceSettingsValue(s);
  assert.ok(!value.startsWith('@'));
  assert.deepEqual(readTraceSettings({ [TRACE_ENV]: value }), s);
});

test('a replay of a long run travels in a file of the run folder, and a child process starts with it (no E2BIG)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-settings-'));
  try {
    const s = settings(dir, 180_000);
    assert.ok(JSON.stringify(s).length > 128 * 1024, 'over the kernel limit on one environment string');
    const value = traceSettingsValue(s);
    assert.ok(value.startsWith('@') && value.length < TRACE_ENV_INLINE_MAX, value.slice(0, 80));
    assert.deepEqual(readTraceSettings({ [TRACE_ENV]: value }), s);
    const child = spawnSync(process.execPath, ['-e', `process.stdout.write(process.env.${TRACE_ENV})`], { env: { ...process.env, [TRACE_ENV]: value }, encoding: 'utf8' });
    assert.equal(child.error, undefined);
    assert.equal(child.stdout, value);
    // What it replaces: the JSON inline cannot start a process on Linux.
    if (process.platform === 'linux') {
      const inline = spawnSync(process.execPath, ['-e', '0'], { env: { ...process.env, [TRACE_ENV]: JSON.stringify(s) } });
      assert.equal((inline.error as NodeJS.ErrnoException | undefined)?.code, 'E2BIG');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a settings file that is gone is named, and the run goes on untraced', () => {
  const lines: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((chunk: string) => (lines.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    assert.equal(readTraceSettings({ [TRACE_ENV]: '@/nonexistent/trace-settings.json' }), undefined);
  } finally {
    process.stderr.write = write;
  }
  assert.match(lines.join(''), /cannot read \/nonexistent\/trace-settings\.json \(ENOENT\)/);
});
