import { FrameType, FrameWriter, readFrames } from './frames';

export interface AuditEvent {
  actor: string;
  action: string;
  target?: string;
}

/** The audit trail of the admin console: one frame per event, checkpoints between sessions. */
export class AuditLog {
  private constructor(
    private readonly path: string,
    private readonly writer: FrameWriter,
  ) {}

  static async open(path: string): Promise<AuditLog> {
    return new AuditLog(path, await FrameWriter.open(path));
  }

  async record(event: AuditEvent): Promise<void> {
    validate(event);
    await this.writer.writeFrame(FrameType.Event, Buffer.from(JSON.stringify(event)));
  }

  async recordAll(events: AuditEvent[]): Promise<void> {
    await Promise.all(events.map((event) => this.record(event)));
  }

  async checkpoint(label: string): Promise<void> {
    await this.writer.writeFrame(FrameType.Checkpoint, Buffer.from(label));
  }

  async events(): Promise<AuditEvent[]> {
    const frames = await readFrames(this.path);
    return frames.filter((f) => f.type === FrameType.Event).map((f) => JSON.parse(f.payload.toString()) as AuditEvent);
  }

  async close(): Promise<void> {
    await this.writer.close();
  }
}

export function validate(event: AuditEvent): void {
  if (!event.actor || !event.action) throw new Error('an audit event needs an actor and an action');
  if (event.action.length > 64) throw new Error('action name too long');
}
