export interface Job {
  id: string;
  width: number;
  height: number;
}

export type Renderer = (job: Job) => Promise<string>;

export class RenderError extends Error {
  constructor(readonly job: Job, reason: string) {
    super(`${job.id}: ${reason}`);
    this.name = 'RenderError';
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fake renderer: a few random milliseconds of "work", then a text stand-in for the image. */
export const fakeRenderer: Renderer = async (job) => {
  await pause(1 + Math.floor(Math.random() * 6));
  if (job.width <= 0 || job.height <= 0) throw new RenderError(job, 'empty frame');
  return `${job.id}:${job.width}x${job.height}:${job.width * job.height}px`;
};

export function jobs(n: number, prefix = 'frame'): Job[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, width: 16 * (i + 1), height: 9 * (i + 1) }));
}

export interface BatchReport {
  written: string[];
  failed: string[];
}

/** Renders every job at once through `render`, and reports which were written and which failed. */
export async function renderAll(render: (job: Job) => Promise<string>, batch: Job[]): Promise<BatchReport> {
  const settled = await Promise.allSettled(batch.map((job) => render(job)));
  const report: BatchReport = { written: [], failed: [] };
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') report.written.push(s.value);
    else report.failed.push(batch[i].id);
  });
  return report;
}
