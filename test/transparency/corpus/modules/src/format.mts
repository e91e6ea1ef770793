export const pad = (n: number, width = 3): string => String(n).padStart(width, '0');

export function formatAll(...values: number[]): string {
  return values.map((v) => pad(v)).join(' ');
}
