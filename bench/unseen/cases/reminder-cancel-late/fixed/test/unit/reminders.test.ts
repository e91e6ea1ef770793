import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Mailer, Templates } from '../../src/services.ts';
import { ReminderService, validateAddress } from '../../src/reminders.ts';

test('addresses are checked', () => {
  assert.equal(validateAddress('Ann@Example.org'), 'ann@example.org');
  assert.throws(() => validateAddress('nobody'), /bad address/);
});

test('a scheduled reminder is sent; a cancelled one is not', async () => {
  const mailer = new Mailer();
  const service = new ReminderService(mailer, new Templates());
  service.schedule('r1', 'ann@example.org', 5);
  service.schedule('r2', 'bob@example.org', 50);
  assert.equal(service.cancel('r2'), true);
  assert.equal(service.cancel('nope'), false);
  await service.drain();
  assert.deepEqual(service.sent, ['r1']);
  assert.equal(mailer.outbox[0].body, 'reminder: id=r1, to=ann@example.org');
  assert.equal(service.isPending('r1'), false);
});
