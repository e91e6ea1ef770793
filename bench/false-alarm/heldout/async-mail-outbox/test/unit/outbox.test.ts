import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MailOutbox } from '../../src/outbox';
import { FakeSmtp } from '../../src/smtp';
import { mails } from '../mails';

test('enqueue sends one mail', async () => {
  const smtp = new FakeSmtp();
  const outbox = new MailOutbox(smtp);
  const receipt = await outbox.enqueue(mails(1)[0]);
  assert.match(receipt, /^250 queued for user0@example.test/);
  assert.deepEqual(outbox.sent, ['user0@example.test']);
});

test('a bad address bounces', async () => {
  const outbox = new MailOutbox(new FakeSmtp());
  await assert.rejects(outbox.enqueue({ to: 'nobody', template: 'x', name: 'y' }), /550/);
  assert.deepEqual(outbox.bounced, ['nobody']);
});

test('previews keep the input order', async () => {
  const outbox = new MailOutbox(new FakeSmtp());
  assert.deepEqual(await outbox.previews(mails(3)), ['Hello User 0!', 'Hello User 1!', 'Hello User 2!']);
});

test('flush on an empty outbox returns at once', async () => {
  const outbox = new MailOutbox(new FakeSmtp());
  await outbox.flush();
  assert.deepEqual(outbox.status(), { waiting: 0, sending: 0 });
});
