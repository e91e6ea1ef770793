// Progress of an engine run, read from the CLI's output lines. Two forms are understood:
//  - today's human lines: `conlens: <stage> (<detail>)…` on stderr (conlens rank), the header
//    `<dir>: N run(s), strategy S, seeds …` and `  run   3  seed 3 …` lines (conlens fuzz);
//  - the machine form of `conlens rank --progress json`: one JSON object per line,
//    {"type":"progress","stage":"integration runs","message":"run 3 of 20","percent":40}; also
//    {"stage", "detail", "done", "total"} (done/total within the stage, weighted by RANK_STAGES).
// Until the CLI prints per-run progress, the editor counts the integration run folders rank creates
// and feeds {"stage":"integration runs","done":n} lines itself (commands.ts).
// Pure: the engine client feeds it lines and reports what comes back.

export interface ProgressUpdate {
  stage: string;
  detail?: string;
  /** 0…100 over the whole command. */
  percent: number;
}

/** The stages of `conlens rank` (core/pipeline/rank-options.ts) and the share of the total time they take, from
 *  runs of the examples: the integration runs dominate. */
export const RANK_STAGES: { stage: string; from: number; to: number }[] = [
  { stage: 'call graph', from: 0, to: 8 },
  { stage: 'unit runs', from: 8, to: 20 },
  { stage: 'integration runs', from: 20, to: 90 },
  { stage: 'localize', from: 90, to: 100 },
];

const STAGE_LINE = /^conlens: (.+?)(?: \((.*)\))?…\s*$/;
const FUZZ_HEADER = /: (\d+) run\(s\), strategy (\S+), seeds/;
const FUZZ_RUN = /^\s*run\s+(\d+)\s+seed\s/;

export class ProgressParser {
  private stage = '';
  private detail: string | undefined;
  private total = 0;
  private percent = 0;

  constructor(private readonly stages: { stage: string; from: number; to: number }[] = RANK_STAGES) {}

  /** The update a line brings, or undefined when it says nothing about progress. Percent never
   *  goes back (VS Code's progress increments are relative). */
  feed(line: string): ProgressUpdate | undefined {
    const trimmed = line.trim();
    if (trimmed.startsWith('{') && trimmed.endsWith('}')) {
      let data: { type?: unknown; stage?: unknown; detail?: unknown; message?: unknown; done?: unknown; total?: unknown; percent?: unknown };
      try {
        data = JSON.parse(trimmed);
      } catch {
        return undefined;
      }
      if (typeof data.stage !== 'string' || (data.type !== undefined && data.type !== 'progress')) return undefined;
      const detail = typeof data.detail === 'string' ? data.detail : typeof data.message === 'string' && data.message ? data.message : undefined;
      if (typeof data.percent === 'number') return this.set(data.stage, detail, data.percent);
      // Without a total, the one the stage line announced ("20 × random") is used.
      const total = typeof data.total === 'number' ? data.total : data.stage === this.stage ? this.total : 0;
      const within = typeof data.done === 'number' && total > 0 ? data.done / total : 0;
      return this.set(data.stage, detail, this.stagePercent(data.stage, within));
    }
    const stage = STAGE_LINE.exec(trimmed);
    if (stage) {
      const runs = /^(\d+) ×/.exec(stage[2] ?? '');
      this.total = runs ? Number(runs[1]) : 0;
      return this.set(stage[1], stage[2], this.stagePercent(stage[1], 0));
    }
    const header = FUZZ_HEADER.exec(trimmed);
    if (header) {
      this.total = Number(header[1]);
      return this.set('integration runs', `${header[1]} × ${header[2]}`, this.stagePercent('integration runs', 0));
    }
    const run = FUZZ_RUN.exec(line);
    if (run && this.total > 0) {
      const done = Number(run[1]);
      return this.set('integration runs', `run ${done} of ${this.total}`, this.stagePercent('integration runs', done / this.total));
    }
    return undefined;
  }

  private stagePercent(stage: string, within: number): number {
    const known = this.stages.find((s) => s.stage === stage);
    if (!known) return this.percent;
    return known.from + (known.to - known.from) * Math.min(1, Math.max(0, within));
  }

  private set(stage: string, detail: string | undefined, percent: number): ProgressUpdate {
    // A count without its own detail keeps the stage's ("20 × random").
    if (stage !== this.stage || detail !== undefined) this.detail = detail;
    this.stage = stage;
    this.percent = Math.max(this.percent, Math.min(100, percent));
    return { stage: this.stage, detail: this.detail, percent: this.percent };
  }
}

/** For fuzz, the whole command is the integration runs. */
export const FUZZ_STAGES = [{ stage: 'integration runs', from: 0, to: 100 }];

/** Splits a stream into lines across chunk boundaries. */
export class LineSplitter {
  private rest = '';
  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const lines = text.split(/\r?\n/);
    this.rest = lines.pop() ?? '';
    return lines;
  }
  flush(): string[] {
    const rest = this.rest;
    this.rest = '';
    return rest ? [rest] : [];
  }
}
