/**
 * Maps `fn` over `items` with at most `limit` calls in flight (as p-map / async.mapLimit do).
 * The results come back in the order of `items`, whatever order the calls finish in.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  if (limit < 1) throw new RangeError(`limit must be at least 1, got ${limit}`);
  const results: R[] = new Array(items.length);
  let cursor = 0;

  // Each worker takes the next unclaimed item until none is left.
  const worker = async (): Promise<void> => {
    while (cursor < items.length) {
      const item = items[cursor++];
      const value = await fn(item);
      results[cursor - 1] = value;
    }
  };

  const workers: Promise<void>[] = [];
  for (let w = 0; w < Math.min(limit, items.length); w++) workers.push(worker());
  await Promise.all(workers);
  return results;
}
