import { createContactsDb } from '../../src/db';
import { createImporter, normalize, parseCsv } from '../../src/importer';
import { createApi, createImportService } from '../../src/service';

function setup() {
  const db = createContactsDb();
  const service = createImportService(db, createImporter(db));
  return { db, service, api: createApi(service, db) };
}

describe('contact import', () => {
  it('parses a CSV file with a header line', () => {
    expect(parseCsv('Email,Name\r\nann@example.com, Ann \n\nbob@example.org,Bob\n')).toEqual([
      { email: 'ann@example.com', name: 'Ann' },
      { email: 'bob@example.org', name: 'Bob' },
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('normalizes a row or says why it is refused', () => {
    expect(normalize({ email: 'Ann@Example.com', name: '' }, 2)).toEqual({ email: 'ann@example.com', name: 'ann' });
    expect(normalize({ email: 'c@d.io', name: 'C', company: 'Acme' }, 3)).toEqual({ email: 'c@d.io', name: 'C', company: 'Acme' });
    expect(normalize({ email: 'not-an-email' }, 4)).toBe('line 4: bad email "not-an-email"');
  });

  it('a file with only bad rows finishes with everything rejected', async () => {
    const { api, service } = setup();
    const res = await api.handle({ method: 'POST', path: '/lists/news/imports', headers: { 'upload-id': 'u1' }, body: 'email\nnope\n@x\n' });
    expect(res.status).toBe(202);
    const { job } = res.body as { job: string };
    expect(await service.finished(job)).toMatchObject({ status: 'done', imported: 0, rejected: 2, listSize: 0 });
  });

  it('a retried upload gets the job of the first attempt', async () => {
    const { api, db } = setup();
    const req = { method: 'POST' as const, path: '/lists/news/imports', headers: { 'upload-id': 'u7' }, body: 'email\n' };
    const first = await api.handle(req);
    const again = await api.handle(req);
    expect(again.body).toEqual(first.body);
    expect(db.jobsCreated).toBe(1);
  });

  it('answers 400 without an upload id and 404 for unknown jobs and routes', async () => {
    const { api } = setup();
    expect((await api.handle({ method: 'POST', path: '/lists/news/imports', body: 'email\n' })).status).toBe(400);
    expect(await api.handle({ method: 'GET', path: '/jobs/job-9' })).toEqual({ status: 404, body: 'no such job' });
    expect((await api.handle({ method: 'GET', path: '/nowhere' })).status).toBe(404);
  });
});
