import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Mailer, Templates } from '../../src/services.ts';
import { ReminderService } from '../../src/reminders.ts';

test('users cancel reminders around the time they fire: cancel() tells the truth', async () => {
  const service = new ReminderService(new Mailer(), new Templates());
  const ids = ['r1', 'r2', 'r3', 'r4'];
  ids.forEach((id) => service.schedule(id, `${id}@example.org`, 5));
  const answers = await Promise.all(ids.map((id, i) => sleep(1 + 5 * i).then(() => service.cancel(id))));
  await service.drain();
  ids.forEach((id, i) => assert.equal(service.sent.includes(id), !answers[i], `${id}: cancel() said ${answers[i]} but it was ${service.sent.includes(id) ? '' : 'not '}sent`));
});
