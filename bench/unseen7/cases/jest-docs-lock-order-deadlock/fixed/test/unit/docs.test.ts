import { DocService, DocsApi } from '../../src/docs-api';
import { BlobBackend, Workspace } from '../../src/workspace';

function setup() {
  const backend = new BlobBackend();
  const docs = new DocService(new Workspace(backend));
  return { backend, docs, api: new DocsApi(docs) };
}

describe('documents API', () => {
  it('stores a document, reads it back, and bumps its version on each save', async () => {
    const { api } = setup();
    expect(await api.handle({ method: 'PUT', path: '/notes/todo.md', body: '- milk' })).toEqual({ status: 200, body: { name: 'todo.md', size: 6, version: 1 } });
    expect((await api.handle({ method: 'PUT', path: '/notes/todo.md', body: '- milk\n- eggs' })).body).toEqual({ name: 'todo.md', size: 13, version: 2 });
    expect(await api.handle({ method: 'GET', path: '/notes/todo.md' })).toEqual({ status: 200, body: '- milk\n- eggs' });
    expect(await api.handle({ method: 'GET', path: '/notes/missing.md' })).toEqual({ status: 404 });
  });

  it('refuses bad names and oversized documents', async () => {
    const { api } = setup();
    expect((await api.handle({ method: 'PUT', path: '/notes/Bad Name', body: 'x' })).status).toBe(400);
    expect((await api.handle({ method: 'PUT', path: '/notes/big.txt', body: 'x'.repeat(70 * 1024) })).status).toBe(413);
    expect((await api.handle({ method: 'PATCH' as never, path: '/notes/a' })).status).toBe(405);
    expect((await api.handle({ method: 'GET', path: '/a/b/c' })).status).toBe(404);
  });

  it('renames a document and refuses to overwrite another', async () => {
    const { api, backend } = setup();
    await api.handle({ method: 'PUT', path: '/notes/a.md', body: 'alpha' });
    await api.handle({ method: 'PUT', path: '/notes/b.md', body: 'beta' });
    expect((await api.handle({ method: 'MOVE', path: '/notes/a.md', destination: 'c.md' })).status).toBe(204);
    expect((await api.handle({ method: 'MOVE', path: '/notes/c.md', destination: 'b.md' })).status).toBe(409);
    expect(backend.blobNames('notes')).toEqual(['b.md', 'c.md']);
    expect(await api.handle({ method: 'GET', path: '/notes/c.md' })).toEqual({ status: 200, body: 'alpha' });
  });

  it('purges a folder', async () => {
    const { api, backend } = setup();
    await api.handle({ method: 'PUT', path: '/tmp/one', body: '1' });
    await api.handle({ method: 'PUT', path: '/tmp/two', body: '2' });
    expect(await api.handle({ method: 'DELETE', path: '/tmp' })).toEqual({ status: 200, body: { deleted: 2 } });
    expect(await api.handle({ method: 'GET', path: '/tmp' })).toEqual({ status: 200, body: [] });
    expect(backend.blobNames('tmp')).toEqual([]);
  });

  it('imports several documents', async () => {
    const { api } = setup();
    const body = JSON.stringify({ 'a.txt': 'a', 'b.txt': 'bb', 'c.txt': 'ccc' });
    expect(await api.handle({ method: 'POST', path: '/inbox/_import', body })).toEqual({ status: 201, body: { imported: 3 } });
    const listing = (await api.handle({ method: 'GET', path: '/inbox' })).body as Array<{ name: string }>;
    expect(listing.map((e) => e.name).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });
});
