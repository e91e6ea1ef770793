// 004 IV-F ranking: S_rate(p) = depth(p) / order(p), descending, and the rules that break ties.
//
// Confirmed first (ours; `confirmedFirst`, default on): the positions a real violation of the
// scheduler implicates (confirm.ts) rank above every position it does not, and S_rate orders each
// group. A real failing interleaving through a position's code is direct evidence, invariant drift
// is indirect — 004 §V-G shows drift without any bug, and the paper's own runs had no scheduler.
// Among the confirmed, a function a violation interrupted in the middle of an update (confirm.ts
// 2b) comes first: 004 §V-E's own reasoning — the writer whose update was cut in half is the
// cause, the task that observed the half-done state the symptom. A function confirmed only as a
// static caller of a function the violation names comes last among the confirmed: the schedule
// names the innermost function, and what went wrong went wrong there — 004 IV-E's reason for
// eq. (6), "the failure invariants from the parent function could be caused by the child
// function" (log4j's append is confirmed because its callee subAppend read stale state).
// Evidence tiers (issue 14): above all of these, the function owning the atomic region a real
// violation interrupted (interleaving.ts: its check and act straddle another task's conflicting
// access — 001 Table 1, 003 §2.1), then the function interrupted mid-update (confirm.ts 2b), then
// the conflicting writer, then the other implicated functions, then the callers, then drift.
// Failure invariants order each tier (S_rate) and add evidence; they never lift a position over
// a stronger tier.
// With no violation (or confirmedFirst off) this is the paper's order exactly.
//
// Equal S_rate is common (004 Tables XI-XIII tie every position) and must not be left to the
// order a map happened to iterate in. On equal S_rate (relative difference below 1e-9), in turn:
//   1. confirmed first: a position whose function (or, for `between`, caller) a real violation
//      named outranks one no run confirmed;
//   2. writer first (004 §V-E: check() is "just an observed method", so set() is the more
//      skeptical one): a position whose function writes member state outranks a pure observer.
//      What a function writes comes from the static access maps (M_w; the `writes` input, or
//      `analysis.classes`); for a function they do not cover, from its failure invariants: an
//      EXIT failure invariant over both v and orig(v) (`this.z - orig(this.z) - 1 == 0`,
//      `this.qw == orig(this.qw)`) is about whether v changed during the call; where neither sees
//      a write, from what it wrote in a failing run's schedule (confirm.ts writesBeforeFailure: a cart a
//      repository returned, pushed to and saved back, is state the function changed even though
//      no member holds it). For `between`, either end writing counts;
//   3. deeper first: 004 IV-F's second principle, "the longer the distance of a suspicious
//      position from the root on a function call graph, the more suspicious it will be" — on
//      equal S_rate the order is then proportionally later too, so depth is what is left to tell;
//   4. found by the DFS (function, between) before a mere candidate: 004 IV-F says candidates are
//      added "to decrease false negatives" and "can easily be infected by other functions".
// Positions that none of these separates share a rank (competition ranking: 1, 1, 3 — the way
// the paper's tables print ties) and are listed by function name, then caller, for a stable order.
// Each position's reason says which rule placed it against each position of equal S_rate.

import type { FailureInvariant } from '../invariants/invariant-types.js';
import type { LocalizeGraph } from './graph.js';
import type { EvidenceTier, FailureFlag, PositionInvariant, PositionSchedule, ReducedFunction, SuspiciousPosition } from './localize-types.js';
import { betweenDepth, betweenOrder, suspiciousRate } from './order.js';
import { NO_FLAG, type RawPosition } from './search.js';

