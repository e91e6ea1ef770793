import { describe, expect, it } from 'vitest';
import { FlagClient } from '../../src/flag-client';
import { delay, FeatureFlags } from '../../src/feature-flags';

const v1 = { version: 1, flags: { newCheckout: true, darkMode: false } };
const v2 = { version: 2, flags: { newCheckout: true, darkMode: true } };

describe('refresh with a slow flag service', () => {
  it('a refresh that timed out never changes the flags afterwards', async () => {
    const client = new FlagClient([{ latencyMs: 40, set: v1 }]);
    const flags = new FeatureFlags(client, 5);
    const [ok] = await Promise.all([flags.refresh(), client.settled()]);
    if (!ok) expect(flags.version).toBe(0);
  });

  it('a slow answer does not overwrite a newer one that came in time', async () => {
    const client = new FlagClient([{ latencyMs: 60, set: v1 }, { latencyMs: 1, set: v2 }]);
    const flags = new FeatureFlags(client, 10);
    const [first, second] = await Promise.all([flags.refresh(), delay(20).then(() => flags.refresh())]);
    await client.settled();
    if (!first && second) expect(flags.version).toBe(2);
    expect(flags.timeouts).toBe(Number(!first) + Number(!second));
  });

  it('refreshes from several screens at once agree on the flags', async () => {
    const client = new FlagClient([{ latencyMs: 2, set: v2 }]);
    const flags = new FeatureFlags(client, 500);
    const results = await Promise.all([flags.refresh(), flags.refresh(), flags.refresh()]);
    expect(results).toEqual([true, true, true]);
    expect(flags.isEnabled('darkMode')).toBe(true);
  });
});
