import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeFrames, FrameEncoder } from '../../src/frames';
import { CollectorLink } from '../../src/link';
import { AuditShipper } from '../../src/shipper';

const fixedClock = () => 1_700_000_000_000;

describe('audit frames, one at a time', () => {
  it('an encoded event decodes to itself', () => {
    const encoder = new FrameEncoder();
    const event = { actor: 'svc.billing', action: 'refund', target: 'inv-17', at: 1 };
    assert.deepEqual(decodeFrames(Buffer.from(encoder.encode(event))), [event]);
  });

  it('a large event grows the encoder buffer', () => {
    const encoder = new FrameEncoder(16);
    const event = { actor: 'alice', action: 'export', target: 'x'.repeat(500), at: 2 };
    assert.deepEqual(decodeFrames(Buffer.from(encoder.encode(event))), [event]);
  });

  it('a damaged frame is rejected', () => {
    const frame = Buffer.from(new FrameEncoder().encode({ actor: 'bob', action: 'login', target: '-', at: 3 }));
    assert.throws(() => decodeFrames(frame.subarray(0, frame.length - 2)), /truncated frame/);
    frame[0] = 0;
    assert.throws(() => decodeFrames(frame), /bad frame marker/);
  });

  it('recorded events reach the collector in order', async () => {
    const shipper = new AuditShipper(new CollectorLink(), fixedClock);
    await shipper.record('alice', 'login', 'console');
    await shipper.record('alice', 'rotate-key', 'key-9');
    await shipper.record('bob', 'delete', 'bucket-3');
    await shipper.close();
    assert.deepEqual(shipper.collected().map((e) => `${e.actor}:${e.action}:${e.target}`), ['alice:login:console', 'alice:rotate-key:key-9', 'bob:delete:bucket-3']);
    assert.equal(shipper.shipped, 3);
  });

  it('an invalid event is refused before it is sent', async () => {
    const link = new CollectorLink();
    const shipper = new AuditShipper(link, fixedClock);
    await assert.rejects(shipper.record('Not Valid', 'x', 'y'), /bad actor/);
    await assert.rejects(shipper.record('carol', '', 'y'), /needs an action/);
    assert.equal(link.chunks, 0);
  });
});
