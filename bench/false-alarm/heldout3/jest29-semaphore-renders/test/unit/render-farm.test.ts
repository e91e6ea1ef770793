import { readFile } from 'node:fs/promises';
import { RenderFarm } from '../../src/render-farm';
import { jobs, renderAll } from '../../src/renderer';
import { removeDir, tempDir } from '../helpers';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => removeDir(dir));

test('renders one job into a file', async () => {
  const farm = new RenderFarm(dir);
  const file = await farm.render({ id: 'a', width: 4, height: 3 });
  expect(await readFile(file, 'utf8')).toBe('a:4x3:12px');
  expect(farm.freeSlots()).toBe(3);
});

test('renders jobs one after the other', async () => {
  const farm = new RenderFarm(dir);
  for (const job of jobs(4)) await farm.render(job);
  expect(farm.started).toEqual(['frame-1', 'frame-2', 'frame-3', 'frame-4']);
  expect(farm.maxActive).toBe(1);
});

test('a failed render gives its slot back', async () => {
  const farm = new RenderFarm(dir);
  await expect(farm.render({ id: 'bad', width: 0, height: 5 })).rejects.toThrow('empty frame');
  expect(farm.freeSlots()).toBe(3);
});

test('tryRender takes a free slot', async () => {
  const farm = new RenderFarm(dir, 1);
  const p = farm.tryRender({ id: 't', width: 1, height: 1 });
  expect(p).not.toBe('busy');
  await p;
  expect(farm.freeSlots()).toBe(1);
});

test('renderWithin gets a free slot at once', async () => {
  const farm = new RenderFarm(dir);
  expect(await farm.renderWithin({ id: 'w', width: 2, height: 2 }, 50)).toMatch(/w\.txt$/);
  const report = await renderAll((j) => farm.render(j), jobs(1, 'solo'));
  expect(report).toEqual({ written: [expect.stringMatching(/solo-1\.txt$/)], failed: [] });
});
