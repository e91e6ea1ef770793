import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventLog } from '../../src/event-log';
import { IngestService } from '../../src/ingest';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'c6b-ingest-unit-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const log = new EventLog(join(dir, 'logs'));
  return { log, service: new IngestService(log, () => 1_700_000_000_000) };
}

describe('ingest', () => {
  test('stores a batch and reads it back in order', async () => {
    const { service } = setup();
    await service.ingest('acme', [{ id: 'a1', type: 'click' }, { id: 'a2', type: 'view', data: { page: '/' } }]);
    const events = await service.history('acme');
    expect(events.map((e) => e.id)).toEqual(['a1', 'a2']);
    expect(events[1]).toEqual({ id: 'a2', type: 'view', at: 1_700_000_000_000, data: { page: '/' } });
  });

  test('batches one after another land at increasing offsets', async () => {
    const { service, log } = setup();
    const first = await service.ingest('acme', [{ id: 'a1', type: 'click' }]);
    const second = await service.ingest('acme', [{ id: 'a2', type: 'click' }]);
    expect(first.offset).toBe(0);
    expect(second.offset).toBeGreaterThan(first.offset);
    expect((await service.history('acme')).map((e) => e.id)).toEqual(['a1', 'a2']);
    expect(log.dirCreations).toBe(1);
  });

  test('filters the history by event type', async () => {
    const { service } = setup();
    await service.ingest('acme', [{ type: 'click' }, { type: 'view' }, { type: 'click' }]);
    expect(await service.history('acme', 'click')).toHaveLength(2);
  });

  test('an unknown tenant has an empty history', async () => {
    const { service } = setup();
    expect(await service.history('nobody')).toEqual([]);
  });

  test('refuses a bad tenant name and an event without a type', async () => {
    const { service } = setup();
    await expect(service.ingest('../etc', [{ type: 'x' }])).rejects.toThrow(/bad tenant name/);
    await expect(service.ingest('acme', [{ type: '' }])).rejects.toThrow(/needs a type/);
    expect(service.accepted).toBe(0);
  });

  test('an empty batch writes nothing', async () => {
    const { service } = setup();
    expect(await service.ingest('acme', [])).toEqual({ stored: 0, offset: -1 });
    expect(await service.history('acme')).toEqual([]);
  });
});
