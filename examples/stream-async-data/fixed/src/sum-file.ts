import fs from 'node:fs';

/** Parses one chunk of comma-separated numbers (async: a real parser may look values up). */
export async function parseChunk(chunk: string): Promise<number[]> {
  await null;
  return chunk.split(',').filter((s) => s.trim() !== '').map(Number);
}

/** Sums the numbers in a file of comma-separated values, streamed in small chunks. The chunks'
 *  async parses are kept; 'end' waits for all of them before it resolves the total. */
export function sumFile(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    let rest = '';
    const parses: Promise<void>[] = [];
    const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 16 });
    stream.on('error', reject);
    stream.on('data', (chunk: string | Buffer) => {
      const text = rest + String(chunk);
      const cut = text.lastIndexOf(',') + 1;
      rest = text.slice(cut);
      parses.push(parseChunk(text.slice(0, cut)).then((numbers) => {
        for (const n of numbers) total += n;
      }));
    });
    stream.on('end', () => {
      Promise.all(parses).then(() => resolve(total + (rest.trim() ? Number(rest) : 0)), reject);
    });
  });
}
