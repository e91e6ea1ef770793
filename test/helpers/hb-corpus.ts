// Runs the happens-before corpus (test/runtime/hb-corpus) under the controlled scheduler, one test
// process per seed, and sums up per program: the Node order checks it broke, the decisions the
// scheduler took while it ran (and how many of them had two or more candidates), and the distinct
// orders its log showed. Used by test/runtime/hb-corpus.test.ts (a few seeds) and
// test/slow/hb-corpus.test.ts (100 seeds).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced, traceFiles } from '../../src/core/trace/index.ts';
import type { StrategyName } from '../../src/core/instrument/instrument-config.ts';
import type { TraceEvent } from '../../src/core/runtime/trace-events.ts';

export const CORPUS = join(__dirname, '..', 'runtime', 'hb-corpus');

export interface ProgramStats {
  runs: number;
  broken: string[];
  /** Runs in which the scheduler took no decision while the program ran. */
  undecided: number;
  decisions: number;
  /** Decisions with two or more ready candidates. */
  choices: number;
  orders: Set<string>;
}

export async function runCorpus(seeds: number[], strategy: StrategyName = 'random'): Promise<Map<string, ProgramStats>> {
  const loaded = loadConfig(CORPUS);
  const stats = new Map<string, ProgramStats>();
  const out = mkdtempSync(join(tmpdir(), 'conlens-hb-runs-'));
  try {
    for (const seed of seeds) {
      const run = await runTraced(loaded, { suite: 'integration', out: join(out, String(seed)), schedule: { strategy, seed } });
      if (!run.passed) throw new Error(`seed ${seed}: the corpus run failed\n${run.output}`);
      const results = [...run.output.matchAll(/HB ([A-Za-z0-9+/=]+)/g)].map((m) => JSON.parse(Buffer.from(m[1], "base64").toString()) as { name: string; broken: string[]; log: string[] });
      const perProgram = decisionsPerProgram(run.runDir, new Set(results.map((r) => r.name)));
      for (const { name, broken, log } of results) {
        const s = stats.get(name) ?? { runs: 0, broken: [], undecided: 0, decisions: 0, choices: 0, orders: new Set<string>() };
        stats.set(name, s);
        s.runs++;
        s.broken.push(...broken.map((b) => `seed ${seed}: ${b}`));
        s.orders.add(log.join(' '));
        const d = perProgram.get(name) ?? { decisions: 0, choices: 0 };
        s.decisions += d.decisions;
        s.choices += d.choices;
        if (d.decisions === 0) s.undecided++;
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return stats;
}

/** The decisions taken between a program's start (the test calls it) and the next program's. */
function decisionsPerProgram(runDir: string, names: Set<string>): Map<string, { decisions: number; choices: number }> {
  const result = new Map<string, { decisions: number; choices: number }>();
  for (const file of traceFiles(runDir)) {
    const programFns = new Map<number, string>();
    let current: { decisions: number; choices: number } | undefined;
    for (const line of readFileSync(file, 'utf8').trim().split('\n')) {
      const event = JSON.parse(line) as TraceEvent;
      if (event.e === 'fn' && names.has(event.name)) programFns.set(event.i, event.name);
      else if (event.e === 'en' && event.p === null && programFns.has(event.f)) {
        current = { decisions: 0, choices: 0 };
        result.set(programFns.get(event.f)!, current);
      } else if (event.e === 'sched' && current) {
        current.decisions++;
        if (event.c >= 2) current.choices++;
      }
    }
  }
  return result;
}
