import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Sums the numbers in a file of comma-separated values, streamed in chunks, yielding to
 *  the event loop before each chunk's parse; 'end' waits for all the parses before it resolves. */
export function sumFile(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    let rest = '';
    const parses: Promise<void>[] = [];
    const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 64 });
    stream.on('error', reject);
    stream.on('data', (chunk: string | Buffer) => {
      const text = rest + String(chunk);
      const cut = text.lastIndexOf(',') + 1;
      rest = text.slice(cut);
      parses.push(nextTurn().then(() => {
        for (const s of text.slice(0, cut).split(',')) if (s.trim() !== '') total += Number(s);
      }));
    });
    stream.on('end', () => {
      Promise.all(parses).then(() => resolve(total + (rest.trim() ? Number(rest) : 0)), reject);
    });
  });
}