export interface RankContext {
  graph: LocalizeGraph;
  /** Reduced functions by node id. */
  reduced: Map<string, ReducedFunction>;
  flags: Map<string, FailureFlag>;
  /** Eq. (1) by node id. */
  orders: Map<string, number>;
  /** Node ids (or names) named by a real violation. */
  confirmed: Set<string>;
  /** Of `confirmed`, node ids (or names) confirmed only as a caller of a function a violation names. */
  asCaller?: Set<string>;
  /** Per display name or id: variables written (access maps). */
  writes: Record<string, string[]>;
  /** Calls per run, for the candidate reason: the most calls in one run, by node id. */
  maxCalls: Map<string, number>;
  /** Schedule evidence by node id (issue 30; schedule-evidence/): ranks above the tiers. */
  schedule?: Map<string, PositionSchedule>;
  /** Schedule isolation by node id: the critical preemption's text (Choi & Zeller). Ranks first. */
  isolated?: Map<string, string>;
  /** Confirmed positions above unconfirmed ones before S_rate (see the head of this file). */
  confirmedFirst?: boolean;
  /** Node ids (or names) a real violation interrupted mid-update (confirm.ts 2b). */
  interrupted?: Set<string>;
  /** Node ids (or names) owning a region a real violation interrupted (interleaving.ts). */
  owners?: Set<string>;
  /** By owner name: what separated its check from its act. */
  breaks?: Record<string, string>;
  /** By owner name: the lock it leaked (a region owner of a hung run, interleaving.ts). */
  leaks?: Record<string, string>;
  /** Node ids (or names) whose access broke such a region (interleaving.ts). */
  writers?: Set<string>;
  /** Node ids (or names) that threw in a violating run: no "likely deadlock" for them. */
  threw?: Set<string>;
  /** By name: what a function wrote in a violating run (confirm.ts writesBeforeFailure). */
  scheduleWrites?: Record<string, string[]>;
  /** Node ids (or names) waiting in a real deadlock's wait-for cycle. */
  deadlocked?: Set<string>;
  /** No integration run deadlocked or hung (a stall always ends a run as a violation): case 2
   *  is no "likely deadlock" then, whether other runs failed or none did. */
  noRunStalled?: boolean;
}

const EPS = 1e-9;

export function sameScore(a: number, b: number): boolean {
  return Math.abs(a - b) <= EPS * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The member variables a function's EXIT failure invariants show it writes (v next to orig(v)). */
export function writtenByInvariants(ex: FailureInvariant[]): string[] {
  const vars = new Set<string>();
  for (const pair of ex)
    for (const inv of [pair.reference, pair.online]) {
      if (!inv) continue;
      for (const v of inv.vars) if (!v.startsWith('orig(') && inv.vars.includes(`orig(${v})`)) vars.add(v);
      for (const m of inv.text.matchAll(/(?:^|[^\w$.])orig\(([^()]+)\)/g)) {
        const v = m[1];
        const rest = inv.text.split(`orig(${v})`).join(' ');
        if (new RegExp(`(^|[^\\w$.])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w$])`).test(rest)) vars.add(v);
      }
    }
  return [...vars].sort();
}

type Writer = SuspiciousPosition['writer'];

function writerOf(id: string, ctx: RankContext): Writer {
  const name = ctx.graph.name(id);
  const known = Object.hasOwn(ctx.writes, name) ? ctx.writes[name] : Object.hasOwn(ctx.writes, id) ? ctx.writes[id] : undefined;
  if (known?.length) return { writes: true, vars: [...known].sort(), source: 'access-map' };
  const vars = known ? [] : writtenByInvariants(ctx.reduced.get(id)?.Ex ?? []);
  if (vars.length) return { writes: true, vars, source: 'invariants' };
  // No member write seen: what it wrote in a failing run (state reached through a local).
  const ran = ctx.scheduleWrites && Object.hasOwn(ctx.scheduleWrites, name) ? ctx.scheduleWrites[name] : undefined;
  if (ran?.length) return { writes: true, vars: ran, source: 'schedule' };
  return { writes: false, vars: [], source: known ? 'access-map' : 'none' };
}

function mergeWriters(a: Writer, b: Writer): Writer {
  if (!b.writes) return a;
  if (!a.writes) return b;
  return { writes: true, vars: [...new Set([...a.vars, ...b.vars])].sort(), source: [a.source, b.source].includes('access-map') ? 'access-map' : [a.source, b.source].includes('invariants') ? 'invariants' : 'schedule' };
}

function asReported(pair: FailureInvariant): PositionInvariant {
  return { point: pair.point, vars: [...pair.vars], reference: pair.reference?.text ?? null, online: pair.online?.text ?? null, relationship: pair.relationship, type: pair.type };
}

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(3).replace(/0+$/, ''));
const flagText = (f: FailureFlag) => `(${f.EN},${f.EX})`;

