import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventLog } from '../../src/event-log';
import { IngestService, type IncomingEvent } from '../../src/ingest';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'c6b-ingest-int-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const log = new EventLog(join(dir, 'logs'));
  return { log, service: new IngestService(log) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function batch(prefix: string, n: number): IncomingEvent[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, type: i % 2 ? 'view' : 'click', data: { seq: i } }));
}

describe('ingest under concurrent requests', () => {
  test('batches of different tenants at the same time are all stored', async () => {
    const { service } = setup();
    const tenants = ['acme', 'globex', 'initech', 'umbrella'];
    await Promise.all(tenants.map((t) => service.ingest(t, batch(t, 3))));
    for (const t of tenants) {
      expect((await service.history(t)).map((e) => e.id)).toEqual([`${t}-0`, `${t}-1`, `${t}-2`]);
    }
  });

  test('two devices of one tenant sending at the same time are both stored', async () => {
    const { service } = setup();
    await Promise.all([service.ingest('acme', batch('phone', 2)), service.ingest('acme', batch('laptop', 4))]);
    const ids = (await service.history('acme')).map((e) => e.id).sort();
    expect(ids).toEqual(['laptop-0', 'laptop-1', 'laptop-2', 'laptop-3', 'phone-0', 'phone-1']);
  });

  test('a burst of small batches from one tenant is stored in full', async () => {
    const { service } = setup();
    await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => {
        await sleep(Math.floor(Math.random() * 3));
        return service.ingest('globex', batch(`dev${n}`, n));
      }),
    );
    expect(await service.history('globex')).toHaveLength(15);
  });

  test('the first batches of many tenants create the log directory once', async () => {
    const { service, log } = setup();
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((t) => service.ingest(t, batch(t, 1))));
    expect(log.dirCreations).toBe(1);
    expect(service.accepted).toBe(6);
  });
});
