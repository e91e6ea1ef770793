import { describe, expect, it } from 'vitest';
import { Cloud } from '../../src/cloud';
import { provision, rollback, stackFor } from '../../src/provision';

const latency = { bucket: 1, database: 2, queue: 1, cache: 1 };

describe('stackFor', () => {
  it('knows the stacks', () => {
    expect(stackFor('worker')).toEqual(['queue', 'database']);
    expect(() => stackFor('mainframe')).toThrow(/unknown stack/);
  });
});

describe('provision', () => {
  it('creates every resource of a stack', async () => {
    const cloud = new Cloud(latency);
    const made = await provision(cloud, 'shop', ['bucket']);
    expect(made.map((r) => r.kind)).toEqual(['bucket']);
    expect(cloud.list('shop')).toHaveLength(1);
  });

  it('a single failing resource leaves nothing behind', async () => {
    const cloud = new Cloud(latency, ['queue']);
    await expect(provision(cloud, 'jobs', ['queue'])).rejects.toThrow(/quota exceeded for queue/);
    expect(cloud.list()).toEqual([]);
  });

  it('rollback deletes what it is given', async () => {
    const cloud = new Cloud(latency);
    const made = await provision(cloud, 'tmp', ['bucket', 'cache']);
    expect(cloud.list('tmp')).toHaveLength(2);
    await rollback(cloud, made);
    expect(cloud.list('tmp')).toEqual([]);
  });
});
