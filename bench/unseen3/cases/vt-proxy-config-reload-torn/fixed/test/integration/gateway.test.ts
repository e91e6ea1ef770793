import { describe, expect, it } from 'vitest';
import { HotConfig } from '../../src/hot-config';
import { Gateway, type RouteConfig, Upstreams } from '../../src/gateway';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setup() {
  const upstreams = new Upstreams();
  upstreams.keys.set('blue.internal', 'k-blue');
  upstreams.keys.set('green.internal', 'k-green');
  const green: RouteConfig = { upstream: 'http://green.internal', apiKey: 'k-green' };
  const config = new HotConfig<RouteConfig>({ upstream: 'http://blue.internal', apiKey: 'k-blue' }, async () => {
    await sleep(Math.floor(Math.random() * 4));
    return green;
  });
  return { upstreams, config, gateway: new Gateway(config, upstreams) };
}

describe('gateway during a blue/green switch', () => {
  it('requests in flight while the route is switched all succeed', async () => {
    const { gateway, config } = setup();
    const replies = await Promise.all([
      gateway.forward('/orders/1'),
      sleep(2).then(() => gateway.forward('/orders/2')),
      sleep(4).then(() => config.reload()),
    ]);
    for (const reply of replies.slice(0, 2)) expect(reply).toMatchObject({ status: 200 });
  });

  it('every request reaches blue or green, never half of each', async () => {
    const { gateway, config, upstreams } = setup();
    const replies = await Promise.all([gateway.forward('/a'), gateway.forward('/b'), sleep(3).then(() => config.reload())]);
    expect(replies.slice(0, 2).map((r) => r.status)).toEqual([200, 200]);
    expect((upstreams.hits.get('blue.internal') ?? 0) + (upstreams.hits.get('green.internal') ?? 0)).toBe(2);
  });

  it('many requests after the switch go to green', async () => {
    const { gateway, config, upstreams } = setup();
    await config.reload();
    const replies = await Promise.all(['/1', '/2', '/3', '/4'].map((p) => gateway.forward(p)));
    expect(replies.every((r) => r.status === 200 && r.body.startsWith('green.internal'))).toBe(true);
    expect(upstreams.hits.get('green.internal')).toBe(4);
  });

  it('two reloads at once end on the new version', async () => {
    const { config } = setup();
    const versions = await Promise.all([config.reload(), config.reload()]);
    expect(versions.sort()).toEqual([2, 3]);
    expect(config.value.upstream).toBe('http://green.internal');
  });
});
