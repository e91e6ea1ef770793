import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readJson, writeFileAtomic } from './atomic-file.ts';

export interface Settings {
  theme: 'light' | 'dark' | 'system';
  fontSize: number;
  updatedBy: string;
}

export const DEFAULTS: Settings = { theme: 'system', fontSize: 14, updatedBy: 'default' };

/** One JSON document per user under the data folder. */
export class SettingsStore {
  constructor(private readonly dir: string) {}

  private file(userId: string): string {
    if (!/^[a-z0-9_-]+$/i.test(userId)) throw new Error(`bad user id ${userId}`);
    return join(this.dir, `${userId}.settings.json`);
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  load(userId: string): Promise<Settings> {
    return readJson(this.file(userId), DEFAULTS);
  }

  save(userId: string, settings: Settings): Promise<void> {
    return writeFileAtomic(this.file(userId), `${JSON.stringify(settings, null, 2)}\n`);
  }
}
