import fs from 'node:fs';

/** Parses one chunk of comma-separated numbers (async: a real parser may look values up). */
export async function parseChunk(chunk: string): Promise<number[]> {
  await null;
  return chunk.split(',').filter((s) => s.trim() !== '').map(Number);
}

/**
 * Sums the numbers in a file of comma-separated values, streamed in small chunks. Each chunk is
 * parsed by an async 'data' handler; 'end' resolves the total — before the handlers of the last
 * chunks have added their numbers.
 */
export function sumFile(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    let rest = '';
    const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 16 });
    stream.on('error', reject);
    stream.on('data', async (chunk: string | Buffer) => {
      const text = rest + String(chunk);
      const cut = text.lastIndexOf(',') + 1;
      rest = text.slice(cut);
      const numbers = await parseChunk(text.slice(0, cut));
      for (const n of numbers) total += n;
    });
    stream.on('end', () => resolve(total + (rest.trim() ? Number(rest) : 0)));
  });
}
