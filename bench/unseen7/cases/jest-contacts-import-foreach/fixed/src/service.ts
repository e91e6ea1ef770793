import type { ContactsDb, Job } from './db';
import { parseCsv, type Importer } from './importer';

export interface ImportService {
  start: (listId: string, uploadId: string, csv: string) => Promise<Job>;
  finished: (jobId: string) => Promise<Job>;
  job: (jobId: string) => Promise<Job | undefined>;
}

/**
 * Import jobs. A retried upload (same upload id) gets the job of the first attempt: the job's
 * creation is memoized as a promise, so concurrent retries share it.
 */
export function createImportService(db: ContactsDb, importer: Importer): ImportService {
  const byUpload = new Map<string, Promise<Job>>();
  const runs = new Map<string, Promise<Job>>();

  const run = async (job: Job, csv: string): Promise<Job> => {
    await db.updateJob(job.id, { status: 'running' });
    try {
      const stats = await importer.importRows(job.listId, parseCsv(csv));
      const listSize = await db.countContacts(job.listId);
      return await db.updateJob(job.id, { status: 'done', imported: stats.imported, rejected: stats.rejected, listSize });
    } catch (err) {
      return db.updateJob(job.id, { status: 'failed' });
    }
  };

  const start = (listId: string, uploadId: string, csv: string): Promise<Job> => {
    const key = `${listId}:${uploadId}`;
    let job = byUpload.get(key);
    if (!job) {
      job = db.createJob(listId, uploadId).then((created) => {
        runs.set(created.id, run(created, csv));
        return created;
      });
      byUpload.set(key, job);
      job.catch(() => byUpload.delete(key));
    }
    return job;
  };

  const finished = async (jobId: string): Promise<Job> => {
    const running = runs.get(jobId);
    if (!running) throw new Error(`no job ${jobId}`);
    return running;
  };

  return { start, finished, job: (jobId) => db.getJob(jobId) };
}

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Response {
  status: number;
  body: unknown;
}

/** The HTTP-ish routes: POST /lists/:id/imports (header upload-id), GET /jobs/:id, GET /lists/:id. */
export function createApi(service: ImportService, db: ContactsDb) {
  const routes: Array<[RegExp, Request['method'], (m: RegExpMatchArray, req: Request) => Promise<Response>]> = [
    [
      /^\/lists\/([\w-]+)\/imports$/,
      'POST',
      async (m, req) => {
        const uploadId = req.headers?.['upload-id'];
        if (!uploadId) return { status: 400, body: 'upload-id header required' };
        const job = await service.start(m[1], uploadId, req.body ?? '');
        return { status: 202, body: { job: job.id } };
      },
    ],
    [/^\/jobs\/([\w-]+)$/, 'GET', async (m) => {
      const job = await service.job(m[1]);
      return job ? { status: 200, body: job } : { status: 404, body: 'no such job' };
    }],
    [/^\/lists\/([\w-]+)$/, 'GET', async (m) => ({ status: 200, body: await db.listContacts(m[1]) })],
  ];

  return {
    handle: async (req: Request): Promise<Response> => {
      for (const [pattern, method, action] of routes) {
        const m = req.path.match(pattern);
        if (m && req.method === method) return action(m, req);
      }
      return { status: 404, body: 'not found' };
    },
  };
}
