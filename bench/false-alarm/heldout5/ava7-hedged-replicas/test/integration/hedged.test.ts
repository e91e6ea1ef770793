import test from 'ava';
import { AggregateError } from 'p-any';
import { HedgedClient } from '../../src/hedged-client.js';
import { Replica } from '../../src/replica.js';
import { gate, jitter, until } from '../helpers.js';

const pair = () => [new Replica('primary'), new Replica('backup')] as const;

test('ten reads at random moments: every answer right, every losing read aborted', async (t) => {
  const [p, b] = pair();
  const client = new HedgedClient(p, b, 2);
  const answers = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      await jitter();
      p.latencyMs = Math.floor(Math.random() * 6);
      b.latencyMs = Math.floor(Math.random() * 6);
      return client.get(`key-${i}`);
    }),
  );
  t.deepEqual(answers.map((a) => a.value), Array.from({ length: 10 }, (_, i) => `KEY-${i}`));
  t.is(p.inFlight + b.inFlight, 0);
  t.is(p.calls, p.answered + p.aborted);
  t.is(b.calls, b.answered + b.aborted);
  t.is(p.answered + b.answered, 10);
});

test('a held primary: five concurrent reads are all answered by the backup, the primary reads aborted', async (t) => {
  const [p, b] = pair();
  const g = gate();
  p.hold = g.wait;
  const client = new HedgedClient(p, b, 3);
  const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => client.get(k)));
  t.true(answers.every((a) => a.from === 'backup'));
  t.is(client.hedges, 5);
  t.is(p.aborted, 5);
  g.open();
  await new Promise<void>((r) => setImmediate(r));
  t.is(p.answered, 0);
});

test('a failing primary is hedged at once for every concurrent read, long before the hedge delay', async (t) => {
  const [p, b] = pair();
  p.down = true;
  const client = new HedgedClient(p, b, 60_000);
  const answers = await Promise.all(Array.from({ length: 6 }, async (_, i) => (await jitter(), client.get(`f${i}`))));
  t.true(answers.every((a) => a.from === 'backup'));
  t.is(client.hedges, 6);
  t.is(b.answered, 6);
});

test('both replicas down: each concurrent read fails with both reasons', async (t) => {
  const [p, b] = pair();
  p.down = true;
  b.down = true;
  const client = new HedgedClient(p, b, 1);
  const settled = await Promise.allSettled([1, 2, 3, 4].map(async (i) => (await jitter(), client.get(`d${i}`))));
  for (const s of settled) {
    t.is(s.status, 'rejected');
    const reason = (s as PromiseRejectedResult).reason;
    t.true(reason instanceof AggregateError);
    t.is([...(reason as AggregateError).errors].length, 2);
  }
});

test("the caller's abort stops both reads of every request it was passed to", async (t) => {
  const [p, b] = pair();
  const g = gate();
  p.hold = g.wait;
  b.hold = g.wait;
  const client = new HedgedClient(p, b, 1);
  const caller = new AbortController();
  const reads = ['x', 'y', 'z'].map((k) => client.get(k, { signal: caller.signal }));
  await until(() => b.calls === 3);
  const reason = new Error('user navigated away');
  caller.abort(reason);
  const settled = await Promise.allSettled(reads);
  t.true(settled.every((s) => s.status === 'rejected' && s.reason === reason));
  t.is(p.aborted, 3);
  t.is(b.aborted, 3);
  g.open();
});

test('one caller aborting does not disturb another read on the same replicas', async (t) => {
  const [p, b] = pair();
  const g = gate();
  p.hold = g.wait;
  b.hold = g.wait;
  const client = new HedgedClient(p, b, 1);
  const mine = new AbortController();
  const aborted = client.get('mine', { signal: mine.signal });
  const other = client.get('other');
  await until(() => b.calls === 2);
  mine.abort(new Error('cancelled'));
  await t.throwsAsync(aborted, { message: 'cancelled' });
  g.open();
  t.is((await other).value, 'OTHER');
  t.is(p.inFlight + b.inFlight, 0);
});

test('a timeout fires not before its time, and aborts both reads', async (t) => {
  const [p, b] = pair();
  const g = gate();
  p.hold = g.wait;
  b.hold = g.wait;
  const client = new HedgedClient(p, b, 2);
  const started = Date.now();
  await t.throwsAsync(client.get('slow', { timeoutMs: 25 }), { name: 'TimeoutError' });
  t.true(Date.now() - started >= 15);
  t.is(p.aborted + b.aborted, b.calls + 1);
  g.open();
});
