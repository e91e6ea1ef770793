// What a run recorded, in numbers: for `conlens trace` and for checks that a run traced anything.
import { readTraceFile, traceFiles, type TraceFileInfo } from './read-trace.js';
import { TaskLabeler } from './tasks.js';

export interface PointCount {
  function: string;
  file: string;
  enter: number;
  exit: number;
  threw: number;
}

export interface RunSummary {
  runDir: string;
  files: { file: string; events: number; truncated: boolean; tasks: number; end?: string }[];
  events: number;
  byKind: Record<string, number>;
  /** Program points (functions with at least one ENTER), by display name. */
  points: PointCount[];
  activations: number;
  errors: { kind: string; message: string }[];
  /** Shared-state accesses (rd / wr / up events) by what was accessed: object fields, collection
   *  contents (`[]`), files, directory listings, ports (issue 14: resources are shared state). */
  accesses: Record<AccessCategory, { reads: number; writes: number }>;
  /** The resources (object 0) accessed, most accessed first: `file:/abs`, `dir:/abs`, `port:N`. */
  resources: { key: string; reads: number; writes: number }[];
}

export type AccessCategory = 'fields' | 'collections' | 'files' | 'directories' | 'ports';

/** What a field event's object and key are, in the categories of RunSummary.accesses. */
export function accessCategory(obj: number, key: string): AccessCategory {
  if (obj !== 0) return key === '[]' ? 'collections' : 'fields';
  return key.startsWith('dir:') ? 'directories' : key.startsWith('port:') ? 'ports' : 'files';
}

export async function summarizeRun(runDir: string): Promise<RunSummary> {
  const byKind: Record<string, number> = {};
  const points = new Map<string, PointCount>();
  const errors: RunSummary['errors'] = [];
  const files: RunSummary['files'] = [];
  let activations = 0;
  let events = 0;
  const accesses = Object.fromEntries((['fields', 'collections', 'files', 'directories', 'ports'] as const).map((c) => [c, { reads: 0, writes: 0 }])) as RunSummary['accesses'];
  const resources = new Map<string, { key: string; reads: number; writes: number }>();
  for (const file of traceFiles(runDir)) {
    const tasks = new TaskLabeler();
    const count = (info: TraceFileInfo, fnIndex: number, field: 'enter' | 'exit' | 'threw') => {
      const fn = info.functions.get(fnIndex);
      if (!fn) return;
      const key = `${fn.file}#${fn.name}`;
      let point = points.get(key);
      if (!point) points.set(key, (point = { function: fn.name, file: fn.file, enter: 0, exit: 0, threw: 0 }));
      point[field]++;
    };
    const info = await readTraceFile(file, (event, info) => {
      byKind[event.e] = (byKind[event.e] ?? 0) + 1;
      if (event.e === 'en') {
        activations++;
        tasks.enter(event.a, event.p);
        count(info, event.f, 'enter');
      } else if (event.e === 'ex') {
        count(info, event.f, 'exit');
        tasks.step('ex', event.a);
      } else if (event.e === 'exc') {
        count(info, event.f, 'threw');
        tasks.step('exc', event.a);
      } else if (event.e === 'aw' || event.e === 'rs') tasks.step(event.e, event.a);
      else if (event.e === 'spawn') tasks.spawn(event.a);
      else if (event.e === 'rd' || event.e === 'wr' || event.e === 'up') {
        const side = event.e === 'rd' ? 'reads' : 'writes';
        accesses[accessCategory(event.obj, event.k)][side]++;
        if (event.obj === 0) {
          let r = resources.get(event.k);
          if (!r) resources.set(event.k, (r = { key: event.k, reads: 0, writes: 0 }));
          r[side]++;
        }
      }
      else if (event.e === 'err') {
        const err = event.err as { message?: unknown };
        errors.push({ kind: event.kind, message: typeof err === 'object' && err && 'message' in err ? String(err.message) : JSON.stringify(event.err) });
      }
    });
    events += info.events;
    const end = info.end ? (info.end.reason === 'signal' ? `signal ${info.end.signal}` : `${info.end.reason} ${info.end.code ?? ''}`.trim()) : undefined;
    files.push({ file, events: info.events, truncated: info.truncated, tasks: new Set(tasks.labels().values()).size, end });
  }
  return {
    runDir,
    files,
    events,
    byKind,
    points: [...points.values()].sort((a, b) => a.file.localeCompare(b.file) || a.function.localeCompare(b.function)),
    activations,
    errors,
    accesses,
    resources: [...resources.values()].sort((a, b) => b.reads + b.writes - (a.reads + a.writes) || a.key.localeCompare(b.key)),
  };
}
