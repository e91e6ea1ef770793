import assert from 'node:assert/strict';
import { AuthServer, ProjectsServer } from '../../src/backend';
import { Session } from '../../src/session';
import { Workspace } from '../../src/workspace';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

function setup(user: string, ttlMs: number, renewBeforeMs: number, maxLatencyMs = 6) {
  const auth = new AuthServer(ttlMs, maxLatencyMs);
  const session = new Session(auth, user, { renewBeforeMs });
  return { auth, session, workspace: new Workspace(session, new ProjectsServer(auth)) };
}

describe('workspace while tokens renew in the background', () => {
  it('switching tenant while the token is being renewed shows the new tenant', async () => {
    const { workspace, session } = setup('ana', 30, 10, 12);
    try {
      for (const [from, to] of [['acme', 'globex'], ['globex', 'initech'], ['initech', 'acme']]) {
        await workspace.open(from);
        await sleep(between(19, 22));
        const shown = await workspace.open(to);
        await sleep(12);
        assert.equal(session.tokenTenant, to);
        assert.deepEqual(await workspace.listProjects(), shown);
      }
    } finally {
      session.end();
    }
  });

  it('callers arriving after the token was dropped share one fetch', async () => {
    const { workspace, session } = setup('bob', 1000, 100);
    await workspace.open('initech');
    session.refused('tok-1');
    const before = session.fetches;
    const lists = await Promise.all([1, 2, 3, 4, 5].map(() => workspace.listProjects()));
    assert.ok(lists.every((l) => l[0] === 'tps-reports'));
    assert.equal(session.fetches, before + 1);
    session.end();
  });

  it('two users switching tenants side by side', async () => {
    const a = setup('ana', 1000, 100);
    const b = setup('bob', 1000, 100);
    const [x, y] = await Promise.all([
      a.workspace.open('acme').then(() => a.workspace.open('globex')),
      b.workspace.open('initech').then(() => b.workspace.open('acme')),
    ]);
    assert.deepEqual([x, y], [['hammock'], ['rockets', 'anvils']]);
    a.session.end();
    b.session.end();
  });
});
