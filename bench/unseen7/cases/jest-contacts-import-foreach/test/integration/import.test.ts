import { createContactsDb, type Job } from '../../src/db';
import { createImporter } from '../../src/importer';
import { createApi, createImportService } from '../../src/service';

function setup() {
  const db = createContactsDb();
  const service = createImportService(db, createImporter(db));
  return { db, service, api: createApi(service, db) };
}

type Api = ReturnType<typeof setup>['api'];
type Service = ReturnType<typeof setup>['service'];

async function upload(api: Api, service: Service, listId: string, uploadId: string, csv: string): Promise<Job> {
  const res = await api.handle({ method: 'POST', path: `/lists/${listId}/imports`, headers: { 'upload-id': uploadId }, body: csv });
  expect(res.status).toBe(202);
  return service.finished((res.body as { job: string }).job);
}

const csv = (...emails: string[]) => ['email,name', ...emails.map((e) => `${e},${e.split('@')[0]}`)].join('\n');

describe('imports running side by side', () => {
  it('each finished job reports the contacts it stored', async () => {
    const { api, service } = setup();
    const [a, b] = await Promise.all([
      upload(api, service, 'customers', 'up-a', csv('ann@shop.com', 'bob@shop.com', 'broken', 'cy@shop.com', 'di@shop.com')),
      upload(api, service, 'partners', 'up-b', csv('eve@corp.io', 'fay@corp.io', 'gil@corp.io')),
    ]);
    expect(a).toMatchObject({ status: 'done', imported: 4, rejected: 1, listSize: 4 });
    expect(b).toMatchObject({ status: 'done', imported: 3, rejected: 0, listSize: 3 });
  });

  it('two uploads to one list: once both are done the list holds both', async () => {
    const { api, service } = setup();
    await Promise.all([
      upload(api, service, 'events', 'up-1', csv('h1@ev.org', 'h2@ev.org', 'h3@ev.org')),
      upload(api, service, 'events', 'up-2', csv('h4@ev.org', 'h5@ev.org')),
    ]);
    const list = (await api.handle({ method: 'GET', path: '/lists/events' })).body as Array<{ email: string }>;
    expect(list.map((c) => c.email).sort()).toEqual(['h1@ev.org', 'h2@ev.org', 'h3@ev.org', 'h4@ev.org', 'h5@ev.org']);
  });

  it('retries of one upload sent together share one job', async () => {
    const { api, db } = setup();
    const req = { method: 'POST' as const, path: '/lists/vip/imports', headers: { 'upload-id': 'up-r' }, body: csv('zed@vip.com') };
    const answers = await Promise.all([api.handle(req), api.handle(req), api.handle(req)]);
    expect(new Set(answers.map((a) => (a.body as { job: string }).job)).size).toBe(1);
    expect(db.jobsCreated).toBe(1);
  });

  it('a file of bad rows is fully rejected while another import runs', async () => {
    const { api, service } = setup();
    const [bad] = await Promise.all([
      upload(api, service, 'junk', 'up-j', 'email\nx\ny@\n@z.com\n'),
      upload(api, service, 'good', 'up-g', csv('kim@good.net', 'lee@good.net')),
    ]);
    expect(bad).toMatchObject({ status: 'done', imported: 0, rejected: 3 });
  });
});
