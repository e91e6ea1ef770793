import { setTimeout as sleep } from 'node:timers/promises';
import { mapLimit } from './map-limit.ts';

export interface Image {
  name: string;
  width: number;
  height: number;
}

export interface Thumbnail {
  source: string;
  width: number;
  height: number;
}

/** Fits width × height into a box of `max` pixels on the longer side, keeping the aspect ratio. */
export function fitInto(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Stands in for an image library: bigger images take longer to resize. */
export class Resizer {
  calls = 0;

  async resize(image: Image, max: number): Promise<Thumbnail> {
    this.calls++;
    await sleep(1 + Math.round((image.width * image.height) / 200_000));
    return { source: image.name, ...fitInto(image.width, image.height, max) };
  }
}

/** Makes the thumbnails of a gallery, `parallel` resizes at a time. */
export function makeThumbnails(resizer: Resizer, images: readonly Image[], max: number, parallel: number): Promise<Thumbnail[]> {
  return mapLimit(images, parallel, (image) => resizer.resize(image, max));
}

export function describe(thumbs: readonly Thumbnail[]): string {
  return thumbs.map((t) => `${t.source} ${t.width}x${t.height}`).join(', ');
}
