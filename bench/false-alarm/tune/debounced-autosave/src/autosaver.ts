import { FileStorage } from './storage.ts';

export class AutoSaver {
  private text = '';
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly storage: FileStorage, private readonly delayMs = 20) {}

  /** Records an edit; the save happens `delayMs` after the last edit. */
  edit(text: string): void {
    this.text = text;
    this.dirty = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.delayMs);
  }

  /** Saves now (if anything changed) and cancels the pending debounce. Saves never overlap. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.saving = this.saving.then(() => this.saveIfDirty());
    return this.saving;
  }

  /** Resolves when no save is pending or running. */
  async idle(): Promise<void> {
    while (this.timer || this.dirty) await this.flush();
    await this.saving;
  }

  current(): string {
    return this.text;
  }

  private async saveIfDirty(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    await this.storage.write(this.text);
  }
}
