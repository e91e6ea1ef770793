import { FakeKvStore } from './kv.ts';
import { WriteBehindCache, type Codec } from './write-behind.ts';

export interface Profile {
  id: string;
  displayName: string;
  locale: string;
  theme: 'light' | 'dark';
  version: number;
}

export type ProfilePatch = Partial<Pick<Profile, 'displayName' | 'locale' | 'theme'>>;

const profileCodec: Codec<Profile> = {
  encode: (p) => JSON.stringify(p),
  decode: (text) => JSON.parse(text) as Profile,
};

const LOCALES = new Set(['en-GB', 'en-US', 'fr-FR', 'de-DE', 'nl-NL']);

/** The account settings API's profile service: edits are visible at once and persisted shortly after. */
export class ProfileService {
  private readonly cache: WriteBehindCache<Profile>;

  constructor(
    readonly store: FakeKvStore,
    flushDelayMs = 5,
  ) {
    this.cache = new WriteBehindCache(store, profileCodec, flushDelayMs);
  }

  async create(id: string, displayName: string): Promise<Profile> {
    if (await this.cache.get(key(id))) throw new Error(`profile ${id} exists`);
    const profile: Profile = { id, displayName, locale: 'en-GB', theme: 'light', version: 1 };
    this.cache.set(key(id), profile);
    return profile;
  }

  async get(id: string): Promise<Profile> {
    const profile = await this.cache.get(key(id));
    if (!profile) throw new Error(`no profile ${id}`);
    return profile;
  }

  async update(id: string, patch: ProfilePatch): Promise<Profile> {
    validate(patch);
    const current = await this.get(id);
    const next: Profile = { ...current, ...patch, version: current.version + 1 };
    this.cache.set(key(id), next);
    return next;
  }

  /** What the store holds for a profile (what another instance of the service would read). */
  persisted(id: string): Profile | undefined {
    const text = this.store.peek(key(id));
    return text === undefined ? undefined : profileCodec.decode(text);
  }

  sync(): Promise<void> {
    return this.cache.flush();
  }

  close(): Promise<void> {
    return this.cache.close();
  }

  get unsaved(): number {
    return this.cache.pending;
  }
}

function key(id: string): string {
  return `profile:${id}`;
}

function validate(patch: ProfilePatch): void {
  if (patch.displayName !== undefined && !patch.displayName.trim()) throw new Error('display name must not be empty');
  if (patch.locale !== undefined && !LOCALES.has(patch.locale)) throw new Error(`unsupported locale ${patch.locale}`);
  if (patch.theme !== undefined && patch.theme !== 'light' && patch.theme !== 'dark') throw new Error(`unknown theme ${patch.theme}`);
}
