import { readdir, readFile } from 'node:fs/promises';
import { RenderFarm } from '../../src/render-farm';
import { jobs, renderAll } from '../../src/renderer';
import { gatedRenderer, removeDir, tempDir } from '../helpers';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => removeDir(dir));

describe('three slots, many jobs at once', () => {
  test('nine renders: exactly three run at once at the peak, never four, all files written', async () => {
    const farm = new RenderFarm(dir, 3);
    const report = await renderAll((j) => farm.render(j), jobs(9));
    expect(report.failed).toEqual([]);
    expect(report.written).toHaveLength(9);
    expect(farm.maxActive).toBe(3);
    expect(farm.started.slice(0, 3).sort()).toEqual(['frame-1', 'frame-2', 'frame-3']);
    expect((await readdir(dir)).sort()).toEqual(jobs(9).map((j) => `${j.id}.txt`).sort());
    expect(await readFile(`${dir}/frame-9.txt`, 'utf8')).toBe('frame-9:144x81:11664px');
    expect(farm.freeSlots()).toBe(3);
  });

  test('while three renders hold the slots, tryRender is turned away at once', async () => {
    const gate = gatedRenderer();
    const farm = new RenderFarm(dir, 3, gate.renderer);
    const holders = jobs(3, 'hold').map((j) => farm.render(j));
    await new Promise((r) => setImmediate(r));
    expect(gate.waiting()).toBe(3);
    expect(farm.tryRender({ id: 'extra-1', width: 1, height: 1 })).toBe('busy');
    expect(farm.tryRender({ id: 'extra-2', width: 1, height: 1 })).toBe('busy');
    gate.open();
    await Promise.all(holders);
    expect(farm.freeSlots()).toBe(3);
    expect(farm.started).toEqual(['hold-1', 'hold-2', 'hold-3']);
  });

  test('renderWithin gives up while the slots stay taken, and no permit is lost', async () => {
    const gate = gatedRenderer();
    const farm = new RenderFarm(dir, 2, gate.renderer);
    const holders = jobs(2, 'hold').map((j) => farm.render(j));
    const impatient = await farm.renderWithin({ id: 'late', width: 2, height: 2 }, 15);
    expect(impatient).toBe('timed-out');
    gate.open();
    await Promise.all(holders);
    expect(farm.freeSlots()).toBe(2);
    const after = await renderAll((j) => farm.render(j), jobs(4, 'next'));
    expect(after.written).toHaveLength(4);
    expect(farm.maxActive).toBe(2);
  });

  test('failed renders among concurrent ones release their slots', async () => {
    const farm = new RenderFarm(dir, 3);
    const batch = [...jobs(5), { id: 'broken-1', width: 0, height: 1 }, { id: 'broken-2', width: 3, height: 0 }];
    const report = await renderAll((j) => farm.render(j), batch);
    expect(report.failed).toEqual(['broken-1', 'broken-2']);
    expect(report.written).toHaveLength(5);
    expect(farm.freeSlots()).toBe(3);
    expect(farm.active).toBe(0);
    expect(farm.maxActive).toBe(3);
  });

  test('a waiting render starts as soon as a holder finishes, and the late one waits its turn', async () => {
    const gate = gatedRenderer();
    const farm = new RenderFarm(dir, 1, gate.renderer);
    const first = farm.render({ id: 'first', width: 1, height: 1 });
    const second = farm.render({ id: 'second', width: 1, height: 1 });
    await new Promise((r) => setImmediate(r));
    expect(farm.started).toEqual(['first']);
    gate.open();
    await Promise.all([first, second]);
    expect(farm.started).toEqual(['first', 'second']);
    expect(farm.maxActive).toBe(1);
  });
});
