import { CollectorLink } from './link';
import { AuditEvent, decodeFrames, FrameEncoder, validateEvent } from './frames';

/** Sends one frame per audit event over a link; a callback reports when the frame has gone out. */
export class FrameChannel {
  private readonly encoder = new FrameEncoder();

  constructor(private readonly link: CollectorLink) {}

  send(event: AuditEvent, sent: (err?: Error | null) => void): void {
    const frame = this.encoder.encode(event);
    this.link.write(frame, sent);
  }

  close(done: () => void): void {
    this.link.end(done);
  }
}

/** The services' audit trail: records who did what, shipped to the central collector. */
export class AuditShipper {
  private readonly channel: FrameChannel;
  shipped = 0;

  constructor(
    private readonly link: CollectorLink,
    private readonly clock: () => number = Date.now,
  ) {
    this.channel = new FrameChannel(link);
  }

  record(actor: string, action: string, target: string): Promise<void> {
    const event: AuditEvent = { actor, action, target, at: this.clock() };
    try {
      validateEvent(event);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<void>((resolve, reject) => {
      this.channel.send(event, (err) => {
        if (err) return reject(err);
        this.shipped++;
        resolve();
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.channel.close(resolve));
  }

  /** What the collector decoded (its view of the trail). */
  collected(): AuditEvent[] {
    return decodeFrames(this.link.bytes());
  }
}
