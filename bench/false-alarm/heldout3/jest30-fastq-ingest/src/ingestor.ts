import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import * as fastq from 'fastq';
import type { queueAsPromised } from 'fastq';
import { addCounts, Counts, emptyCounts, parseLog } from './log-files';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface FileResult {
  file: string;
  counts: Counts;
}

/**
 * Reads and parses log files through a fastq queue: at most `concurrency` files at once, in the
 * order they were queued (urgent files go first with `unshift`). Totals are added synchronously
 * when a file is done, so concurrent workers never lose an update.
 */
export class Ingestor {
  readonly totals = emptyCounts();
  readonly started: string[] = [];
  readonly finished: string[] = [];
  active = 0;
  maxActive = 0;
  private readonly queue: queueAsPromised<string, FileResult>;

  constructor(concurrency = 2) {
    this.queue = fastq.promise(this, Ingestor.prototype.work, concurrency);
  }

  private async work(file: string): Promise<FileResult> {
    const name = basename(file);
    this.started.push(name);
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      const text = await readFile(file, 'utf8');
      await pause(Math.floor(Math.random() * 5));
      const counts = parseLog(text);
      addCounts(this.totals, counts);
      this.finished.push(name);
      return { file: name, counts };
    } finally {
      this.active--;
    }
  }

  ingest(file: string): Promise<FileResult> {
    return this.queue.push(file);
  }

  ingestFirst(file: string): Promise<FileResult> {
    return this.queue.unshift(file);
  }

  ingestAll(files: string[]): Promise<PromiseSettledResult<FileResult>[]> {
    return Promise.allSettled(files.map((f) => this.ingest(f)));
  }

  pause(): void {
    this.queue.pause();
  }

  resume(): void {
    this.queue.resume();
  }

  waiting(): number {
    return this.queue.length();
  }

  drained(): Promise<void> {
    return this.queue.idle() ? Promise.resolve() : this.queue.drained();
  }

  idle(): boolean {
    return this.queue.idle();
  }
}
