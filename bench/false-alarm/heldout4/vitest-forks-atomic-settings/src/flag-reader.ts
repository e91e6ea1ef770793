import { readDoc, SettingsDoc } from './settings-store.js';

/**
 * Another process's view of the settings file: `current()` re-reads it, and concurrent callers
 * share the read in flight (one read for all of them); the shared promise is dropped when it settles.
 */
export class FlagReader {
  private inFlight: Promise<SettingsDoc> | undefined;
  reads = 0;
  lastSeen = 0;

  constructor(readonly file: string) {}

  current(): Promise<SettingsDoc> {
    if (this.inFlight) return this.inFlight;
    this.reads++;
    const read = readDoc(this.file).then((doc) => {
      this.lastSeen = Math.max(this.lastSeen, doc.version);
      return doc;
    });
    this.inFlight = read;
    const clear = () => {
      if (this.inFlight === read) this.inFlight = undefined;
    };
    read.then(clear, clear);
    return read;
  }
}
