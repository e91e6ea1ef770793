import { WriteBackCache, type Backing } from './write-back.ts';

export interface Profile {
  user: string;
  displayName: string;
  visits: number;
  lastPage: string | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Reads take 1-3 ms, writes 2-6 ms (an update waits for its index and the log). */
const latency = (min: number, spread: number) => pause(min + Math.floor(Math.random() * spread));

/** The profile table of a slow database (one round trip per call). */
export class ProfileTable implements Backing<string, Profile> {
  private readonly rows = new Map<string, string>();
  reads = 0;

  seed(profiles: Profile[]): void {
    for (const p of profiles) this.rows.set(p.user, JSON.stringify(p));
  }

  async load(user: string): Promise<Profile | undefined> {
    this.reads++;
    await latency(1, 3);
    const row = this.rows.get(user);
    return row ? (JSON.parse(row) as Profile) : undefined;
  }

  async store(user: string, profile: Profile): Promise<void> {
    await latency(2, 5);
    this.rows.set(user, JSON.stringify(profile));
  }

  peek(user: string): Profile | undefined {
    const row = this.rows.get(user);
    return row ? (JSON.parse(row) as Profile) : undefined;
  }
}

/** Page-view tracking: each user's views arrive one after another (one session), users in parallel. */
export class ProfileService {
  readonly cache: WriteBackCache<string, Profile>;

  constructor(table: ProfileTable, cacheSize = 3) {
    this.cache = new WriteBackCache(table, cacheSize);
  }

  async recordVisit(user: string, page: string): Promise<number> {
    if (!page.startsWith('/')) throw new Error(`not a path: ${page}`);
    const profile = await this.cache.get(user);
    if (!profile) throw new Error(`404 no profile for ${user}`);
    const next = { ...profile, visits: profile.visits + 1, lastPage: page };
    await this.cache.set(user, next);
    return next.visits;
  }

  async profile(user: string): Promise<Profile> {
    const profile = await this.cache.get(user);
    if (!profile) throw new Error(`404 no profile for ${user}`);
    return profile;
  }
}
