import { RenderPool } from '../../src/pool';
import { createListHandler, ThumbnailService } from '../../src/thumbnails';

// Plain documents render in 1-4 ms, scans in 10-30 ms; the list page gives up after 20 ms
// (pages without scans are given 500 ms).
const setup = (size: number, timeoutMs = 500) => {
  const pool = new RenderPool(size);
  const service = new ThumbnailService(pool, { timeoutMs, widths: [160, 320] });
  return { pool, service, handle: createListHandler(service) };
};

const ownOrPlaceholder = (t: { docId: string; width: number; image: string; placeholder: boolean }) =>
  t.placeholder ? t.image === `placeholder@${t.width}` : t.image === `thumb(${t.docId}@${t.width})`;

describe('thumbnail lists under load', () => {
  it('a page of born-digital documents: every thumbnail is its own', async () => {
    const { handle } = setup(2);
    const docIds = Array.from({ length: 10 }, (_, i) => `report-${i}`);
    const res = await handle({ docIds });
    expect(res.status).toBe(200);
    expect(res.items.map((t) => t.image)).toEqual(docIds.map((id) => `thumb(${id}@160)`));
  });

  it('a page with a scanned document among others: no document shows another one\'s thumbnail', async () => {
    const { handle } = setup(2, 20);
    const docIds = ['letter-1', 'scan-lease', 'letter-2', 'letter-3', 'letter-4', 'letter-5', 'letter-6', 'letter-7', 'letter-8', 'letter-9', 'letter-10', 'letter-11'];
    const res = await handle({ docIds, width: 320 });
    expect(res.items.map((t) => t.docId)).toEqual(docIds);
    expect(res.items.filter((t) => !ownOrPlaceholder(t))).toEqual([]);
  });

  it('never renders more jobs at once than there are workers', async () => {
    const { pool, handle } = setup(3);
    await Promise.all([0, 1, 2, 3].map((page) => handle({ docIds: Array.from({ length: 6 }, (_, i) => `p${page}-doc-${i}`) })));
    expect(pool.workers.every((w) => w.maxBusy === 1)).toBe(true);
    expect(pool.workers.reduce((n, w) => n + w.rendered, 0)).toBe(24);
    expect(pool.queued).toBe(0);
  });

  it('two widths of one page at once', async () => {
    const { handle } = setup(2);
    const docIds = ['a', 'b', 'c', 'd'];
    const [small, large] = await Promise.all([handle({ docIds, width: 160 }), handle({ docIds, width: 320 })]);
    expect(small.items.map((t) => t.image)).toEqual(docIds.map((id) => `thumb(${id}@160)`));
    expect(large.items.map((t) => t.image)).toEqual(docIds.map((id) => `thumb(${id}@320)`));
  });
});
