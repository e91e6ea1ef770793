// The systematic strategy's search across runs (issue 32): iterative preemption bounding (CHESS,
// Musuvathi & Qadeer, PLDI 2007; as delay bounding, Emmi, Qadeer & Rakamarić, POPL 2011) — every
// schedule with 0, then 1, then 2 preemptions — where a preemption is choosing, at a decision, a
// candidate other than the one a plain Node run takes (runtime/strategies/systematic.ts). Each
// run is its own test process: it gets the forced prefix of its schedule and takes Node's choice
// after it; its recorded steps (explored-steps.ts) say which alternatives each decision had.
//
// After a forced callback its channel keeps the turn while it has events ready (the runtime
// strategy): one preemption lets a burst of I/O events overtake a timer.
//
// Reduction (after DPOR, Flanagan & Godefroid, POPL 2005, simplified): a run branches at decision
// j to alternative a only if a's step — where a ran later in the same run, at m — is dependent on
// one of the steps j … m−1 it would move ahead of (same location, one a write; one lock). If it is
// independent of all of them, running a at j reaches the same state as the run does at m, so that
// schedule is the recorded one up to reordering independent steps. DPOR adds the branch only at
// the last dependent step; this adds it at every decision up to there where a was a candidate — a
// superset, which also keeps the reduction sound under the preemption bound (where DPOR's single
// backtrack point may need more preemptions than the bound allows: Coons, Musuvathi & McKinley,
// OOPSLA 2013). An alternative that never ran later in the run (the run failed or ended first)
// is always branched. Dependence is judged on the recorded accesses only (DESIGN §2): state
// outside them (a closure's local, an uninstrumented library's own) is not seen.
import type { ExploredStep } from './explored-steps.js';
import { dependent } from './explored-steps.js';
import { channelOf } from '../runtime/strategies/systematic.js';

/** One schedule of the search: per process (its key), the forced choices, then Node's own. */
export interface Schedule {
  prefix: Record<string, string[]>;
  /** How many of the forced choices are not Node's own. */
  preemptions: number;
}

export interface Branches {
  schedules: Schedule[];
  /** Alternatives the reduction left out (independent of every step they would move ahead of). */
  pruned: number;
  /** Listing stopped at `limit` schedules: the run has more (its earliest decisions' are listed). */
  truncated?: boolean;
}

/** The schedules with one preemption more than `schedule` that branch off its run, the earliest
 *  decisions' first, at most `limit` of them. Each holds its prefix, as long as the decision it
 *  branches at: a run of 97,000 decisions (trial18: 50,000 items through a pipeline) listed every
 *  one of its branches, their prefixes quadratic in the run's length, and `rank` ran out of
 *  memory. A search never runs more schedules than its budget, so listing more is waste. */
export function branches(schedule: Schedule, run: Record<string, ExploredStep[]>, reduce = true, limit = Infinity): Branches {
  const schedules: Schedule[] = [];
  let pruned = 0;
  for (const [process, steps] of Object.entries(run)) {
    // Decisions inside the forced prefix were branched by the schedules it came from.
    const start = schedule.prefix[process]?.length ?? 0;
    for (let j = start; j < steps.length; j++) {
      const candidates = steps[j].candidates;
      if (!candidates || candidates.length < 2) continue;
      for (const alternative of candidates) {
        if (alternative === steps[j].key) continue;
        if (reduce && !movesAcrossDependent(steps, j, alternative)) {
          pruned++;
          continue;
        }
        if (schedules.length >= limit) return { schedules, pruned, truncated: true };
        const prefix = [...steps.slice(0, j).map((s) => s.key), alternative];
        schedules.push({ prefix: { ...schedule.prefix, [process]: prefix }, preemptions: schedule.preemptions + 1 });
      }
    }
  }
  return { schedules, pruned };
}

/** Whether running `alternative` at decision j instead of where it ran reorders dependent steps. */
export function movesAcrossDependent(steps: readonly ExploredStep[], j: number, alternative: string): boolean {
  let m = j + 1;
  while (m < steps.length && steps[m].key !== alternative) m++;
  if (m === steps.length) return true;
  // A callback's channel keeps the turn after it (runtime/strategies/systematic.ts): its later
  // events may move ahead too, so each of them must commute with every step it would pass.
  const channel = channelOf(alternative);
  const moved = (i: number) => i === m || (channel !== undefined && i > m && channelOf(steps[i].key) === channel);
  for (let f = m; f < steps.length; f++) {
    if (!moved(f)) continue;
    for (let i = j; i < f; i++) if (!moved(i) && dependent(steps[i], steps[f])) return true;
  }
  return false;
}

