// Sharded fuzz and rank runs across machines (issue 18 §1): the job matrix of the user's CI is the cluster.
// `--shard K/M` runs the seeds of S … S+N−1 that belong to shard K — seed s belongs to shard
// (s mod M) + 1, so shards stay balanced and a seed's schedule never depends on M. This is the
// seeds' partition, which the runs (fuzz.ts) follow; writing a shard's folder and merging the
// folders are the commands' flow (pipeline/shards.ts).

export interface Shard {
  /** 1 … count. */
  index: number;
  count: number;
}

/** `K/M` → a shard; a clear message otherwise. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) throw new Error(`--shard must be K/M with 1 ≤ K ≤ M (e.g. 2/4), got "${text}"`);
  return { index, count };
}

/** The shard a seed belongs to. */
export function shardOfSeed(seed: number, count: number): number {
  return (seed % count) + 1;
}

/** The run indexes (seed − S) of S … S+N−1 that belong to `shard`. */
export function shardRunIndexes(seed: number, runs: number, shard: Shard | undefined): number[] {
  const all = Array.from({ length: runs }, (_, i) => i);
  return shard ? all.filter((i) => shardOfSeed(seed + i, shard.count) === shard.index) : all;
}