/** Fills in depth, order, score, flags, invariants and the case reason; rank and tie notes follow. */
function build(raw: RawPosition, ctx: RankContext): SuspiciousPosition {
  const { graph } = ctx;
  const fi = raw.id;
  const fj = raw.parent;
  const name = graph.name(fi);
  const node = graph.nodes.get(fi);
  const callerNode = fj !== undefined ? graph.nodes.get(fj) : undefined;
  const flags = ctx.flags.get(fi) ?? NO_FLAG;
  const orderI = ctx.orders.get(fi) ?? null;
  const depthI = graph.depth.get(fi) ?? 0;
  const reduced = ctx.reduced.get(fi);
  const isBetween = raw.kind === 'between';
  const depth = isBetween ? betweenDepth(graph.depth.get(fj!) ?? 0, depthI) : depthI;
  const order = isBetween ? betweenOrder(ctx.orders.get(fj!) ?? null, orderI) : orderI;
  const score = suspiciousRate(depth, order);
  const caller = fj ? graph.name(fj) : undefined;
  const parentFlags = fj ? flagText(ctx.flags.get(fj) ?? NO_FLAG) : '';
  let why: string;
  switch (raw.case) {
    case 'case1':
      why = `case 1, ${parentFlags} → (1,1): failure invariants appear between ${caller}::ENTER and ${name}::ENTER`;
      break;
    case 'case2':
      // It threw in a violating run: its EXIT has no failure invariants because it never
      // returned, not because it waited forever (issue 14).
      if (inSet(ctx.threw, fi, name)) {
        why = isBetween
          ? `case 2, ${parentFlags} → (1,0): failure invariants appear between ${caller}::ENTER and ${name}::ENTER, and ${name}::EXIT has none — it threw in a failing run`
          : `case 2, ${parentFlags} → (1,0) under ${caller}: ${name} enters with failure invariants and has none at its EXIT — it threw in a failing run`;
        break;
      }
      {
        // 004 IV-F reads (1,0) as a likely deadlock; when no run deadlocked or hung, that reading
        // is known to be wrong here (issue 14): the scheduler reports every stall.
        const reading = ctx.noRunStalled ? 'no run deadlocked or hung, so this is drift at its ENTER (004 IV-F would read a likely deadlock)' : `likely deadlock at ${name}`;
        why = isBetween
          ? `case 2, ${parentFlags} → (1,0): failure invariants appear between ${caller}::ENTER and ${name}::ENTER, and ${name}::EXIT has none — ${reading}`
          : `case 2, ${parentFlags} → (1,0) under ${caller}: ${name} enters with failure invariants and has none at its EXIT — ${reading}`;
      }
      break;
    case 'case3':
      why = `case 3, ${parentFlags} → (0,1) under ${caller}: ${name} enters without failure invariants and leaves with them — it behaves unlike in unit testing`;
      break;
    case 'candidate':
      why = `candidate: flag (1,1) and invoked ${ctx.maxCalls.get(fi) ?? 2} times in one integration run`;
      break;
    case 'root':
      why = `root ${name} already enters with failure invariants: the component was infected before it ran`;
      break;
    case 'violation':
      // The evidence that made it a position, in words (issue 14: every implicated function is one).
      why = ctx.leaks?.[name] && inSet(ctx.owners, fi, name)
        ? `no failure invariant left, but in a real violation it kept ${ctx.leaks[name]}, and another task waited for it until the run hung`
        : inSet(ctx.owners, fi, name)
        ? `no failure invariant left, but in a real violation another task wrote what ${name} had read before ${name} acted on it: its check and act straddle ${ctx.breaks?.[name] ?? 'a scheduling point'}`
        : inSet(ctx.interrupted, fi, name)
          ? `no failure invariant left, but a real violation interrupted ${name} in the middle of an update and failed meanwhile`
          : inSet(ctx.writers, fi, name)
            ? `no failure invariant left, but its write broke another task's atomic region in a real violation`
            : inSet(ctx.deadlocked, fi, name)
              ? `no failure invariant left, but ${name} waited for a lock in a real deadlock's wait-for cycle (the deadlocked runs never reached its EXIT)`
              : ctx.schedule?.has(fi) && !ctx.confirmed.has(fi) && !ctx.confirmed.has(name)
                ? `no failure invariant left, but failing runs show its access pattern`
                : `no failure invariant left, but a real violation's failing interleaving ran through ${name}`;
      break;
  }
  const rate =
    order === null
      ? `no call of it was recorded in the integration runs: order unknown, S_rate 0`
      : `S_rate = depth ${fmt(depth)} / order ${fmt(order)} = ${score.toFixed(3)}`;
  const invariants = isBetween ? (reduced?.En ?? []) : [...(reduced?.En ?? []), ...(reduced?.Ex ?? [])];
  let writer = writerOf(fi, ctx);
  if (isBetween) writer = mergeWriters(writerOf(fj!, ctx), writer);
  const confirmedFn = (id: string, n: string) => ctx.confirmed.has(id) || ctx.confirmed.has(n);
  const namedFn = (id: string, n: string) => confirmedFn(id, n) && !(ctx.asCaller?.has(id) || ctx.asCaller?.has(n));
  // A between position counts as confirmed by its callee f_i only: the report folds it into f_i's
  // row (fold-positions.ts), and a confirmed caller f_j has a row of its own (index.ts) — taking
  // f_j's evidence made a pure helper (formatReport under ReportFile.save) a region owner.
  const confirmed = confirmedFn(fi, name);
  const asCaller = confirmed && !namedFn(fi, name);
  return {
    rank: 0,
    kind: raw.kind,
    function: name,
    ...(caller !== undefined && isBetween ? { caller } : {}),
    id: fi,
    ...(fj !== undefined && isBetween ? { callerId: fj } : {}),
    ...(node?.file !== undefined ? { file: node.file } : {}),
    ...(node?.line !== undefined ? { line: node.line } : {}),
    // 004 IV-F puts a between position's bug inside f_j: the editor marks f_j's declaration too.
    ...(isBetween && callerNode?.file !== undefined ? { callerFile: callerNode.file } : {}),
    ...(isBetween && callerNode?.line !== undefined ? { callerLine: callerNode.line } : {}),
    depth,
    order,
    score,
    flags,
    case: raw.case,
    ...(raw.case === 'case2' && !inSet(ctx.threw, fi, name) && !ctx.noRunStalled ? { likelyDeadlock: true } : {}),
    confirmed,
    ...(ctx.interrupted?.has(fi) || ctx.interrupted?.has(name) ? { interrupted: true } : {}),
    ...(asCaller ? { confirmedAsCaller: true } : {}),
    evidence: evidenceOf(ctx, fi, name, confirmed, asCaller),
    ...(ctx.schedule?.has(fi) ? { schedule: ctx.schedule.get(fi)! } : {}),
    ...(ctx.isolated?.has(fi) ? { isolated: ctx.isolated.get(fi)! } : {}),
    writer,
    failureInvariants: invariants.map(asReported),
    reason: `${why}; ${rate}`,
  };
}

