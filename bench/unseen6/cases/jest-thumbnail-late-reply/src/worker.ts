import { EventEmitter } from 'node:events';

export interface RenderJob {
  id: number;
  docId: string;
  width: number;
}

export interface RenderReply {
  id: number;
  docId: string;
  thumbnail: string;
}

/** How long the fake renderer takes for a document, in ms. */
export type RenderCost = (docId: string) => number;

/** Born-digital documents render in 1-4 ms; scanned ones ('scan-…') take 10-30 ms. */
export const defaultCost: RenderCost = (docId) =>
  docId.startsWith('scan-') ? 10 + Math.floor(Math.random() * 21) : 1 + Math.floor(Math.random() * 4);

/**
 * A stand-in for a child process running the renderer: jobs go in through postMessage,
 * replies come back as 'message' events after the render time. Like a real worker it
 * keeps rendering a job nobody waits for any more.
 */
export class RenderWorker extends EventEmitter {
  busy = 0;
  maxBusy = 0;
  rendered = 0;

  constructor(
    readonly name: string,
    private readonly cost: RenderCost,
  ) {
    super();
  }

  postMessage(job: RenderJob): void {
    this.busy++;
    this.maxBusy = Math.max(this.maxBusy, this.busy);
    setTimeout(() => {
      this.busy--;
      this.rendered++;
      const reply: RenderReply = { id: job.id, docId: job.docId, thumbnail: `thumb(${job.docId}@${job.width})` };
      this.emit('message', reply);
    }, this.cost(job.docId));
  }
}
