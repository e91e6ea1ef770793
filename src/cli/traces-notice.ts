// Traces pile up in .conlens/runs/: every traced run keeps its trace files, and nothing said so
// (trial 18: three runs of a long test left 300 MB). Past a size, rank and fuzz say how much there
// is and how to free it. Only the traces: a replay, isolate and the editor read a run's
// violation.json, which stays.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Traces in .conlens/runs/ from this size on get a note. */
export const TRACES_NOTICE_BYTES = 512 * 1024 * 1024;

/** The note for the traces under `root`/.conlens/runs/, or undefined while they are smaller. */
export function tracesNotice(root: string, threshold = TRACES_NOTICE_BYTES): string | undefined {
  const runs = join(root, '.conlens', 'runs');
  let bytes = 0;
  let count = 0;
  let dirs: string[];
  try {
    dirs = readdirSync(runs);
  } catch {
    return undefined;
  }
  for (const dir of dirs) {
    let files: string[];
    try {
      files = readdirSync(join(runs, dir));
    } catch {
      continue;
    }
    const traces = files.filter((f) => f.startsWith('trace-') && f.endsWith('.jsonl'));
    for (const f of traces) {
      try {
        bytes += statSync(join(runs, dir, f)).size;
      } catch {
        // removed meanwhile
      }
    }
    if (traces.length > 0) count++;
  }
  if (bytes < threshold) return undefined;
  const size = bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
  return `note: the traces of ${count} run${count === 1 ? '' : 's'} in ${runs} take ${size}. Only \`conlens mine\` reads them again (replays read violation.json, which stays); \`find ${runs} -name 'trace-*.jsonl' -delete\` frees the space.`;
}
