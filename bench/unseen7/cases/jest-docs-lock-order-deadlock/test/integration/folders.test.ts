import { DocService, DocsApi } from '../../src/docs-api';
import { BlobBackend, Workspace } from '../../src/workspace';
import { randomInt, sleep, within } from './deadline';

function setup() {
  const backend = new BlobBackend();
  const docs = new DocService(new Workspace(backend));
  return { backend, docs, api: new DocsApi(docs) };
}

async function seed(api: DocsApi, folder: string, names: string[]) {
  for (const name of names) await api.handle({ method: 'PUT', path: `/${folder}/${name}`, body: `${name} body` });
}

describe('folders under concurrent use', () => {
  it('listings taken during saves show whole entries', async () => {
    const { api } = setup();
    await seed(api, 'logs', ['mon.txt']);
    const saves = ['tue.txt', 'wed.txt', 'thu.txt'].map((n) => api.handle({ method: 'PUT', path: `/logs/${n}`, body: n }));
    const listings = [1, 2, 3].map(() => api.handle({ method: 'GET', path: '/logs' }));
    const results = await within(Promise.all([...saves, ...listings]), 1500, 'saves + listings');
    for (const listing of results.slice(3)) {
      for (const entry of listing.body as Array<{ size: number; version: number }>) expect(entry.version).toBeGreaterThan(0);
    }
    expect(((await api.handle({ method: 'GET', path: '/logs' })).body as unknown[]).length).toBe(4);
  });

  it('a folder purged while one of its documents is saved', async () => {
    const { api, backend } = setup();
    await seed(api, 'scratch', ['x.txt', 'y.txt', 'z.txt']);
    const save = api.handle({ method: 'PUT', path: '/scratch/x.txt', body: 'edited' });
    await sleep(randomInt(6));
    const purge = api.handle({ method: 'DELETE', path: '/scratch' });
    const [saved, purged] = await within(Promise.all([save, purge]), 1500, 'save + purge of scratch');
    expect(saved.status).toBe(200);
    expect(purged.status).toBe(200);
    const listing = (await api.handle({ method: 'GET', path: '/scratch' })).body as Array<{ name: string }>;
    expect(listing.map((e) => e.name).sort()).toEqual(backend.blobNames('scratch'));
  });

  it('two folders purged at once', async () => {
    const { api, backend } = setup();
    await seed(api, 'old', ['1.txt', '2.txt']);
    await seed(api, 'older', ['3.txt']);
    const [a, b] = await within(Promise.all([api.handle({ method: 'DELETE', path: '/old' }), api.handle({ method: 'DELETE', path: '/older' })]), 1500, 'purges');
    expect([a.body, b.body]).toEqual([{ deleted: 2 }, { deleted: 1 }]);
    expect([...backend.blobNames('old'), ...backend.blobNames('older')]).toEqual([]);
  });
});
