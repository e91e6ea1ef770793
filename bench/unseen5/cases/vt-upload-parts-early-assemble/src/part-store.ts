import { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import { createHash } from 'node:crypto';

export interface Upload {
  id: string;
  dir: string;
  total: number;
  received: Set<number>;
  complete: boolean;
}

export type Done = (err?: Error | null) => void;

/** The malware scanner: one remote call per chunk. */
export class Scanner {
  chunks = 0;

  async scan(chunk: Buffer): Promise<void> {
    await new Promise((r) => setTimeout(r, Math.random() * 6));
    this.chunks++;
    if (chunk.includes('X5O!P%@AP')) throw new Error('infected upload refused');
  }
}

/** A pass-through stream that holds each chunk until the scanner has cleared it. */
class ScanStream extends Transform {
  constructor(private readonly scanner: Scanner) {
    super();
  }

  _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.scanner.scan(chunk).then(() => cb(null, chunk), cb);
  }
}

function* slices(data: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

/**
 * Stores the parts of each upload as files in the upload's folder and emits 'complete' once
 * every part has been received.
 */
export class PartStore extends EventEmitter {
  private readonly uploads = new Map<string, Upload>();

  constructor(readonly scanner = new Scanner()) {
    super();
  }

  async begin(id: string, total: number): Promise<Upload> {
    const dir = await mkdtemp(join(tmpdir(), `c5b-upload-${id}-`));
    const upload: Upload = { id, dir, total, received: new Set(), complete: false };
    this.uploads.set(id, upload);
    return upload;
  }

  partPath(upload: Upload, n: number): string {
    return join(upload.dir, `part-${String(n).padStart(4, '0')}`);
  }

  storePart(id: string, n: number, data: Buffer, done: Done): void {
    const upload = this.uploads.get(id);
    if (!upload) return done(new Error(`no upload ${id}`));
    if (n < 0 || n >= upload.total) return done(new Error(`part ${n} out of range`));
    upload.received.add(n);
    pipeline(Readable.from(slices(data, 64 * 1024)), new ScanStream(this.scanner), createWriteStream(this.partPath(upload, n)), (err) => {
      if (err) {
        upload.received.delete(n);
        return done(err);
      }
      if (upload.received.size === upload.total && !upload.complete) {
        upload.complete = true;
        this.emit('complete', upload);
      }
      done();
    });
  }

  progress(id: string): { received: number; total: number } | undefined {
    const upload = this.uploads.get(id);
    return upload && { received: upload.received.size, total: upload.total };
  }

  has(id: string): boolean {
    return this.uploads.has(id);
  }
}

export interface Assembled {
  bytes: number;
  sha256: string;
  path: string;
}

/** Concatenates the parts of a complete upload into one file, in part order. */
export async function assemble(store: PartStore, upload: Upload): Promise<Assembled> {
  const hash = createHash('sha256');
  const indices = Array.from({ length: upload.total }, (_, n) => n);
  const chunks = await Promise.all(indices.map((n) => readFile(store.partPath(upload, n))));
  for (const part of chunks) hash.update(part);
  const path = join(upload.dir, 'assembled.bin');
  const body = Buffer.concat(chunks);
  await writeFile(path, body);
  return { bytes: body.length, sha256: hash.digest('hex'), path };
}
