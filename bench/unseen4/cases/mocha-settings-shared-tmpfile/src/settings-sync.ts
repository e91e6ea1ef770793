import type { Settings, SettingsStore } from './settings-store.ts';

const THEMES = new Set(['light', 'dark', 'system']);

/** Devices push the whole settings document; the last push wins. */
export class SettingsSync {
  readonly pushes: string[] = [];

  constructor(private readonly store: SettingsStore) {}

  async push(userId: string, deviceId: string, changes: Partial<Omit<Settings, 'updatedBy'>>): Promise<Settings> {
    const settings = normalize({ ...(await this.defaultsFor(userId)), ...changes, updatedBy: deviceId });
    await this.store.save(userId, settings);
    this.pushes.push(`${userId}@${deviceId}`);
    return settings;
  }

  pull(userId: string): Promise<Settings> {
    return this.store.load(userId);
  }

  private async defaultsFor(userId: string): Promise<Settings> {
    return { theme: 'system', fontSize: userId.startsWith('a11y-') ? 18 : 14, updatedBy: 'default' };
  }
}

export function normalize(settings: Settings): Settings {
  if (!THEMES.has(settings.theme)) throw new Error(`unknown theme ${settings.theme}`);
  const fontSize = Math.min(32, Math.max(8, Math.round(settings.fontSize)));
  return { theme: settings.theme, fontSize, updatedBy: settings.updatedBy };
}
