// Calling contexts (001 §4.2.1 "Matching contexts"): an access event of phase I is matched with one
// of phase II by its statement (source site) and a hash of its calling context — the chain of
// functions from the task's outermost instrumented activation down to the one that accessed. 001
// codifies the context with MD5; any stable hash will do, so this is FNV-1a (32 bits), small and
// fast enough to run inside the user's process. The same functions compute it from a trace
// (core/active) and at run time (the assetfuzzer strategy), so the two phases agree.

/** The context of an activation with no instrumented caller. */
export const ROOT_CONTEXT = '0';

/** A function's identity across runs: its static name and where it is declared. */
export function functionKey(name: string, file: string, line: number): string {
  return `${name}@${file}:${line}`;
}

/** A site's identity across runs (site indexes are per process). */
export function siteKey(file: string, line: number, col: number): string {
  return `${file}:${line}:${col}`;
}

/** The context of a call of `fn` made in context `parent`. */
export function contextHash(parent: string, fn: string): string {
  let h = 0x811c9dc5;
  const text = `${parent}>${fn}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
