// A fake Redis-like store for presence data: each command is a round trip with random latency.

const rtt = () => new Promise<void>((r) => setTimeout(r, 0.5 + Math.random() * 2.5));

export class PresenceKV {
  private readonly strings = new Map<string, string>();
  private readonly sets = new Map<string, Set<string>>();
  commands = 0;

  async sadd(key: string, member: string): Promise<number> {
    await rtt();
    this.commands++;
    const set = this.sets.get(key) ?? new Set<string>();
    set.add(member);
    this.sets.set(key, set);
    return set.size;
  }

  /** Removes a member; returns how many are left. */
  async srem(key: string, member: string): Promise<number> {
    await rtt();
    this.commands++;
    const set = this.sets.get(key);
    set?.delete(member);
    return set?.size ?? 0;
  }

  async scard(key: string): Promise<number> {
    await rtt();
    this.commands++;
    return this.sets.get(key)?.size ?? 0;
  }

  async set(key: string, value: string): Promise<void> {
    await rtt();
    this.commands++;
    this.strings.set(key, value);
  }

  async get(key: string): Promise<string | undefined> {
    await rtt();
    this.commands++;
    return this.strings.get(key);
  }

  /** Sets `key` only if the set `setKey` is empty, in one step (a server-side script). */
  async setIfSetEmpty(key: string, value: string, setKey: string): Promise<boolean> {
    await rtt();
    this.commands++;
    if ((this.sets.get(setKey)?.size ?? 0) > 0) return false;
    this.strings.set(key, value);
    return true;
  }
}

let connects = 0;

/** Opens a connection to the presence store (a handshake round trip). */
export async function connectKV(): Promise<PresenceKV> {
  connects++;
  await new Promise((r) => setTimeout(r, 2));
  return new PresenceKV();
}

export const kvConnects = () => connects;
