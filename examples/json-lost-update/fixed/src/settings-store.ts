import { Mutex } from 'async-mutex';
import { readFile, writeFile } from 'node:fs/promises';

export type Settings = Record<string, string | number | boolean>;

/** Settings kept in one JSON file, lowdb/conf-style: every change rewrites the whole file. */
export class SettingsStore {
  /** Serializes the read-change-write cycles of this store (one file, one queue). */
  private readonly writes = new Mutex();

  constructor(private readonly file: string) {}

  async load(): Promise<Settings> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8')) as Settings;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
  }

  private async save(settings: Settings): Promise<void> {
    await writeFile(this.file, `${JSON.stringify(settings, null, 2)}\n`);
  }

  /**
   * Read, change, write back — fixed: the whole cycle runs under the store's mutex, so an update
   * starts from the content the previous one wrote.
   */
  async update(change: (settings: Settings) => void): Promise<Settings> {
    return this.writes.runExclusive(async () => {
      const settings = await this.load();
      change(settings);
      await this.save(settings);
      return settings;
    });
  }

  async get(key: string): Promise<Settings[string] | undefined> {
    return (await this.load())[key];
  }

  async set(key: string, value: Settings[string]): Promise<void> {
    await this.update((settings) => {
      settings[key] = value;
    });
  }

  async remove(key: string): Promise<void> {
    await this.update((settings) => {
      delete settings[key];
    });
  }
}
