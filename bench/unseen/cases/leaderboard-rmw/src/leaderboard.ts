import type { BonusService } from './bonus-service.ts';

export interface Standing {
  player: string;
  score: number;
  rank: number;
}

export function formatBoard(standings: Standing[]): string {
  return standings.map((s) => `${s.rank}. ${s.player.padEnd(8)} ${String(s.score).padStart(6)}`).join('\n');
}

export function applyBonus(points: number, multiplier: number): number {
  return Math.round(points * multiplier);
}

export class Leaderboard {
  private readonly scores = new Map<string, number>();

  constructor(private readonly bonuses: BonusService) {}

  async addScore(player: string, points: number): Promise<number> {
    const current = this.scores.get(player) ?? 0;
    const multiplier = await this.bonuses.multiplierFor(player);
    const next = current + applyBonus(points, multiplier);
    this.scores.set(player, next);
    return next;
  }

  scoreOf(player: string): number {
    return this.scores.get(player) ?? 0;
  }

  top(n: number): Standing[] {
    return [...this.scores]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, n)
      .map(([player, score], i) => ({ player, score, rank: i + 1 }));
  }

  reset(player: string): void {
    this.scores.delete(player);
  }
}
