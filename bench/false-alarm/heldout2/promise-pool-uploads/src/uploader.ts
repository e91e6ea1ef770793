import { PromisePool } from '@supercharge/promise-pool';
import { ObjectStore } from './object-store.ts';

export interface Upload {
  key: string;
  body: Buffer;
  ms?: number;
}

export interface UploadReport {
  /** one entry per upload, in input order: the etag, or undefined when it failed */
  etags: Array<string | undefined>;
  failed: Record<string, string>;
  progress: number[];
}

export class Uploader {
  constructor(private readonly store: ObjectStore, private readonly concurrency = 2) {}

  async uploadAll(uploads: Upload[]): Promise<UploadReport> {
    const progress: number[] = [];
    let done = 0;
    const { results, errors } = await PromisePool.withConcurrency(this.concurrency)
      .for(uploads)
      .useCorrespondingResults()
      .onTaskFinished(() => {
        progress.push(++done);
      })
      .process(async (u: Upload) => this.store.put(u.key, u.body, u.ms));
    const failed: Record<string, string> = {};
    for (const e of errors) failed[e.item.key] = e.message;
    return {
      etags: results.map((r) => (typeof r === 'string' ? r : undefined)),
      failed,
      progress,
    };
  }
}