const inSet = (set: Set<string> | undefined, id: string, name: string) => !!set && (set.has(id) || set.has(name));

/** The evidence tier (issue 14; see the head of the file). For `between`, its callee's. */
function evidenceOf(ctx: RankContext, fi: string, name: string, confirmed: boolean, asCaller: boolean): EvidenceTier {
  if (!confirmed) return 'drift';
  if (inSet(ctx.owners, fi, name)) return 'region owner';
  if (inSet(ctx.interrupted, fi, name)) return 'interrupted';
  if (inSet(ctx.writers, fi, name)) return 'conflicting writer';
  return asCaller ? 'caller' : 'implicated';
}

/** Strongest first: region owner, interrupted, conflicting writer, implicated, caller, drift. */
const TIERS: EvidenceTier[] = ['region owner', 'interrupted', 'conflicting writer', 'implicated', 'caller', 'drift'];

const tierOf = (p: SuspiciousPosition) => TIERS.indexOf(p.evidence ?? (p.confirmed ? 'implicated' : 'drift'));

/** The tie rules, in order: the first that separates a and b, as [sign, what the winner has].
 *  sign < 0: a first. */
function tieRule(a: SuspiciousPosition, b: SuspiciousPosition): [number, string] | null {
  if (a.confirmed !== b.confirmed) return [a.confirmed ? -1 : 1, 'is confirmed by a real violation, the other is not'];
  if (a.writer.writes !== b.writer.writes) {
    const w = a.writer.writes ? a : b;
    const how = w.writer.source === 'access-map' ? 'static access map' : w.writer.source === 'schedule' ? 'in a failing run' : 'v and orig(v) in its EXIT failure invariants';
    return [a.writer.writes ? -1 : 1, `writes ${w.writer.vars.join(', ')} (${how}), the other is a pure observer (004 §V-E)`];
  }
  if (a.depth !== b.depth) return [a.depth > b.depth ? -1 : 1, `is deeper on the call graph (depth ${Math.max(a.depth, b.depth)} vs ${Math.min(a.depth, b.depth)}; 004 IV-F: the farther from the root, the more suspicious)`];
  const fromDfs = (p: SuspiciousPosition) => p.kind === 'function' || p.kind === 'between';
  if (fromDfs(a) !== fromDfs(b)) return [fromDfs(a) ? -1 : 1, 'was found by the DFS, the other is only a candidate'];
  return null;
}