/** A schedule's identity (the search never runs one twice). */
export function scheduleId(schedule: Schedule): string {
  return JSON.stringify(Object.keys(schedule.prefix).sort().map((p) => [p, schedule.prefix[p]]));
}

/** Where the search got to: the bounded guarantee it can give. */
export interface SystematicSummary {
  /** The preemption bound asked for. */
  bound: number;
  /** The largest k such that every schedule with ≤ k preemptions ran (null: not even k = 0). */
  exhausted: number | null;
  /** No schedule is left at any bound: every schedule the decisions allow ran. */
  complete: boolean;
  /** Schedules run, by preemption count (index k). */
  byPreemptions: number[];
  /** Schedules known and not run, at the first bound not exhausted. */
  left: number;
  /** Alternatives the reduction left out. */
  pruned: number;
  /** The first failing schedule: its run number and preemptions. */
  failure?: { run: number; preemptions: number };
  /** The first level whose schedules could not all be listed (a run with more branches than the
   *  budget): its listed ones ran, but no bound from there on is claimed. */
  unlisted?: number;
  /** Schedules whose run ran out of time while still working (violation.ts stillWorking): run,
   *  but not checked, so the guarantee does not cover them. */
  outOfTime?: number;
  /** combined: the runs the search was held to when a level did not fit in the budget. */
  share?: number;
  /** combined: the random runs that took the rest of the budget after the search. */
  random?: RandomPart;
  /** The guarantee, in plain words. */
  statement: string;
}

