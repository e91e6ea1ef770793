import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Prefixes every line with its number; a line split across chunks is kept whole. */
export class NumberLines extends Transform {
  private carry = '';
  lines = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const text = this.carry + chunk.toString('utf8');
    const parts = text.split('\n');
    this.carry = parts.pop() ?? '';
    for (const line of parts) this.push(`${++this.lines}: ${line}\n`);
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.carry.length > 0) this.push(`${++this.lines}: ${this.carry}\n`);
    done();
  }
}

export interface CopyResult {
  to: string;
  lines: number;
  bytes: number;
}

let seq = 0;

/** Copies `from` to `to` with numbered lines; `to` appears only once it is complete. */
export async function copyNumbered(from: string, to: string, highWaterMark = 64): Promise<CopyResult> {
  const temp = `${to}.${process.pid}.${++seq}.part`;
  const numbering = new NumberLines();
  // Open the source first: a missing source fails before any temp file exists.
  const source = createReadStream(from, { highWaterMark });
  await once(source, 'open');
  try {
    await pipeline(source, numbering, createWriteStream(temp));
    await rename(temp, to);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const { size } = await stat(to);
  return { to, lines: numbering.lines, bytes: size };
}
