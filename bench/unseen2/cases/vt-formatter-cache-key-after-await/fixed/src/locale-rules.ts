import { setTimeout as sleep } from 'node:timers/promises';

export interface NumberRules {
  decimal: string;
  group: string;
  symbolFirst: boolean;
}

const RULES: Record<string, NumberRules> = {
  'en-US': { decimal: '.', group: ',', symbolFirst: true },
  'de-DE': { decimal: ',', group: '.', symbolFirst: false },
  'fr-FR': { decimal: ',', group: ' ', symbolFirst: false },
};

/** Loads a locale's number rules from the CLDR data files (one read per call). */
export class RulesSource {
  loads = 0;

  async load(locale: string): Promise<NumberRules> {
    this.loads++;
    await sleep(2 + locale.charCodeAt(0) % 3);
    const rules = RULES[locale];
    if (!rules) throw new Error(`no number rules for ${locale}`);
    return rules;
  }
}
