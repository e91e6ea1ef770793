import { setTimeout as sleep } from 'node:timers/promises';

/** A fake headless-browser tab: renders one page at a time. */
export class Tab {
  busy = false;
  readonly rendered: string[] = [];

  constructor(readonly id: number) {}

  async render(url: string, ms = 5): Promise<string> {
    if (this.busy) throw new Error(`tab ${this.id} is already rendering`);
    this.busy = true;
    try {
      await sleep(ms);
      if (url.endsWith('/500')) throw new Error(`render failed: ${url}`);
      this.rendered.push(url);
      return `<html data-tab="${this.id}">${url}</html>`;
    } finally {
      this.busy = false;
    }
  }
}