const label = (p: SuspiciousPosition) => (p.kind === 'between' ? `(${p.caller}, ${p.function})` : p.kind === 'candidate' ? `candidate ${p.function}` : p.function);

/** Schedule evidence first (issue 30): the more suspicious pattern (Ochiai, score.ts),
 *  then the stronger kind of pattern (score.ts strengthOf). A position without any comes after
 *  every one with some. < 0: a first. How many failing runs show the pattern (`supportOf`) only
 *  decides after the evidence tiers: a violation's own interleaving says more about one run than
 *  a count says about all of them (file-appender: `subAppend`'s split read in 21 of 30 failing
 *  runs is the fault, `doAppend`'s check in all 30 the way to it). */
export function compareSchedule(a: PositionSchedule | undefined, b: PositionSchedule | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  if (!sameScore(a.suspiciousness, b.suspiciousness)) return b.suspiciousness > a.suspiciousness ? 1 : -1;
  return a.strength - b.strength;
}

/** A region owner whose pattern no passing run shows: a real violation split its atomic region,
 *  and every run whose schedule split it failed. That is the fault's own interleaving, not a
 *  statistic, so it ranks above every position whose evidence is only a higher score: a way to
 *  it that every failing run takes (file-appender: `subAppend`'s split read in 21 of 30 failing
 *  runs and no passing one, `doAppend`'s check in all 30 — Ochiai 0.84 against 1.0). A region
 *  owner whose pattern a passing run shows too gets no such place: its split did not always fail. */
const splitOnlyFails = (p: SuspiciousPosition) => p.evidence === 'region owner' && !!p.schedule && p.schedule.failed > 0 && p.schedule.passed === 0;

/** More failing runs showing the pattern first (after the tiers). */
const supportOf = (a: SuspiciousPosition, b: SuspiciousPosition) => (a.schedule && b.schedule ? b.schedule.failed - a.schedule.failed : 0);

const scheduleWords = (s: PositionSchedule) => `suspiciousness ${s.suspiciousness.toFixed(2)}, ${s.pattern.ops} ${s.pattern.kind}, ${s.failed} failing run${s.failed === 1 ? '' : 's'}`;

