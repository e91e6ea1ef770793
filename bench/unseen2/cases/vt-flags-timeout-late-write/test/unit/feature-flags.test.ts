import { describe, expect, it } from 'vitest';
import { FlagClient } from '../../src/flag-client';
import { DEFAULTS, describeFlags, FeatureFlags } from '../../src/feature-flags';

const v1 = { version: 1, flags: { newCheckout: true, darkMode: false } };
const v2 = { version: 2, flags: { newCheckout: true, darkMode: true } };

describe('describeFlags', () => {
  it('lists the flags that are on', () => {
    expect(describeFlags(DEFAULTS)).toBe('v0: none');
    expect(describeFlags(v2)).toBe('v2: darkMode, newCheckout');
  });
});

describe('FeatureFlags', () => {
  it('starts from the defaults', () => {
    const flags = new FeatureFlags(new FlagClient([{ latencyMs: 1, set: v1 }]), 50);
    expect(flags.version).toBe(0);
    expect(flags.isEnabled('newCheckout')).toBe(false);
    expect(flags.isEnabled('unknown')).toBe(false);
  });

  it('applies each answer that comes in time', async () => {
    const client = new FlagClient([{ latencyMs: 1, set: v1 }, { latencyMs: 1, set: v2 }]);
    const flags = new FeatureFlags(client, 200);
    expect(await flags.refresh()).toBe(true);
    expect(flags.version).toBe(1);
    expect(await flags.refresh()).toBe(true);
    expect(flags.isEnabled('darkMode')).toBe(true);
    expect(flags.timeouts).toBe(0);
  });
});
