import { JobStore } from '../../src/job-store';
import { JobTable } from '../../src/job-table';
import { Mailer, Semaphore, Worker, invoiceHandlers } from '../../src/workers';

function setup() {
  const table = new JobTable();
  const store = new JobStore(table);
  const mailer = new Mailer();
  return { table, store, mailer, handlers: invoiceHandlers(mailer) };
}

describe('job queue', () => {
  test('an enqueued job is queued and unclaimed', async () => {
    const { store } = setup();
    const id = await store.enqueue('send-invoice', { customer: 'ada@example.com', invoice: 'INV-1' });
    const row = await store.status(id);
    expect(row).toMatchObject({ status: 'queued', worker: null, attempts: 0 });
  });

  test('claiming marks the job running for that worker', async () => {
    const { store } = setup();
    const id = await store.enqueue('send-invoice', { customer: 'ada@example.com', invoice: 'INV-1' });
    const job = await store.claim(id, 'w1');
    expect(job).toMatchObject({ id, attempts: 1 });
    expect(await store.status(id)).toMatchObject({ status: 'running', worker: 'w1' });
  });

  test('a job already claimed cannot be claimed again', async () => {
    const { store } = setup();
    const id = await store.enqueue('send-invoice', { customer: 'ada@example.com', invoice: 'INV-1' });
    await store.claim(id, 'w1');
    expect(await store.claim(id, 'w2')).toBeUndefined();
  });

  test('one worker drains the queue oldest first and sends each invoice once', async () => {
    const { store, mailer, handlers } = setup();
    for (const n of [1, 2, 3]) await store.enqueue('send-invoice', { customer: `c${n}@example.com`, invoice: `INV-${n}` });
    const worker = new Worker('w1', store, handlers);
    await worker.loop();
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Invoice INV-1', 'Invoice INV-2', 'Invoice INV-3']);
    expect(worker.processed).toBe(3);
  });

  test('a job without a handler is marked failed', async () => {
    const { store, handlers } = setup();
    const id = await store.enqueue('resize-image', { path: '/tmp/a.png' });
    await new Worker('w1', store, handlers).loop();
    expect(await store.status(id)).toMatchObject({ status: 'failed', error: 'no handler for resize-image' });
  });

  test('the semaphore hands its permit to the next waiter', async () => {
    const sem = new Semaphore(1);
    const order: string[] = [];
    await sem.acquire();
    const waiting = sem.acquire().then(() => order.push('second'));
    order.push('first');
    sem.release();
    await waiting;
    sem.release();
    expect(order).toEqual(['first', 'second']);
  });
});
