import pMemoize, { pMemoizeClear } from 'p-memoize';
import { type Profile, UserDb } from './user-db.ts';

export class ProfileService {
  /** Memoized: callers asking for the same id while it loads share one query. */
  readonly loadProfile: (id: string) => Promise<Profile>;

  constructor(private readonly db: UserDb) {
    this.loadProfile = pMemoize((id: string) => this.db.find(id));
  }

  async greeting(id: string): Promise<string> {
    const profile = await this.loadProfile(id);
    return `Hello, ${profile.name}!`;
  }

  async displayNames(ids: string[]): Promise<string[]> {
    const profiles = await Promise.all(ids.map((id) => this.loadProfile(id)));
    return profiles.map((p) => p.name);
  }

  forgetAll(): void {
    pMemoizeClear(this.loadProfile);
  }
}
