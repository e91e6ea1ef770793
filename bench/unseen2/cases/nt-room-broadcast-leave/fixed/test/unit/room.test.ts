import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, PresenceService } from '../../src/presence.ts';
import { formatLine, Room } from '../../src/room.ts';

test('lines carry the UTC time and the author', () => {
  assert.equal(formatLine('ann', '  hi all ', new Date(Date.UTC(2024, 0, 1, 9, 5))), '[09:05] <ann> hi all');
});

test('joining twice keeps one membership', () => {
  const room = new Room('general', new PresenceService());
  room.join(new Connection('ann'));
  room.join(new Connection('ann'));
  room.join(new Connection('bob'));
  assert.deepEqual(room.memberIds(), ['ann', 'bob']);
});

test('a broadcast reaches every member', async () => {
  const room = new Room('general', new PresenceService());
  const conns = ['ann', 'bob', 'cyd'].map((id) => new Connection(id));
  conns.forEach((c) => room.join(c));
  assert.equal(await room.broadcast('ann', 'hello'), 3);
  assert.deepEqual(conns.map((c) => c.received), [['[00:00] <ann> hello'], ['[00:00] <ann> hello'], ['[00:00] <ann> hello']]);
});

test('a member who left gets no more messages', async () => {
  const presence = new PresenceService();
  const room = new Room('general', presence);
  const ann = new Connection('ann');
  const bob = new Connection('bob');
  room.join(ann);
  room.join(bob);
  await room.leave('ann');
  assert.equal(await room.broadcast('bob', 'bye ann'), 1);
  assert.deepEqual(ann.received, []);
  assert.ok(presence.offline.has('ann'));
});
