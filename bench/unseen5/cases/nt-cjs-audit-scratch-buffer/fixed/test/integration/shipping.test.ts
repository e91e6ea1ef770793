import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CollectorLink } from '../../src/link';
import { AuditShipper } from '../../src/shipper';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** One API request: some work, then its audit record. */
async function request(shipper: AuditShipper, actor: string, action: string, target: string): Promise<void> {
  await sleep(between(0, 40));
  await shipper.record(actor, action, target);
}

describe('audit trail under concurrent requests', () => {
  it('events of concurrent requests reach the collector intact', async () => {
    const shipper = new AuditShipper(new CollectorLink());
    await shipper.record('gateway', 'start', 'trail');
    await Promise.all([
      request(shipper, 'alice', 'login', 'console'),
      request(shipper, 'svc.billing', 'refund', 'invoice-2291'),
    ]);
    await shipper.close();
    const trail = shipper.collected().map((e) => `${e.actor}:${e.action}:${e.target}`);
    assert.deepEqual([...trail].sort(), ['alice:login:console', 'gateway:start:trail', 'svc.billing:refund:invoice-2291']);
  });

  it('separate services ship to their own collectors', async () => {
    const shippers = [1, 2, 3].map(() => new AuditShipper(new CollectorLink()));
    await Promise.all(shippers.map((s, i) => s.record(`svc${i}`, 'deploy', `release-${i}`)));
    await Promise.all(shippers.map((s) => s.close()));
    assert.deepEqual(shippers.map((s) => s.collected().map((e) => e.target)), [['release-0'], ['release-1'], ['release-2']]);
  });

  it('invalid events in a burst are refused and nothing is sent for them', async () => {
    const link = new CollectorLink();
    const shipper = new AuditShipper(link);
    const results = await Promise.allSettled([shipper.record('Bad Actor', 'x', 'y'), shipper.record('mallory', '', 'z'), shipper.record('', 'a', 'b')]);
    assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected', 'rejected']);
    await shipper.close();
    assert.equal(link.chunks, 0);
  });

  it('close waits until every frame of a burst has gone out', async () => {
    const link = new CollectorLink();
    const shipper = new AuditShipper(link);
    const sends = ['a', 'b', 'c', 'd'].map((t) => shipper.record('ops', 'tag', t));
    await shipper.close();
    await Promise.all(sends);
    assert.equal(link.chunks, 4);
    assert.equal(shipper.shipped, 4);
  });
});
