import type { FlagClient, FlagSet } from './flag-client.ts';

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Flags in effect until the service has answered once. */
export const DEFAULTS: FlagSet = { version: 0, flags: { newCheckout: false, darkMode: false } };

export function describeFlags(set: FlagSet): string {
  const on = Object.keys(set.flags).filter((k) => set.flags[k]).sort();
  return `v${set.version}: ${on.length ? on.join(', ') : 'none'}`;
}

/**
 * The flags the app reads. refresh() asks the service but never waits longer than the timeout:
 * when the service is slow it reports false and the app keeps the flags it has.
 */
export class FeatureFlags {
  private current: FlagSet = DEFAULTS;
  timeouts = 0;

  constructor(private readonly client: FlagClient, private readonly timeoutMs: number) {}

  async refresh(): Promise<boolean> {
    const fetched = this.client.fetchFlags();
    const timedOut = delay(this.timeoutMs).then(() => null);
    const set = await Promise.race([fetched, timedOut]);
    if (!set) {
      this.timeouts++;
      return false;
    }
    this.current = set;
    return true;
  }

  isEnabled(flag: string): boolean {
    return this.current.flags[flag] ?? false;
  }

  get version(): number {
    return this.current.version;
  }
}
