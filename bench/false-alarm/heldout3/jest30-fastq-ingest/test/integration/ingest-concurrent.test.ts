import { Ingestor } from '../../src/ingestor';
import { addCounts, emptyCounts, expectedCounts, makeLogDir } from '../../src/log-files';

let logs: Awaited<ReturnType<typeof makeLogDir>>;
beforeAll(async () => {
  logs = await makeLogDir(10);
});
afterAll(() => logs.cleanup());

const expectedTotal = (n: number) => {
  const total = emptyCounts();
  for (let i = 0; i < n; i++) addCounts(total, expectedCounts(i));
  return total;
};

describe('a fastq queue with concurrency 2', () => {
  test('ten files at once: two in flight at the peak, never three, totals exact', async () => {
    const ing = new Ingestor(2);
    const settled = await ing.ingestAll(logs.files);
    expect(settled.every((s) => s.status === 'fulfilled')).toBe(true);
    expect(ing.maxActive).toBe(2);
    expect(ing.totals).toEqual(expectedTotal(10));
    expect(ing.finished.slice().sort()).toEqual(logs.files.map((f) => f.slice(logs.dir.length + 1)));
  });

  test('files start in the order they were queued', async () => {
    const ing = new Ingestor(2);
    await ing.ingestAll(logs.files);
    expect(ing.started).toEqual(logs.files.map((f) => f.slice(logs.dir.length + 1)));
  });

  test('each caller gets the result of its own file', async () => {
    const ing = new Ingestor(3);
    const results = await Promise.all(logs.files.map((f) => ing.ingest(f)));
    results.forEach((r, i) => expect(r.counts).toEqual(expectedCounts(i)));
    expect(ing.maxActive).toBe(3);
  });

  test('an urgent file queued with unshift while paused starts first', async () => {
    const ing = new Ingestor(2);
    ing.pause();
    const normal = logs.files.slice(0, 4).map((f) => ing.ingest(f));
    const urgent = ing.ingestFirst(logs.files[9]);
    expect(ing.waiting()).toBe(5);
    expect(ing.started).toEqual([]);
    ing.resume();
    await Promise.all([...normal, urgent]);
    expect(ing.started[0]).toBe('app-09.log');
    expect(ing.started.slice(1)).toEqual(['app-00.log', 'app-01.log', 'app-02.log', 'app-03.log']);
  });

  test('missing files fail alone; drained() waits for everything queued', async () => {
    const ing = new Ingestor(2);
    const files = [...logs.files.slice(0, 3), `${logs.dir}/gone-1.log`, ...logs.files.slice(3, 6), `${logs.dir}/gone-2.log`];
    const pushed = files.map((f) => ing.ingest(f).then(() => 'ok', () => 'failed'));
    await ing.drained();
    expect(ing.idle()).toBe(true);
    expect(ing.finished).toHaveLength(6);
    expect(ing.totals).toEqual(expectedTotal(6));
    expect(await Promise.all(pushed)).toEqual(['ok', 'ok', 'ok', 'failed', 'ok', 'ok', 'ok', 'failed']);
  });
});
