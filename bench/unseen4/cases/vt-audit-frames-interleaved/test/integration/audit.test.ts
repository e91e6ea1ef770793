import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/audit-log';

const tempFile = async () => join(await mkdtemp(join(tmpdir(), 'audit-int-')), 'audit.bin');
const byAction = (a: { action: string }, b: { action: string }) => a.action.localeCompare(b.action);

describe('audit trail with several admins at once', () => {
  it('two admins acting at once are both recorded', async () => {
    const log = await AuditLog.open(await tempFile());
    await Promise.all([log.record({ actor: 'ada', action: 'ban', target: 'user:1' }), log.record({ actor: 'bob', action: 'unban' })]);
    expect((await log.events()).sort(byAction)).toEqual([
      { actor: 'ada', action: 'ban', target: 'user:1' },
      { actor: 'bob', action: 'unban' },
    ]);
    await log.close();
  });

  it('a bulk import records every row', async () => {
    const log = await AuditLog.open(await tempFile());
    const rows = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ actor: 'importer', action: `create-${id}` }));
    await log.recordAll(rows);
    expect((await log.events()).sort(byAction)).toEqual(rows);
    await log.close();
  });

  it('separate trails do not mix', async () => {
    const [one, two] = await Promise.all([AuditLog.open(await tempFile()), AuditLog.open(await tempFile())]);
    await Promise.all([one.record({ actor: 'ada', action: 'x' }), two.record({ actor: 'bob', action: 'y' })]);
    expect(await one.events()).toEqual([{ actor: 'ada', action: 'x' }]);
    expect(await two.events()).toEqual([{ actor: 'bob', action: 'y' }]);
    await Promise.all([one.close(), two.close()]);
  });

  it('invalid events are refused without touching the trail', async () => {
    const log = await AuditLog.open(await tempFile());
    const results = await Promise.allSettled([log.record({ actor: '', action: 'x' }), log.record({ actor: 'ada', action: 'ok' })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(await log.events()).toEqual([{ actor: 'ada', action: 'ok' }]);
    await log.close();
  });
});
