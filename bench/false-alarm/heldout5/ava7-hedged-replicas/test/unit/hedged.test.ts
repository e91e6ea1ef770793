import test from 'ava';
import { AggregateError } from 'p-any';
import { HedgedClient } from '../../src/hedged-client.js';
import { Replica } from '../../src/replica.js';
import { gate } from '../helpers.js';

const pair = () => [new Replica('primary'), new Replica('backup')] as const;

test.serial('a primary that answers needs no hedge', async (t) => {
  const [p, b] = pair();
  const client = new HedgedClient(p, b, 10_000);
  t.deepEqual(await client.get('k1'), { key: 'k1', value: 'K1', from: 'primary' });
  t.is(client.hedges, 0);
  t.is(b.calls, 0);
});

test.serial('a primary that does not answer is hedged; the backup wins and the primary is aborted', async (t) => {
  const [p, b] = pair();
  const g = gate();
  p.hold = g.wait;
  const client = new HedgedClient(p, b, 2);
  t.is((await client.get('k2')).from, 'backup');
  t.is(p.aborted, 1);
  t.is(p.inFlight, 0);
  g.open();
});

test.serial('a primary that fails is hedged at once', async (t) => {
  const [p, b] = pair();
  p.down = true;
  const client = new HedgedClient(p, b, 10_000);
  t.is((await client.get('k3')).from, 'backup');
  t.is(client.hedges, 1);
});

test.serial('both replicas down: an AggregateError with both failures', async (t) => {
  const [p, b] = pair();
  p.down = true;
  b.down = true;
  const err = await t.throwsAsync(new HedgedClient(p, b, 10_000).get('k4'), { instanceOf: AggregateError });
  t.is([...(err as AggregateError).errors].length, 2);
});

test.serial('a read past its timeout rejects with a TimeoutError', async (t) => {
  const [p, b] = pair();
  const g = gate();
  p.hold = g.wait;
  b.hold = g.wait;
  await t.throwsAsync(new HedgedClient(p, b, 1).get('k5', { timeoutMs: 10 }), { name: 'TimeoutError' });
  t.is(p.inFlight + b.inFlight, 0);
  g.open();
});
