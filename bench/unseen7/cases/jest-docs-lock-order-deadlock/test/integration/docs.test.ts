import { DocService, DocsApi } from '../../src/docs-api';
import { BlobBackend, Workspace } from '../../src/workspace';
import { randomInt, sleep, within } from './deadline';

function setup() {
  const backend = new BlobBackend();
  const docs = new DocService(new Workspace(backend));
  return { backend, docs, api: new DocsApi(docs) };
}

describe('documents edited concurrently', () => {
  it('saves of different documents in one folder all reach the index', async () => {
    const { api } = setup();
    const names = ['a.md', 'b.md', 'c.md', 'd.md'];
    await within(Promise.all(names.map((n) => api.handle({ method: 'PUT', path: `/team/${n}`, body: n }))), 1500, 'four saves');
    const listing = (await api.handle({ method: 'GET', path: '/team' })).body as Array<{ name: string; version: number }>;
    expect(listing.map((e) => e.name).sort()).toEqual(names);
    expect(listing.every((e) => e.version === 1)).toBe(true);
  });

  it('two saves of one document are applied one after the other', async () => {
    const { api } = setup();
    const [first, second] = await within(
      Promise.all([api.handle({ method: 'PUT', path: '/team/plan.md', body: 'v1' }), api.handle({ method: 'PUT', path: '/team/plan.md', body: 'v22' })]),
      1500,
      'two saves',
    );
    expect([(first.body as { version: number }).version, (second.body as { version: number }).version].sort()).toEqual([1, 2]);
    const listing = (await api.handle({ method: 'GET', path: '/team' })).body as Array<{ name: string; version: number }>;
    expect(listing).toHaveLength(1);
    expect(listing[0].version).toBe(2);
  });

  it('a document saved while it is being renamed', async () => {
    const { api, backend } = setup();
    await api.handle({ method: 'PUT', path: '/team/draft.md', body: 'first draft' });
    const save = api.handle({ method: 'PUT', path: '/team/draft.md', body: 'second draft' });
    await sleep(randomInt(6));
    const move = api.handle({ method: 'MOVE', path: '/team/draft.md', destination: 'final.md' });
    const [saved, moved] = await within(Promise.all([save, move]), 1500, 'save + rename of draft.md');
    expect(saved.status).toBe(200);
    expect(moved.status).toBe(204);
    const listing = (await api.handle({ method: 'GET', path: '/team' })).body as Array<{ name: string }>;
    expect(listing.map((e) => e.name).sort()).toEqual(backend.blobNames('team'));
  });

  it('a bulk import uploads at most two documents at a time', async () => {
    const { api, docs, backend } = setup();
    const batch = Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((n) => [`page-${n}.md`, `# page ${n}`]));
    const res = await within(api.handle({ method: 'POST', path: '/wiki/_import', body: JSON.stringify(batch) }), 1500, 'import');
    expect(res).toEqual({ status: 201, body: { imported: 6 } });
    expect(docs.peakImports).toBeLessThanOrEqual(2);
    expect(backend.peakUploads).toBeLessThanOrEqual(2);
    expect(backend.blobNames('wiki')).toHaveLength(6);
  });
});
