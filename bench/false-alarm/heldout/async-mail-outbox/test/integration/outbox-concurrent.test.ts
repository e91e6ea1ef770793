import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MailOutbox } from '../../src/outbox';
import { FakeSmtp } from '../../src/smtp';
import { mails } from '../mails';

test('nine mails queued at once: two workers, every mail sent once', async () => {
  const smtp = new FakeSmtp();
  const outbox = new MailOutbox(smtp, 2);
  const receipts = await Promise.all(mails(9).map((m) => outbox.enqueue(m)));
  assert.equal(receipts.length, 9);
  assert.equal(smtp.maxConnections, 2);
  assert.deepEqual([...smtp.delivered].sort(), mails(9).map((m) => m.to).sort());
});

test('right after queueing, two are sending and the rest wait', async () => {
  const outbox = new MailOutbox(new FakeSmtp(), 2);
  const all = Promise.all(mails(6).map((m) => outbox.enqueue(m)));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(outbox.status(), { waiting: 4, sending: 2 });
  await all;
  assert.deepEqual(outbox.status(), { waiting: 0, sending: 0 });
});

test('flush waits for mails queued without awaiting them, bounces included', async () => {
  const smtp = new FakeSmtp();
  const outbox = new MailOutbox(smtp, 2);
  for (const m of mails(5)) outbox.enqueue(m).catch(() => undefined);
  outbox.enqueue({ to: 'broken-address', template: 'x', name: 'y' }).catch(() => undefined);
  await outbox.flush();
  assert.equal(outbox.sent.length, 5);
  assert.deepEqual(outbox.bounced, ['broken-address']);
});

test('previews of many mails render two at a time, in order', async () => {
  const outbox = new MailOutbox(new FakeSmtp());
  const previews = await outbox.previews(mails(7));
  assert.deepEqual(previews, mails(7).map((m) => `Hello ${m.name}!`));
  assert.equal(outbox.maxRendering, 2);
});
