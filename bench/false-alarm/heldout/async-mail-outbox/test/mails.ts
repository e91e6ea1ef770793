import type { Mail } from '../src/outbox';

export const mails = (n: number): Mail[] =>
  Array.from({ length: n }, (_, i) => ({ to: `user${i}@example.test`, template: 'Hello {name}!', name: `User ${i}` }));
