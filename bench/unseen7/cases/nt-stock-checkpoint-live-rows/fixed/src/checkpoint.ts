import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, readdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { relocate, resetStock, stockLines, stockStats, type StockRow } from './stock.ts';

let seq = 0;

/** Streams the stock to `<dir>/stock-<n>.ndjson` (through a temporary name, renamed when complete). */
export async function writeCheckpoint(dir: string): Promise<string> {
  const name = `stock-${String(++seq).padStart(4, '0')}.ndjson`;
  const partial = join(dir, `${name}.partial`);
  await pipeline(Readable.from(stockLines()), createWriteStream(partial));
  await rename(partial, join(dir, name));
  return join(dir, name);
}

export async function readCheckpoint(path: string): Promise<StockRow[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as StockRow);
}

export class WarehouseService {
  private dir?: Promise<string>;

  /** The checkpoint folder, created on first use (concurrent first callers share it). */
  checkpointDir(): Promise<string> {
    this.dir ??= mkdtemp(join(tmpdir(), 'stock-ckpt-'));
    return this.dir;
  }

  async checkpoint(): Promise<string> {
    return writeCheckpoint(await this.checkpointDir());
  }

  async checkpoints(): Promise<string[]> {
    const dir = await this.checkpointDir();
    return (await readdir(dir)).filter((f) => f.endsWith('.ndjson')).sort();
  }

  async restore(path: string): Promise<void> {
    resetStock(await readCheckpoint(path));
  }

  /** A picker's relocation task, arriving from the handheld scanners. */
  relocate(sku: string, from: string, to: string): number {
    return relocate(sku, from, to);
  }

  stats() {
    return stockStats();
  }
}
