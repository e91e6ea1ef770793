import { setTimeout as sleep } from 'node:timers/promises';
import { Barrier, CountDownLatch } from './sync.ts';

/**
 * Counts words with one worker per chunk. Phase 1: each worker counts its chunk into its own slot.
 * Barrier. Phase 2: worker i merges the counts of the words whose first letter falls to it.
 * A latch tells the caller when every worker has finished phase 2.
 */
export async function wordCount(chunks: string[], delays: number[] = []): Promise<{ counts: Map<string, number>; phaseLog: string[] }> {
  const n = chunks.length;
  const barrier = new Barrier(n);
  const finished = new CountDownLatch(n);
  const partial: Array<Map<string, number>> = chunks.map(() => new Map());
  const merged: Array<Map<string, number>> = chunks.map(() => new Map());
  const phaseLog: string[] = [];

  const worker = async (i: number) => {
    await sleep(delays[i] ?? 1); // reading the chunk
    for (const word of chunks[i].split(/\s+/).filter(Boolean)) {
      partial[i].set(word, (partial[i].get(word) ?? 0) + 1);
    }
    phaseLog.push(`count:${i}`);
    await barrier.arrive();
    phaseLog.push(`merge:${i}`);
    for (const part of partial) {
      for (const [word, c] of part) {
        if (word.charCodeAt(0) % n !== i) continue;
        merged[i].set(word, (merged[i].get(word) ?? 0) + c);
      }
    }
    await sleep(1);
    finished.countDown();
  };

  for (let i = 0; i < n; i++) void worker(i);
  await finished.wait();
  const counts = new Map<string, number>();
  for (const m of merged) for (const [w, c] of m) counts.set(w, c);
  return { counts, phaseLog };
}
