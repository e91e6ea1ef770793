import { Ingestor } from '../../src/ingestor';
import { expectedCounts, makeLogDir, parseLog } from '../../src/log-files';

let logs: Awaited<ReturnType<typeof makeLogDir>>;
beforeAll(async () => {
  logs = await makeLogDir(4);
});
afterAll(() => logs.cleanup());

test('parseLog counts lines by level', () => {
  expect(parseLog('t INFO a\nt WARN b\nt INFO c\nt DEBUG d\n')).toEqual({ info: 2, warn: 1, error: 0 });
});

test('ingests one file', async () => {
  const ing = new Ingestor();
  const r = await ing.ingest(logs.files[0]);
  expect(r).toEqual({ file: 'app-00.log', counts: expectedCounts(0) });
  expect(ing.idle()).toBe(true);
});

test('ingests files one after another and sums them', async () => {
  const ing = new Ingestor();
  for (const f of logs.files) await ing.ingest(f);
  expect(ing.totals).toEqual({ info: 1 + 2 + 3 + 4, warn: 0 + 1 + 2 + 0, error: 2 });
  expect(ing.finished).toEqual(['app-00.log', 'app-01.log', 'app-02.log', 'app-03.log']);
});

test('a missing file rejects', async () => {
  const ing = new Ingestor();
  await expect(ing.ingest(`${logs.dir}/nope.log`)).rejects.toThrow(/ENOENT/);
  expect(ing.active).toBe(0);
});
