import { describe, expect, it } from 'vitest';
import { HotConfig } from '../../src/hot-config';
import { Gateway, joinUrl, type RouteConfig, Upstreams } from '../../src/gateway';

function setup() {
  const upstreams = new Upstreams();
  upstreams.keys.set('blue.internal', 'k-blue');
  upstreams.keys.set('green.internal', 'k-green');
  const next: RouteConfig = { upstream: 'http://green.internal/', apiKey: 'k-green' };
  const config = new HotConfig<RouteConfig>({ upstream: 'http://blue.internal', apiKey: 'k-blue' }, async () => next);
  return { upstreams, config, gateway: new Gateway(config, upstreams) };
}

describe('gateway', () => {
  it('joins base and path with one slash', () => {
    expect(joinUrl('http://a/', '/b')).toBe('http://a/b');
    expect(joinUrl('http://a', 'b/c')).toBe('http://a/b/c');
  });

  it('forwards to the configured upstream', async () => {
    const { gateway, upstreams } = setup();
    expect(await gateway.forward('/users/1')).toEqual({ status: 200, body: 'blue.internal/users/1' });
    expect(upstreams.hits.get('blue.internal')).toBe(1);
  });

  it('follows a reload', async () => {
    const { gateway, config } = setup();
    await gateway.forward('/a');
    expect(await config.reload()).toBe(2);
    expect(await gateway.forward('/b')).toEqual({ status: 200, body: 'green.internal/b' });
    expect(gateway.forwarded).toBe(2);
  });

  it('an unknown upstream fails the lookup', async () => {
    const upstreams = new Upstreams();
    const gateway = new Gateway(new HotConfig({ upstream: 'http://nowhere', apiKey: 'x' }, async () => ({ upstream: '', apiKey: '' })), upstreams);
    await expect(gateway.forward('/')).rejects.toThrow('ENOTFOUND nowhere');
  });
});
