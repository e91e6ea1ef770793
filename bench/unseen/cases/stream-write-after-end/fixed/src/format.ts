import { createHash } from 'node:crypto';

export type Fields = Record<string, string | number>;
const SECRET_KEYS = new Set(['password', 'token', 'card']);

export function formatEntry(level: string, message: string, fields: Fields): string {
  const extra = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join(' ');
  return `${level.toUpperCase()} ${message}${extra ? ` ${extra}` : ''}\n`;
}

/** Hashes secret fields; yields to the event loop between fields as a real redactor would. */
export async function redact(fields: Fields): Promise<Fields> {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    out[key] = SECRET_KEYS.has(key) ? createHash('sha256').update(String(value)).digest('hex').slice(0, 8) : value;
  }
  return out;
}
