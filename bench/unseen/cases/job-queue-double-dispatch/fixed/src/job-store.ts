import { setTimeout as sleep } from 'node:timers/promises';

export type JobState = 'queued' | 'running' | 'done';

/** The persistent side of the queue: where workers record what they are doing. */
export class JobStore {
  readonly states = new Map<string, JobState>();
  readonly history: string[] = [];

  async markRunning(id: string, worker: string): Promise<void> {
    await sleep(2);
    this.states.set(id, 'running');
    this.history.push(`${worker} runs ${id}`);
  }

  async markDone(id: string): Promise<void> {
    await sleep(1);
    this.states.set(id, 'done');
  }
}
