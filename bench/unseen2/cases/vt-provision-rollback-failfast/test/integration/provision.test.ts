import { describe, expect, it } from 'vitest';
import { Cloud } from '../../src/cloud';
import { provision, stackFor } from '../../src/provision';

describe('provisioning in parallel', () => {
  it('a failed stack leaves no resource behind', async () => {
    const cloud = new Cloud({ bucket: 1, database: 25, queue: 3, cache: 1 }, ['queue']);
    await expect(provision(cloud, 'billing', ['bucket', 'database', 'queue'])).rejects.toThrow(/quota exceeded/);
    await cloud.idle();
    expect(cloud.list('billing')).toEqual([]);
  });

  it('two projects at once: the one that fails is rolled back, the other is complete', async () => {
    const cloud = new Cloud({ bucket: 2, database: 15, queue: 1, cache: 4 }, ['queue']);
    const [web, worker] = await Promise.allSettled([
      provision(cloud, 'site', stackFor('web')),
      provision(cloud, 'mailer', stackFor('worker')),
    ]);
    await cloud.idle();
    expect(web.status).toBe('fulfilled');
    expect(worker.status).toBe('rejected');
    expect(cloud.list('site').map((r) => r.kind).sort()).toEqual(['bucket', 'cache', 'database']);
    expect(cloud.list('mailer')).toEqual([]);
  });

  it('stacks that succeed at once are all created', async () => {
    const cloud = new Cloud({ bucket: 2, database: 3, queue: 1, cache: 1 });
    const made = await Promise.all([provision(cloud, 'a', stackFor('web')), provision(cloud, 'b', stackFor('static'))]);
    expect(made.map((m) => m.length)).toEqual([3, 1]);
    expect(cloud.list()).toHaveLength(4);
  });
});
