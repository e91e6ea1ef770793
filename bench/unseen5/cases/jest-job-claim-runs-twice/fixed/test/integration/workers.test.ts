import { JobStore } from '../../src/job-store';
import { JobTable } from '../../src/job-table';
import { Mailer, WorkerPool, invoiceHandlers } from '../../src/workers';

async function setup(invoices: number) {
  const table = new JobTable();
  const store = new JobStore(table);
  const mailer = new Mailer();
  for (let n = 1; n <= invoices; n++) {
    await store.enqueue('send-invoice', { customer: `c${n}@example.com`, invoice: `INV-${n}` });
  }
  return { table, store, mailer, handlers: invoiceHandlers(mailer) };
}

describe('workers draining the queue together', () => {
  test('three workers send every invoice exactly once', async () => {
    const { table, store, mailer, handlers } = await setup(6);
    await new WorkerPool(store, handlers, 3).drain();
    const subjects = mailer.sent.map((m) => m.subject).sort();
    expect(subjects).toEqual(['INV-1', 'INV-2', 'INV-3', 'INV-4', 'INV-5', 'INV-6'].map((i) => `Invoice ${i}`));
    expect(table.snapshot().map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  test('every job ends done when the pool has drained', async () => {
    const { table, store, handlers } = await setup(4);
    await new WorkerPool(store, handlers, 2).drain();
    expect(table.snapshot().every((r) => r.status === 'done')).toBe(true);
  });

  test('the mailer never holds more than two connections', async () => {
    const mailer = new Mailer();
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((u) => mailer.send(`${u}@example.com`, 'Welcome')));
    expect(mailer.sent).toHaveLength(7);
    expect(mailer.maxActive).toBe(2);
  });

  test('jobs enqueued while the pool runs are picked up too', async () => {
    const { table, store, mailer, handlers } = await setup(2);
    const late = (async () => {
      await new Promise((r) => setTimeout(r, 1));
      await store.enqueue('send-invoice', { customer: 'late@example.com', invoice: 'INV-9' });
    })();
    const pool = new WorkerPool(store, handlers, 1);
    await Promise.all([pool.drain(), late]);
    await pool.drain();
    expect(new Set(mailer.sent.map((m) => m.subject)).size).toBe(3);
    expect(table.snapshot().every((r) => r.status === 'done')).toBe(true);
  });
});
