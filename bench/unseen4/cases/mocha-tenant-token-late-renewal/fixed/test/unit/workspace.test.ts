import assert from 'node:assert/strict';
import { AuthServer, ProjectsServer } from '../../src/backend';
import { Session } from '../../src/session';
import { Workspace } from '../../src/workspace';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function setup(user = 'ana', ttlMs = 1000, renewBeforeMs = 100) {
  const auth = new AuthServer(ttlMs);
  const session = new Session(auth, user, { renewBeforeMs });
  return { auth, session, workspace: new Workspace(session, new ProjectsServer(auth)) };
}

describe('workspace', () => {
  it('opening a tenant lists its projects', async () => {
    const { workspace, session } = setup();
    assert.deepEqual(await workspace.open('acme'), ['rockets', 'anvils']);
    assert.equal(session.tenant, 'acme');
    assert.equal(session.fetches, 1);
    session.end();
  });

  it('a tenant the user is not a member of is refused, and so is a bad name', async () => {
    const { workspace, session } = setup('bob');
    await assert.rejects(workspace.open('globex'), /bob is not a member of globex/);
    await assert.rejects(workspace.open('Acme!'), /bad tenant name/);
    session.end();
  });

  it('switching tenants one after another', async () => {
    const { workspace, session } = setup();
    for (const [tenant, projects] of [['acme', ['rockets', 'anvils']], ['globex', ['hammock']], ['initech', ['tps-reports']]] as const) {
      assert.deepEqual(await workspace.open(tenant), projects);
      assert.equal(session.tokenTenant, tenant);
    }
    session.end();
  });

  it('the token is renewed in the background before it expires', async () => {
    const { workspace, session, auth } = setup('ana', 40, 20);
    await workspace.open('initech');
    await sleep(60);
    assert.ok(auth.issued >= 2);
    assert.deepEqual(await workspace.listProjects(), ['tps-reports']);
    assert.equal(workspace.retries, 0);
    session.end();
  });

  it('a refused token is forgotten only if it is still the current one', async () => {
    const { workspace, session } = setup();
    await workspace.open('acme');
    session.refused('tok-999');
    const before = session.fetches;
    await workspace.listProjects();
    assert.equal(session.fetches, before);
    session.refused('tok-1');
    await workspace.listProjects();
    assert.equal(session.fetches, before + 1);
    session.end();
  });
});
