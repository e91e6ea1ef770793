import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';

export type Settings = Record<string, string | number | boolean>;

export interface SettingsDoc {
  version: number;
  settings: Settings;
}

/**
 * The settings document of one service, kept in memory and mirrored to `file`. A change is a
 * compare-and-swap on the version, checked and installed in one synchronous step; the new document
 * is then written with write-file-atomic, which queues writes to one file in the order they were
 * called, so the file ends with the latest version.
 */
export class SettingsStore {
  private doc: SettingsDoc = { version: 0, settings: {} };
  readonly tempFiles: string[] = [];
  conflicts = 0;

  constructor(readonly file: string) {}

  static async load(file: string): Promise<SettingsStore> {
    const store = new SettingsStore(file);
    store.doc = parseDoc(await readFile(file, 'utf8'));
    return store;
  }

  snapshot(): SettingsDoc {
    return { version: this.doc.version, settings: { ...this.doc.settings } };
  }

  async compareAndSet(expectedVersion: number, settings: Settings): Promise<boolean> {
    if (this.doc.version !== expectedVersion) {
      this.conflicts++;
      return false;
    }
    this.doc = { version: expectedVersion + 1, settings: { ...settings } };
    await writeFileAtomic(this.file, JSON.stringify(this.doc) + '\n', {
      tmpfileCreated: (tmp) => this.tempFiles.push(tmp),
    });
    return true;
  }
}

export function parseDoc(text: string): SettingsDoc {
  const doc = JSON.parse(text) as SettingsDoc;
  if (typeof doc.version !== 'number' || typeof doc.settings !== 'object') throw new Error('not a settings file');
  return doc;
}

export async function readDoc(file: string): Promise<SettingsDoc> {
  return parseDoc(await readFile(file, 'utf8'));
}
