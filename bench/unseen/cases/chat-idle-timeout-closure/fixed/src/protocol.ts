export type Command =
  | { kind: 'hello'; user: string; idleMs: number }
  | { kind: 'say'; text: string }
  | { kind: 'who' }
  | { kind: 'quit' }
  | { kind: 'bad'; line: string };

export function parseCommand(line: string, defaultIdleMs: number): Command {
  const [verb, ...rest] = line.trim().split(/\s+/);
  switch ((verb ?? '').toUpperCase()) {
    case 'HELLO':
      return rest[0] ? { kind: 'hello', user: rest[0], idleMs: Number(rest[1] ?? defaultIdleMs) } : { kind: 'bad', line };
    case 'SAY':
      return { kind: 'say', text: rest.join(' ') };
    case 'WHO':
      return { kind: 'who' };
    case 'QUIT':
      return { kind: 'quit' };
    default:
      return { kind: 'bad', line };
  }
}

export function splitLines(buffered: string): { lines: string[]; rest: string } {
  const parts = buffered.split('\n');
  return { lines: parts.slice(0, -1), rest: parts[parts.length - 1] };
}
