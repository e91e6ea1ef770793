import { setTimeout as sleep } from 'node:timers/promises';

/** Stands in for an image library: rendering takes a few milliseconds of "CPU" elsewhere. */
export class Renderer {
  busy = 0;
  maxBusy = 0;
  order: string[] = [];

  async render(image: string, size: number): Promise<string> {
    this.busy++;
    this.maxBusy = Math.max(this.maxBusy, this.busy);
    this.order.push(image);
    try {
      await sleep(2 + (image.length % 3));
      if (image.endsWith('.corrupt')) throw new Error(`cannot decode ${image}`);
      return `${image}@${size}px`;
    } finally {
      this.busy--;
    }
  }
}
