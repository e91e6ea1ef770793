export const users = { u1: 'Ada', u2: 'Grace', u3: 'Barbara' };
