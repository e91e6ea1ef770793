import type { DocStore } from './doc-store.ts';

export function wordCount(text: string): number {
  const words = text.trim().split(/\s+/);
  return words[0] === '' ? 0 : words.length;
}

/** An open document: the text the user sees, changed by each edit. */
export class Document {
  private text = '';
  revision = 0;

  constructor(readonly id: string) {}

  type(chars: string): void {
    this.text += chars;
    this.revision++;
  }

  snapshot(): string {
    return this.text;
  }
}

/**
 * Saves a document in the background after edits. One write at a time: edits made while a
 * write is running are saved by one more write when it ends, so the store ends with the latest text.
 */
export class Autosaver {
  private running: Promise<void> | null = null;
  private pending = false;

  constructor(private readonly doc: Document, private readonly store: DocStore) {}

  /** Resolves once the edits made so far are in the store. */
  requestSave(): Promise<void> {
    if (this.running) {
      this.pending = true;
      return this.running;
    }
    this.running = this.saveLoop();
    return this.running;
  }

  private async saveLoop(): Promise<void> {
    try {
      do {
        this.pending = false;
        const text = this.doc.snapshot();
        await this.store.write(this.doc.id, text);
      } while (this.pending);
    } finally {
      this.running = null;
    }
  }

  get busy(): boolean {
    return this.running !== null;
  }
}

/** Applies a keystroke and schedules the save, as the editor's input handler does. */
export function onInput(doc: Document, saver: Autosaver, chars: string): Promise<void> {
  doc.type(chars);
  return saver.requestSave();
}