/** < 0: a ranks above b; 0: no rule separates them (they share a rank). */
function precedence(a: SuspiciousPosition, b: SuspiciousPosition, confirmedFirst: boolean): number {
  // Schedule evidence, then the evidence tiers, then S_rate (issue 30: depth and order never lift
  // a function above one owning the racing accesses). A region owner whose split only failing runs
  // show comes before any score (splitOnlyFails).
  // Schedule isolation first (Choi & Zeller): replayed runs showed the failure needs exactly the
  // preemption that suspended it.
  // Combined with schedule evidence: a position whose access pattern failing runs show more
  // strictly than the isolated function's (Ochiai, score.ts) stays above it.
  if (confirmedFirst && !!a.isolated !== !!b.isolated) {
    const [sa, sb] = [a.schedule?.suspiciousness ?? 0, b.schedule?.suspiciousness ?? 0];
    if (!sameScore(sa, sb) && (a.isolated ? sb > sa : sa > sb)) return sb > sa ? 1 : -1;
    return a.isolated ? -1 : 1;
  }
  if (confirmedFirst && splitOnlyFails(a) !== splitOnlyFails(b)) return splitOnlyFails(a) ? -1 : 1;
  const bySchedule = confirmedFirst ? compareSchedule(a.schedule, b.schedule) : 0;
  if (bySchedule !== 0) return bySchedule;
  if (confirmedFirst && tierOf(a) !== tierOf(b)) return tierOf(a) - tierOf(b);
  const bySupport = confirmedFirst ? supportOf(a, b) : 0;
  if (bySupport !== 0) return bySupport;
  if (!sameScore(a.score, b.score)) return b.score > a.score ? 1 : -1;
  return tieRule(a, b)?.[0] ?? 0;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** S_rate, the tie rules, competition ranks and the reasons. */
export function rankPositions(raw: RawPosition[], ctx: RankContext): SuspiciousPosition[] {
  const first = ctx.confirmedFirst ?? false;
  const positions = raw
    .map((r) => build(r, ctx))
    .sort((a, b) => precedence(a, b, first) || cmp(a.function, b.function) || cmp(a.caller ?? '', b.caller ?? '') || cmp(a.kind, b.kind));
  for (const p of positions) {
    const ahead = positions.filter((q) => q !== p && precedence(q, p, first) < 0);
    p.rank = ahead.length + 1;
  }
  for (const p of positions) {
    const notes: string[] = [];
    const below = first && p.schedule ? positions.filter((q) => q !== p && !q.schedule).length : 0;
    if (below) notes.push(`ranked above the ${below} position${below === 1 ? '' : 's'} no failing run's access pattern names`);
    if (first && p.evidence === 'region owner' && ctx.leaks?.[p.function]) notes.push('it held a lock it never released, which another task waited for in a real violation: first tier');
    else if (first && p.evidence === 'region owner') notes.push('it owns the atomic region a real violation interrupted (its check and act straddle another task\'s conflicting access): first tier');
    else if (first && p.evidence === 'interrupted') notes.push('a real violation interrupted its update: ranked right after the region owners');
    else if (first && p.evidence === 'conflicting writer') notes.push('its access broke the atomic region of a real violation: ranked after the region owners');
    if (first && p.confirmedAsCaller) notes.push('confirmed only as the caller of a function the violation names: last among the confirmed positions');
    if (first && p.confirmed && positions.some((q) => !q.confirmed && !q.schedule && q.score > p.score && !sameScore(q.score, p.score)))
      notes.push('ranked with the confirmed positions, above every unconfirmed one whatever its S_rate');
    for (const q of positions) {
      // Positions of one function fold into one row (report/fold-positions.ts): comparing them
      // would compare the function with itself (issue 31).
      if (q === p || (q.id ?? q.function) === (p.id ?? p.function)) continue;
      if (first && !!p.isolated !== !!q.isolated && precedence(p, q, first) !== compareSchedule(p.schedule, q.schedule)) continue;
      if (first && splitOnlyFails(p) !== splitOnlyFails(q)) {
        const [w, l] = splitOnlyFails(p) ? [p, q] : [q, p];
        notes.push(`${w === p ? 'above' : 'below'} ${label(q)}: ${w === p ? 'this one' : label(q)} owns the atomic region a real violation split, and no passing run showed its pattern (${scheduleWords(w.schedule!)}${l.schedule ? ` vs ${scheduleWords(l.schedule)}` : ''})`);
        continue;
      }
      // Between two positions with schedule evidence, what decided (the tiers and S_rate below
      // speak only where it did not).
      const bySchedule = first && p.schedule && q.schedule ? compareSchedule(p.schedule, q.schedule) : 0;
      if (bySchedule !== 0) {
        notes.push(`${bySchedule < 0 ? 'above' : 'below'} ${label(q)}: ${bySchedule < 0 ? 'stronger schedule evidence' : `stronger schedule evidence for ${label(q)}`} (${scheduleWords(bySchedule < 0 ? p.schedule! : q.schedule!)} vs ${scheduleWords(bySchedule < 0 ? q.schedule! : p.schedule!)})`);
        continue;
      }
      if (first && (!!p.schedule !== !!q.schedule)) continue;
      if (!sameScore(q.score, p.score)) continue;
      // The evidence tier decided before any tie rule could (rankPositions with confirmedFirst).
      // Between two confirmed positions (confirmed vs not is the first tie rule's wording).
      const byTier = first && p.confirmed && q.confirmed ? tierOf(p) - tierOf(q) : 0;
      if (byTier !== 0) {
        notes.push(`${byTier < 0 ? 'above' : 'below'} ${label(q)} on equal S_rate: stronger evidence ${byTier < 0 ? `(${p.evidence} vs ${q.evidence})` : `for ${label(q)} (${q.evidence} vs ${p.evidence})`}`);
        continue;
      }
      const rule = tieRule(p, q);
      if (!rule) notes.push(`tied with ${label(q)}: no rule separates them`);
      else if (rule[0] < 0) notes.push(`above ${label(q)} on equal S_rate: this one ${rule[1]}`);
      else notes.push(`below ${label(q)} on equal S_rate: ${label(q)} ${rule[1]}`);
    }
    if (notes.length) p.reason += `; ${notes.join('; ')}`;
    // The schedule evidence in the user's words comes first: it is what ranked the position.
    if (first && p.schedule) p.reason = `schedule evidence ${p.schedule.text} — ${scheduleWords(p.schedule)}; ${p.reason}`;
    if (first && p.isolated) p.reason = `schedule isolation (Choi & Zeller) — ${p.isolated}: the critical preemption suspended it, so it ranks above every position without stronger schedule evidence; ${p.reason}`;
  }
  return positions;
}
