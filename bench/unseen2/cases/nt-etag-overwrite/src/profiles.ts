import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordStore, Versioned } from './record-store.ts';

export interface Profile {
  handle: string;
  bio: string;
}

/** What a 409 response carries back to the editor. */
export class ConflictError extends Error {
  constructor(readonly id: string, readonly expected: number, readonly actual: number) {
    super(`profile ${id} is at version ${actual}, not ${expected}`);
  }
}

export function normalizeHandle(handle: string): string {
  return handle.trim().toLowerCase().replace(/\s+/g, '-');
}

/** A remote moderation check of free text; it takes longer for longer texts. */
export class Moderation {
  reviews = 0;
  constructor(private readonly banned: string[] = []) {}

  async review(text: string): Promise<void> {
    this.reviews++;
    await sleep(2 + (text.length % 5));
    const hit = this.banned.find((word) => text.toLowerCase().includes(word));
    if (hit) throw new Error(`bio rejected: ${hit}`);
  }
}

export class ProfileService {
  constructor(private readonly store: RecordStore<Profile>, private readonly moderation: Moderation) {}

  create(id: string, profile: Profile): number {
    if (this.store.current(id)) throw new Error(`profile ${id} exists`);
    this.store.write(id, { handle: normalizeHandle(profile.handle), bio: profile.bio }, 1);
    return 1;
  }

  async get(id: string): Promise<Versioned<Profile>> {
    const row = await this.store.read(id);
    if (!row) throw new Error(`no profile ${id}`);
    return row;
  }

  /** Applies an edit made against version `ifMatch` (the editor's ETag) and returns the new version. */
  async update(id: string, ifMatch: number, patch: Partial<Profile>): Promise<number> {
    const row = this.store.current(id);
    if (!row) throw new Error(`no profile ${id}`);
    if (row.version !== ifMatch) throw new ConflictError(id, ifMatch, row.version);
    const next: Profile = {
      handle: normalizeHandle(patch.handle ?? row.value.handle),
      bio: patch.bio ?? row.value.bio,
    };
    await this.moderation.review(next.bio);
    this.store.write(id, next, row.version + 1);
    return row.version + 1;
  }
}
