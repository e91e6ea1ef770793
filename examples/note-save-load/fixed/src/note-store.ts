import fs from 'node:fs';

export interface Note {
  title: string;
  body: string;
}

/** Keeps one note in a JSON file; saves replace the file through a temp file and a rename, so a
 *  load never sees a half-written file. */
export class NoteStore {
  private saves = 0;

  constructor(private readonly file: string) {}

  load(done: (err: Error | null, note?: Note) => void): void {
    fs.readFile(this.file, 'utf8', (err, text) => (err ? done(err) : done(null, JSON.parse(text) as Note)));
  }

  /** Writes the note to a temp file of its own (one per save), then renames it over the file. */
  save(note: Note, done: (err: Error | null) => void): void {
    const tmp = `${this.file}.${process.pid}.${++this.saves}.tmp`;
    fs.writeFile(tmp, JSON.stringify(note), (err) => {
      if (err) return done(err);
      fs.rename(tmp, this.file, done);
    });
  }
}