/** The combined strategy's random part: run numbers and seeds go on from the search's. */
export interface RandomPart {
  runs: number;
  /** The seed of its first run. */
  firstSeed: number;
  /** Its first failing run. */
  failure?: { run: number; seed: number };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** "≤ 0 preemptions" read as a typo to a trial's user: none is "no preemption". */
const upTo = (n: number) => (n === 0 ? 'no preemption' : `≤ ${plural(n, 'preemption')}`);

export function statementOf(s: Omit<SystematicSummary, 'statement'>): string {
  const searched = searchStatement(s);
  if (!s.random || s.random.runs === 0) return searched;
  const r = s.random;
  const seeds = r.runs === 1 ? `seed ${r.firstSeed}` : `seeds ${r.firstSeed}…${r.firstSeed + r.runs - 1}`;
  // A random run failing after a search that passed is no contradiction of the search's guarantee,
  // which holds for the timings its runs had: it said so to a trial's user, who read both lines.
  const beyond = r.failure && !s.failure && s.complete ? ": an order the search did not reach: its guarantee holds for the timings its runs had (timer lengths, I/O times, one Math.random seed), and the random runs had others" : '';
  return `${searched}; then ${plural(r.runs, 'random run')} (${seeds}): ${r.failure ? `run ${r.failure.run} (seed ${r.failure.seed}) failed${beyond}` : 'no failure'}`;
}

function searchStatement(s: Omit<SystematicSummary, 'statement'>): string {
  // A schedule whose run ran out of time was run, not checked: "explored every schedule … no
  // failure" would be an all-clear for orders nobody saw end (stop 47's note). Such a search says
  // it "ran" its schedules, claims no pass, and counts the runs out of time.
  const unchecked = s.outOfTime !== undefined && s.outOfTime > 0 && !s.failure;
  const said = searchedStatement(s, unchecked ? { verb: 'ran', passed: () => '' } : { verb: 'explored', passed: (words) => words });
  return unchecked ? `${said}; ${outOfTimeText(s.outOfTime!, s.byPreemptions.reduce((a, b) => a + b, 0))}` : said;
}

function outOfTimeText(outOfTime: number, total: number): string {
  return outOfTime === total
    ? `none was checked: ${total === 1 ? 'its run' : total === 2 ? 'both runs' : `all ${total} runs`} ran out of time while still working`
    : `${outOfTime} of the ${total} runs ran out of time while still working and ${outOfTime === 1 ? 'was' : 'were'} not checked; no failure in the others`;
}

/** The statement's words for a search whose runs were all checked (`explored`, the pass said) or
 *  not all (`ran`, no pass said). */
interface Wording {
  verb: 'explored' | 'ran';
  passed: (words: string) => string;
}

function searchedStatement(s: Omit<SystematicSummary, 'statement'>, { verb, passed }: Wording): string {
  const total = s.byPreemptions.reduce((a, b) => a + b, 0);
  if (s.failure) {
    const below = s.failure.preemptions === 0 ? '' : `; every schedule with ${upTo(s.failure.preemptions - 1)} before it passed`;
    return `a schedule with ${s.failure.preemptions === 0 ? 'no preemption' : plural(s.failure.preemptions, 'preemption')} failed (run ${s.failure.run} of ${total})${below}`;
  }
  if (s.unlisted !== undefined) {
    const done = s.exhausted === null ? '' : `${verb} every schedule with ${upTo(s.exhausted)} (${plural(total - (s.byPreemptions[s.unlisted] ?? 0), 'schedule')})${passed(': no failure')}; `;
    const ran = s.byPreemptions[s.unlisted] ?? 0;
    const why = 'the runs have more branches than the run budget (long runs: every decision with two tasks ready is one)';
    return ran === 0
      ? `${done}the schedules with ${plural(s.unlisted, 'preemption')} were not run: ${why}`
      : `${done}then ${plural(ran, 'schedule')} with ${plural(s.unlisted, 'preemption')}, not all of them: ${why}${passed('; no failure')}`;
  }
  // One schedule in all. Either no decision ever had two candidates (the tasks wait on things that
  // end at different times, e.g. timers of different lengths: a real Node run orders them one way),
  // or the reduction left the others out as reorderings of steps that share nothing (a trial's
  // user read "only one" as "nothing ran concurrently").
  if (s.complete && total === 1) {
    return s.pruned > 0
      ? `${verb} every schedule: one, and ${plural(s.pruned, 'other order')} of steps that touch nothing in common, left out as equivalent${passed('; it passed')}`
      : `${verb} every schedule: with the timings of its run, Node can run these tasks in one order only (at no point were two of them ready to go next)${passed(', and it passed')}`;
  }
  // trial16: "(2, none needing more than 1 preemptions)" left the reader guessing what 2 counted.
  if (s.complete) return `${verb} every schedule: ${plural(total, 'schedule')}, none needing more than ${plural(Math.max(0, s.byPreemptions.length - 1), 'preemption')}${passed('; no failure')}`;
  const next = s.exhausted === null ? 0 : s.exhausted + 1;
  const done = s.exhausted === null ? 'no bound exhausted' : `${verb} every schedule with ${upTo(s.exhausted)} (${plural(total - (s.byPreemptions[next] ?? 0), 'schedule')})${passed(': no failure')}`;
  if (s.exhausted !== null && s.exhausted >= s.bound) return done;
  const budget = s.share !== undefined ? `the search's share of the runs (${s.share})` : 'the run budget';
  return `${done}; ${budget} ran out before the bound of ${next} was exhausted (${s.byPreemptions[next] ?? 0} of ${(s.byPreemptions[next] ?? 0) + s.left} schedules with ${plural(next, 'preemption')} run)`;
}

export interface SearchOptions {
  /** The run budget. */
  runs: number;
  /** The preemption bound. */
  bound: number;
  /** Runs at a time (within one level: a level's schedules come from the level before). */
  jobs: number;
  reduce: boolean;
  /** Start no further run (aborted, or a benchmark's first failure). */
  stop?: () => boolean;
  /** combined: a level that does not fit in what is left of the budget runs only until half the
   *  budget is used (searchShare); the rest goes to random runs. */
  share?: boolean;
}

/** The combined strategy's plan (issue 32): how many runs the search may have used once level k
 *  (`size` schedules) is done, `used` runs in. A level that fits in the budget runs whole — the
 *  bound grows by one, a guarantee; the first that does not fit runs until half the budget is
 *  used (at least what is used already), and random runs take the rest: a search that cannot
 *  finish its level samples it in order of the decisions, random scheduling samples the rest of
 *  the space (the depth-1 bugs of most levels come early in either, bench/README.md). */
export function searchShare(runs: number, used: number, size: number): number {
  return used + size <= runs ? runs : Math.max(used, Math.ceil(runs / 2));
}

/** What one run of a schedule showed. */
export interface ScheduleRun {
  failed: boolean;
  /** Out of time while still working: neither failed nor checked. */
  inconclusive?: boolean;
  /** Its steps per process (violation.ts analyzeRun). */
  explored: Record<string, ExploredStep[]>;
}

/** The search: the schedules with 0, 1, … preemptions, level by level, until the bound is
 *  exhausted or the run budget is spent. `run(index, schedule)` runs one (index: from 0, in the
 *  order started). */
export async function searchSchedules(options: SearchOptions, run: (index: number, schedule: Schedule) => Promise<ScheduleRun>): Promise<SystematicSummary> {
  const seen = new Set<string>();
  let level: Schedule[] = [{ prefix: {}, preemptions: 0 }];
  seen.add(scheduleId(level[0]));
  const byPreemptions: number[] = [];
  let exhausted: number | null = null;
  let pruned = 0;
  let used = 0;
  let left = 0;
  let failure: SystematicSummary['failure'];
  let share: number | undefined;
  let outOfTime = 0;
  let listed = true;
  let unlisted: number | undefined;
  for (let k = 0; k <= options.bound && level.length; k++) {
    const nextLevel: Schedule[] = [];
    let nextListed = true;
    byPreemptions[k] = 0;
    let at = 0;
    const limit = options.share ? searchShare(options.runs, used, level.length) : options.runs;
    if (limit < options.runs) share = limit;
    const worker = async () => {
      while (at < level.length && used < limit && !options.stop?.()) {
        const schedule = level[at++];
        const index = used++;
        const result = await run(index, schedule);
        byPreemptions[k]++;
        if (result.inconclusive) outOfTime++;
        if (result.failed && (!failure || index + 1 < failure.run)) failure = { run: index + 1, preemptions: k };
        // Past the bound too: only to know whether schedules with more preemptions exist.
        // No level runs more schedules than the budget: a run lists at most that many branches.
        const found = branches(schedule, result.explored, options.reduce, options.runs);
        if (found.truncated) nextListed = false;
        pruned += found.pruned;
        for (const child of found.schedules) {
          const id = scheduleId(child);
          if (!seen.has(id)) {
            seen.add(id);
            nextLevel.push(child);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, level.length)) }, worker));
    // A level not listed whole (a run had more branches than the budget): no bound is claimed from
    // k on, whether its listed schedules all ran or not; the rest of the budget goes on
    // (combined: to random runs).
    if (!listed) {
      unlisted = k;
      break;
    }
    if (byPreemptions[k] < level.length) {
      left = level.length - byPreemptions[k];
      break;
    }
    exhausted = k;
    level = nextLevel;
    listed = nextListed;
  }
  const complete = exhausted !== null && left === 0 && level.length === 0 && unlisted === undefined;
  const summary = { bound: options.bound, exhausted, complete, byPreemptions, left, pruned, ...(failure ? { failure } : {}), ...(share !== undefined ? { share } : {}), ...(outOfTime ? { outOfTime } : {}), ...(unlisted !== undefined ? { unlisted } : {}) };
  return { ...summary, statement: statementOf(summary) };
}

