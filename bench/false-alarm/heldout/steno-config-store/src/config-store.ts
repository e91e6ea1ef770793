import { readFile } from 'node:fs/promises';
import { Writer } from 'steno';

export interface Settings {
  theme: 'light' | 'dark';
  fontSize: number;
  recent: string[];
  revision: number;
}

export const defaults: Settings = { theme: 'light', fontSize: 14, recent: [], revision: 0 };

/** Keeps settings in memory and persists every change; steno serializes the writes to the file. */
export class ConfigStore {
  private readonly writer: Writer;
  private current: Settings = { ...defaults };

  constructor(readonly file: string) {
    this.writer = new Writer(file);
  }

  async load(): Promise<Settings> {
    try {
      this.current = { ...defaults, ...JSON.parse(await readFile(this.file, 'utf8')) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.current = { ...defaults };
    }
    return this.current;
  }

  get(): Settings {
    return this.current;
  }

  /** Applies the change in memory at once (synchronously), then writes the whole object. */
  update(change: Partial<Settings>): Promise<void> {
    this.current = { ...this.current, ...change, revision: this.current.revision + 1 };
    return this.writer.write(JSON.stringify(this.current, null, 2));
  }

  open(path: string): Promise<void> {
    const recent = [path, ...this.current.recent.filter((p) => p !== path)].slice(0, 5);
    return this.update({ recent });
  }

  /** Writes a given snapshot as is (used by "import settings"). */
  replace(settings: Settings): Promise<void> {
    this.current = settings;
    return this.writer.write(JSON.stringify(settings, null, 2));
  }
}
