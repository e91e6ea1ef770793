export const names: Record<number, string> = { 1: 'Ada', 2: 'Grace', 3: 'Barbara', 4: 'Edsger', 5: 'Donald' };