/** The searches of several tests fuzzed one after the other (rank's synthesized tests) as one
 *  summary: the bound every one of them exhausted, the schedules summed; the statement says what
 *  holds for each test, or names the first test that failed with its own statement. */
export function mergeSummaries(summaries: readonly SystematicSummary[]): SystematicSummary | undefined {
  if (summaries.length <= 1) return summaries[0];
  const byPreemptions: number[] = [];
  for (const s of summaries) s.byPreemptions.forEach((n, k) => (byPreemptions[k] = (byPreemptions[k] ?? 0) + n));
  const exhausted = summaries.some((s) => s.exhausted === null) ? null : Math.min(...summaries.map((s) => s.exhausted!));
  const randomRuns = summaries.reduce((n, s) => n + (s.random?.runs ?? 0), 0);
  const merged: Omit<SystematicSummary, 'statement'> = {
    bound: summaries[0].bound,
    exhausted,
    complete: summaries.every((s) => s.complete),
    byPreemptions,
    left: summaries.reduce((n, s) => n + s.left, 0),
    pruned: summaries.reduce((n, s) => n + s.pruned, 0),
  };
  const outOfTime = summaries.reduce((n, s) => n + (s.outOfTime ?? 0), 0);
  if (outOfTime) merged.outOfTime = outOfTime;
  const failing = summaries.findIndex((s) => s.failure || s.random?.failure);
  if (failing >= 0) return { ...merged, ...(summaries[failing].failure ? { failure: summaries[failing].failure } : {}), statement: `test ${failing + 1} of ${summaries.length}: ${summaries[failing].statement}` };
  // Each test's level sizes differ: the merged "left" is not one level's, so say only the bound.
  const verb = outOfTime ? 'ran' : 'explored';
  const passed = outOfTime ? '' : ': no failure';
  const each = merged.complete
    ? `${verb} every schedule (${byPreemptions.reduce((a, b) => a + b, 0)} in all)${passed}`
    : exhausted === null ? 'no bound exhausted on every test' : `${verb} every schedule with ${upTo(exhausted)} (${byPreemptions.slice(0, exhausted + 1).reduce((a, b) => a + b, 0)} schedules in all)${passed}`;
  const random = randomRuns ? `; then ${plural(randomRuns, 'random run')} in all: no failure` : '';
  const searched = outOfTime ? `${each}; ${outOfTimeText(outOfTime, byPreemptions.reduce((a, b) => a + b, 0))}` : each;
  return { ...merged, statement: `each of the ${summaries.length} tests: ${searched}${random}` };
}
