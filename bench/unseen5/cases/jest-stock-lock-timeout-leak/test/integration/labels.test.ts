import { LabelPrinter } from '../../src/inventory';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('shipping labels on a pool of printers', () => {
  test('a burst of labels never uses more printers than there are', async () => {
    const printer = new LabelPrinter(2);
    const ids = Array.from({ length: 8 }, (_, i) => `o-${i}`);
    const labels = await Promise.all(ids.map((id) => printer.print(id)));
    expect(labels).toEqual(ids.map((id) => `LABEL:${id}`));
    expect(printer.peakSeen).toBeLessThanOrEqual(2);
    expect(printer.active).toBe(0);
  });

  test('labels arriving at random moments are all printed', async () => {
    const printer = new LabelPrinter(3);
    const ids = Array.from({ length: 9 }, (_, i) => `r-${i}`);
    await Promise.all(ids.map(async (id, i) => {
      await sleep((i * 7) % 5);
      return printer.print(id);
    }));
    expect([...printer.printed].sort()).toEqual([...ids].sort());
    expect(printer.peakSeen).toBeLessThanOrEqual(3);
  });
});
