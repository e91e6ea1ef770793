import type { Writer } from './helpers.ts';

/** The log "file": an in-memory stand-in for a file on disk. */
export class MemoryFile {
  text = '';

  constructor(readonly name: string) {}

  lines(): string[] {
    return this.text.split('\n').filter((line) => line.length > 0);
  }
}

export class IOException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IOException';
  }
}

/**
 * java.io.FileWriter over a MemoryFile: write() and flush() are asynchronous I/O (each is a
 * context switch) and fail with "Stream closed" once close() has run; close() flushes what is
 * buffered and closes the stream.
 */
export class FileWriter implements Writer {
  private buffer = '';
  private closed = false;

  constructor(
    private readonly file: MemoryFile,
    append: boolean,
  ) {
    if (!append) file.text = '';
  }

  async write(text: string): Promise<void> {
    await Promise.resolve(); // the write system call
    this.ensureOpen();
    this.buffer += text;
  }

  async flush(): Promise<void> {
    await Promise.resolve(); // the flush system call
    this.ensureOpen();
    this.file.text += this.buffer;
    this.buffer = '';
  }

  close(): void {
    if (this.closed) return;
    this.file.text += this.buffer;
    this.buffer = '';
    this.closed = true;
  }

  private ensureOpen(): void {
    if (this.closed) throw new IOException('Stream closed');
  }
}
