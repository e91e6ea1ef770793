import { readFile, writeFile } from 'node:fs/promises';

/** Writes the document to a file and records every write (and whether two ever overlapped). */
export class FileStorage {
  writes: string[] = [];
  writing = 0;
  maxWriting = 0;

  constructor(readonly file: string) {}

  async write(text: string): Promise<void> {
    this.writing++;
    this.maxWriting = Math.max(this.maxWriting, this.writing);
    try {
      await writeFile(this.file, text);
      this.writes.push(text);
    } finally {
      this.writing--;
    }
  }

  read(): Promise<string> {
    return readFile(this.file, 'utf8');
  }
}
