import PQueue from 'p-queue';
import { Renderer } from './renderer.ts';

export interface ThumbnailJob {
  image: string;
  size: number;
  urgent?: boolean;
}

export class ThumbnailService {
  private readonly queue: PQueue;
  readonly done: string[] = [];
  readonly failed: string[] = [];

  constructor(private readonly renderer: Renderer, concurrency = 2, autoStart = true) {
    this.queue = new PQueue({ concurrency, autoStart });
  }

  /** Queues one thumbnail; urgent ones jump ahead of everything not started yet. */
  async request(job: ThumbnailJob): Promise<string | undefined> {
    try {
      const thumb = await this.queue.add(() => this.renderer.render(job.image, job.size), { priority: job.urgent ? 10 : 0 });
      this.done.push(thumb);
      return thumb;
    } catch {
      this.failed.push(job.image);
      return undefined;
    }
  }

  requestAll(jobs: ThumbnailJob[]): Promise<(string | undefined)[]> {
    return Promise.all(jobs.map((job) => this.request(job)));
  }

  start(): void {
    this.queue.start();
  }

  pause(): void {
    this.queue.pause();
  }

  /** Resolves when nothing is queued and nothing is rendering. */
  drained(): Promise<void> {
    return this.queue.onIdle();
  }

  load(): { queued: number; running: number } {
    return { queued: this.queue.size, running: this.queue.pending };
  }
}
