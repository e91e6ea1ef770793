import { setTimeout as sleep } from 'node:timers/promises';

/** Event multipliers come from a remote config service. */
export class BonusService {
  lookups = 0;

  constructor(private readonly multipliers: Record<string, number> = {}) {}

  async multiplierFor(player: string): Promise<number> {
    this.lookups++;
    await sleep(1 + (player.length % 3));
    return this.multipliers[player] ?? 1;
  }
}
