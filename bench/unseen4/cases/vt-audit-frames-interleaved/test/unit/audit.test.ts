import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditLog, validate } from '../../src/audit-log';
import { encodeHeader, FrameType, readFrames } from '../../src/frames';

const tempFile = async () => join(await mkdtemp(join(tmpdir(), 'audit-unit-')), 'audit.bin');

describe('frames', () => {
  it('encodes the length and the type', () => {
    expect([...encodeHeader(FrameType.Checkpoint, 258)]).toEqual([0, 0, 1, 2, 2]);
  });

  it('rejects a damaged file', async () => {
    const path = await tempFile();
    await writeFile(path, Buffer.from([0, 0, 0, 1, 9, 65]));
    await expect(readFrames(path)).rejects.toThrow('bad frame type 9 at 0');
    await writeFile(path, Buffer.from([0, 0, 0, 4, 1, 65]));
    await expect(readFrames(path)).rejects.toThrow('truncated frame at 0');
  });
});

describe('audit log', () => {
  it('records events and reads them back', async () => {
    const log = await AuditLog.open(await tempFile());
    await log.record({ actor: 'ada', action: 'login' });
    await log.record({ actor: 'ada', action: 'delete', target: 'user:7' });
    expect(await log.events()).toEqual([
      { actor: 'ada', action: 'login' },
      { actor: 'ada', action: 'delete', target: 'user:7' },
    ]);
    await log.close();
  });

  it('checkpoints are kept but are not events', async () => {
    const path = await tempFile();
    const log = await AuditLog.open(path);
    await log.record({ actor: 'bob', action: 'login' });
    await log.checkpoint('session end');
    expect(await log.events()).toHaveLength(1);
    expect((await readFrames(path)).map((f) => f.type)).toEqual([FrameType.Event, FrameType.Checkpoint]);
    await log.close();
  });

  it('reopening appends to the same trail', async () => {
    const path = await tempFile();
    const first = await AuditLog.open(path);
    await first.recordAll([{ actor: 'cy', action: 'export' }]);
    await first.close();
    const second = await AuditLog.open(path);
    await second.record({ actor: 'cy', action: 'logout' });
    expect((await second.events()).map((e) => e.action)).toEqual(['export', 'logout']);
    await second.close();
  });

  it('refuses incomplete events', () => {
    expect(() => validate({ actor: '', action: 'x' })).toThrow('needs an actor');
    expect(() => validate({ actor: 'a', action: 'x'.repeat(65) })).toThrow('too long');
  });
});
