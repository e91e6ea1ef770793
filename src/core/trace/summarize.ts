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
}

export async function summarizeRun(runDir: string): Promise<RunSummary> {
  const byKind: Record<string, number> = {};
  const points = new Map<string, PointCount>();
  const errors: RunSummary['errors'] = [];
  const files: RunSummary['files'] = [];
  let activations = 0;
  let events = 0;
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
      } else if (event.e === 'ex') count(info, event.f, 'exit');
      else if (event.e === 'exc') count(info, event.f, 'threw');
      else if (event.e === 'spawn') tasks.spawn(event.a);
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
  };
}
