export interface AuditEvent {
  actor: string;
  action: string;
  target: string;
  at: number;
}

const MAGIC = 0xa7;
const HEADER = 5;

/**
 * Encodes audit events as frames: one magic byte, a 32-bit big-endian payload length, a JSON payload.
 * Frames are built in one preallocated buffer so that a busy shipper does not allocate per event.
 */
export class FrameEncoder {
  private scratch: Buffer;
  encoded = 0;

  constructor(initialSize = 256) {
    this.scratch = Buffer.alloc(initialSize);
  }

  encode(event: AuditEvent): Buffer {
    const payload = JSON.stringify(event);
    const length = Buffer.byteLength(payload);
    if (HEADER + length > this.scratch.length) this.scratch = Buffer.alloc(Math.max(HEADER + length, this.scratch.length * 2));
    this.scratch[0] = MAGIC;
    this.scratch.writeUInt32BE(length, 1);
    this.scratch.write(payload, HEADER, 'utf8');
    this.encoded++;
    // the frame is handed to a stream that may hold it until later: give it bytes of its own
    return Buffer.from(this.scratch.subarray(0, HEADER + length));
  }
}

/** Splits a byte stream back into events; throws on a damaged frame. */
export function decodeFrames(bytes: Buffer): AuditEvent[] {
  const events: AuditEvent[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] !== MAGIC) throw new Error(`bad frame marker at byte ${at}`);
    if (at + HEADER > bytes.length) throw new Error(`truncated frame header at byte ${at}`);
    const length = bytes.readUInt32BE(at + 1);
    const end = at + HEADER + length;
    if (end > bytes.length) throw new Error(`truncated frame at byte ${at}`);
    events.push(JSON.parse(bytes.toString('utf8', at + HEADER, end)) as AuditEvent);
    at = end;
  }
  return events;
}

export function validateEvent(event: AuditEvent): void {
  if (!/^[a-z][a-z0-9_.-]*$/.test(event.actor)) throw new Error(`bad actor ${event.actor}`);
  if (!event.action) throw new Error('an audit event needs an action');
  if (!Number.isFinite(event.at)) throw new Error('an audit event needs a timestamp');
}
