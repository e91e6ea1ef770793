import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, PresenceService } from '../../src/presence.ts';
import { Room } from '../../src/room.ts';

function roomWith(ids: string[]) {
  const room = new Room('general', new PresenceService());
  const conns = new Map(ids.map((id) => [id, new Connection(id)]));
  for (const c of conns.values()) room.join(c);
  return { room, conns };
}

test('a member leaving during a broadcast does not cost the others the message', async () => {
  const { room, conns } = roomWith(['ann', 'bob', 'cyd', 'dee']);
  await Promise.all([room.broadcast('dee', 'standup in 5'), room.leave('ann')]);
  for (const id of ['bob', 'cyd', 'dee']) assert.equal(conns.get(id)!.received.length, 1, `${id} missed the message`);
  assert.deepEqual(room.memberIds(), ['bob', 'cyd', 'dee']);
});

test('two members leave while two messages go out', async () => {
  const { room, conns } = roomWith(['ann', 'bob', 'cyd', 'dee', 'eve']);
  await Promise.all([room.broadcast('eve', 'first'), room.leave('bob'), room.broadcast('eve', 'second'), room.leave('ann')]);
  for (const id of ['cyd', 'dee', 'eve']) {
    assert.deepEqual(conns.get(id)!.received.map((l) => l.split('> ')[1]).sort(), ['first', 'second'], `${id}`);
  }
});

test('messages sent at once all reach a stable room', async () => {
  const { room, conns } = roomWith(['ann', 'bob']);
  const counts = await Promise.all([room.broadcast('ann', 'a'), room.broadcast('bob', 'b'), room.broadcast('ann', 'c')]);
  assert.deepEqual(counts, [2, 2, 2]);
  assert.equal(conns.get('bob')!.received.length, 3);
});
