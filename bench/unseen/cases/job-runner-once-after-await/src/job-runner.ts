import { appendFile } from 'node:fs/promises';
import type { EventEmitter } from 'node:events';
import type { FakeWorker, Reply } from './worker.ts';

export class AuditLog {
  constructor(readonly path: string) {}

  async record(line: string): Promise<void> {
    await appendFile(this.path, `${new Date(0).toISOString()} ${line}\n`);
  }
}

export function waitForReply(emitter: EventEmitter, id: number): Promise<Reply> {
  return new Promise((resolve) => {
    const onMessage = (msg: Reply) => {
      if (msg.id !== id) return;
      emitter.off('message', onMessage);
      resolve(msg);
    };
    emitter.on('message', onMessage);
  });
}

export class JobRunner {
  private nextId = 1;

  constructor(
    private readonly worker: FakeWorker,
    private readonly audit: AuditLog,
  ) {}

  async run(payload: number[]): Promise<number> {
    const id = this.nextId++;
    this.worker.postMessage({ id, payload });
    await this.audit.record(`posted task ${id}`);
    const reply = await waitForReply(this.worker, id);
    return reply.result;
  }
}
