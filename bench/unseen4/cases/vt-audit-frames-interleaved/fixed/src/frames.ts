import { open, readFile, type FileHandle } from 'node:fs/promises';

export const HEADER_BYTES = 5;
export const FrameType = { Event: 1, Checkpoint: 2 } as const;

export interface Frame {
  type: number;
  payload: Buffer;
}

/** Frame header: payload length (uint32 big-endian), then the frame type (one byte). */
export function encodeHeader(type: number, length: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(length, 0);
  header.writeUInt8(type, 4);
  return header;
}

/** Appends frames to a file opened in append mode. */
export class FrameWriter {
  frames = 0;
  private tail: Promise<void> = Promise.resolve();

  private constructor(private readonly handle: FileHandle) {}

  static async open(path: string): Promise<FrameWriter> {
    return new FrameWriter(await open(path, 'a'));
  }

  writeFrame(type: number, payload: Buffer): Promise<void> {
    const written = this.tail.then(async () => {
      await this.handle.write(encodeHeader(type, payload.length));
      await this.handle.write(payload);
      this.frames++;
    });
    this.tail = written.catch(() => {});
    return written;
  }

  async close(): Promise<void> {
    await this.tail;
    await this.handle.close();
  }
}

/** Reads every frame of a file; a damaged file is an error. */
export async function readFrames(path: string): Promise<Frame[]> {
  const data = await readFile(path);
  const frames: Frame[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (offset + HEADER_BYTES > data.length) throw new Error(`truncated header at ${offset}`);
    const length = data.readUInt32BE(offset);
    const type = data.readUInt8(offset + 4);
    if (type !== FrameType.Event && type !== FrameType.Checkpoint) throw new Error(`bad frame type ${type} at ${offset}`);
    const end = offset + HEADER_BYTES + length;
    if (end > data.length) throw new Error(`truncated frame at ${offset}`);
    frames.push({ type, payload: data.subarray(offset + HEADER_BYTES, end) });
    offset = end;
  }
  return frames;
}
