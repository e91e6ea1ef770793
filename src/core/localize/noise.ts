// Noise rules (issue 14 point 4): failure invariants that differ between the unit suite and the
// integration suite only because the two suites built different fixtures. They are classified
// before 004's filtering and reduction (IV-B/IV-C, IV-E), so they never set a failure flag or rank
// a position, and kept with their reason so that "show all" (`conlens rank --all`, the editor's
// "Show hidden positions") can still show them. 004 does not need this stage: its two suites run
// one program with more threads, so its objects, paths and ids are the same on both sides; unit and
// integration tests written by hand build their own objects, temp directories, ids and servers.
//
// A failure invariant <reference, online> is noise when every side it has is noise (by the first
// rule that matches, in this order; `also` lists the others):
//   identity      — over object identities only, and not about null-ness: `this has only one
//                   value` (the one object a unit test built), `x == y` / `x != y` / `this !=
//                   this._events` between identities (which object is which is the test's choice;
//                   whether it is null is state, so `this.qw != null` is kept, and so is
//                   `this.qw == orig(this.qw)`: whether the call replaced the object). The miner marks an
//                   invariant over identities only (`identity`, suppress.ts); without the mark,
//                   only the `has only one value` text is recognised.
//   fixture       — a value that is a per-run fixture: temp paths (under os.tmpdir(), /tmp,
//                   /var/folders, …\Temp\, or with mkdtemp's 6-character suffix), uuids and other
//                   random ids (16+ hex digits; a string holding a uuid, `at-<uuid>`; base-36
//                   strings in a variable named like an id),
//                   timestamps (integers in 1e12…4.2e12, ms since 2001…2103; 1e9…4.2e9 in a
//                   variable named like a time; ISO dates), ports (1024…65535 in a variable named
//                   like a port) and pids (in a variable named like a pid). A literal in the
//                   invariant's text decides; so does a variable that some invariant of either
//                   suite shows holding such a value (`fixtureVariables`: `id != this.file` after
//                   `this.file == "/tmp/x-AbC123"`), or one named uuid/guid/pid/tmpDir/tempDir.
//   node-internal — over a field of Node's own base classes (NODE_INTERNAL_FIELDS: EventEmitter,
//                   streams, net/http sockets and servers, child processes, timers). A class that
//                   extends EventEmitter carries `_events`, `_eventsCount`, `_maxListeners` as own
//                   fields; they count listeners the test attached, not the program's state.
// Only fields named in the list count (not every `_x`: a user's own `_balance` is state).
//   folded        — a JM (or MJ) whose variables all kept one value in the suite that lacks it,
//                   and which holds for those values: the miner folds constants (suppress.ts: a
//                   one-valued variable gets its OneOf and no relation; a OneOf hides its bounds),
//                   so `return != orig(user)` of the unit tests is missing where every integration
//                   call had user "ann" and returned "digest:ann" — not broken, only not restated.
//                   Daikon relates constants at the end (DynamicConstants.post_process) and has no
//                   such pair (stop 53's trial: a drift row stood on one).
import type { FailureInvariant, Invariant, InvariantPair, InvariantSet } from '../invariants/invariant-types.js';

export type NoiseRule = 'identity' | 'fixture' | 'node-internal' | 'folded';
export const NOISE_RULES: readonly NoiseRule[] = ['identity', 'fixture', 'node-internal', 'folded'];

export interface NoiseInvariant {
  invariant: FailureInvariant | InvariantPair;
  rule: NoiseRule;
  /** Other rules that match too. */
  also?: NoiseRule[];
  /** Why, in words: what matched. */
  detail: string;
}

export interface NoiseOptions {
  /** false: no noise rule (004's algorithm exactly). Default true. */
  enabled?: boolean;
  /** Variables known to hold per-run fixture values (`fixtureVariables` over both suites). */
  fixtureVars?: FixtureVariable[];
  /** Each suite's one-valued variables (`suiteConstants`): the folded rule. */
  constants?: { reference: SuiteConstants; online: SuiteConstants };
  /** os.tmpdir() of the machine the tests ran on (paths below it are temp paths); /tmp and the
   *  usual macOS / Windows temp folders always count. */
  tmpdir?: string;
}

export interface FixtureVariable {
  /** The function of the program point (`Store.load`), or for `this.…` variables its class. */
  owner: string;
  /** The variable without orig() / size() / .length (`this.dir`). */
  variable: string;
  /** The value that showed it, as the invariant printed it. */
  value: string;
}

/** Fields of Node's core classes that user classes inherit or hold (field name → class). */
export const NODE_INTERNAL_FIELDS: Readonly<Record<string, string>> = {
  _events: 'EventEmitter',
  _eventsCount: 'EventEmitter',
  _maxListeners: 'EventEmitter',
  'Symbol(kCapture)': 'EventEmitter',
  'Symbol(shapeMode)': 'EventEmitter',
  _readableState: 'stream.Readable',
  _writableState: 'stream.Writable',
  _transformState: 'stream.Transform',
  _duplexState: 'stream.Duplex',
  _handle: 'net.Socket / net.Server / ChildProcess',
  _parent: 'net.Socket',
  _host: 'net.Socket',
  _peername: 'net.Socket',
  _sockname: 'net.Socket',
  _pendingData: 'net.Socket',
  _pendingEncoding: 'net.Socket',
  _server: 'net.Socket',
  _hadError: 'net.Socket',
  _closeAfterHandlingError: 'net.Socket',
  _connections: 'net.Server',
  _connectionKey: 'net.Server',
  _usingWorkers: 'net.Server',
  _workers: 'net.Server',
  _unref: 'net.Server',
  _pipeName: 'net.Server',
  _header: 'http.OutgoingMessage',
  _headerSent: 'http.OutgoingMessage',
  _closed: 'http.OutgoingMessage',
  _contentLength: 'http.OutgoingMessage',
  _hasBody: 'http.OutgoingMessage',
  _trailer: 'http.OutgoingMessage',
  _last: 'http.OutgoingMessage',
  _keepAliveTimeout: 'http.OutgoingMessage',
  _defaultKeepAlive: 'http.OutgoingMessage',
  _removedConnection: 'http.OutgoingMessage',
  _removedContLen: 'http.OutgoingMessage',
  _removedTE: 'http.OutgoingMessage',
  _sent100: 'http.ServerResponse',
  _expect_continue: 'http.ServerResponse',
  _dumped: 'http.IncomingMessage',
  _consuming: 'http.IncomingMessage',
  _closesNeeded: 'ChildProcess',
  _closesGot: 'ChildProcess',
  _idleTimeout: 'Timeout',
  _idlePrev: 'Timeout',
  _idleNext: 'Timeout',
  _idleStart: 'Timeout',
  _onTimeout: 'Timeout',
  _timerArgs: 'Timeout',
  _repeat: 'Timeout',
  _destroyed: 'Timeout',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A uuid inside a longer string: `at-55f7372f-…`, `session:3b24…` (a trial's tokens). */
const HAS_UUID = /(?:^|[^0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/i;
const HEX_ID = /^[0-9a-f]{16,}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
/** mkdtemp('prefix-') appends 6 random characters: `/tmp/xyz-AbC123`. */
const MKDTEMP = /[/\\][^/\\]*[-_.][A-Za-z0-9]{6}(?:[/\\]|$)/;
const TEMP_ROOTS = ['/tmp/', '/var/tmp/', '/var/folders/', '/private/var/folders/', '/private/tmp/'];
const ID_NAME = /(?:^|[._])(?:id|uuid|guid|token|nonce|key)$|[a-z]Id$/i;
const TIME_NAME = /(?:^|[._])(?:time|timestamp|date|now|ts|started|created|updated|expires)$|[a-z](?:At|Time|Timestamp|Date)$/;
const PORT_NAME = /port$/i;
const PID_NAME = /(?:^|[._])pid$|[a-z]Pid$|processId$/i;
const FIXTURE_NAME = /(?:^|[._])(?:uuid|guid|pid|tmpDir|tempDir|tmpdir|tempdir)$/i;

/** A variable without its derivations: `orig(size(this.items[]))` → `this.items`. */
export function baseVariable(name: string): string {
  let v = name.trim();
  for (;;) {
    const m = /^(?:orig|size|typeof)\((.*)\)$/.exec(v);
    if (!m) break;
    v = m[1];
  }
  return v.replace(/\[\]$/, '').replace(/\.length$/, '');
}

function ownerOf(point: string, variable: string): string {
  const at = point.lastIndexOf(':::');
  const fn = at < 0 ? point : point.slice(0, at);
  if (!/^this\b/.test(variable)) return fn;
  const dot = fn.lastIndexOf('.');
  return dot > 0 && !fn.slice(0, dot).includes('#') ? fn.slice(0, dot) : fn;
}

/** The string and number literals of an invariant's text (strings as they are, unquoted). */
function literals(text: string): { strings: string[]; numbers: number[] } {
  const strings: string[] = [];
  const rest = text.replace(/"((?:[^"\\]|\\.)*)"/g, (_, s: string) => {
    strings.push(s.replace(/\\(.)/g, '$1'));
    return ' ';
  });
  const numbers = [...rest.matchAll(/(?:^|[^\w$.])(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?![\w$])/g)].map((m) => Number(m[1]));
  return { strings, numbers };
}

/** Why `value` (a string literal) is a per-run fixture, or null. */
function fixtureString(value: string, tmpdir: string | undefined, vars: string[]): string | null {
  const temp = tmpdir && tmpdir.length > 1 && (value === tmpdir || value.startsWith(tmpdir.replace(/[/\\]?$/, '/')) || value.startsWith(tmpdir.replace(/[/\\]?$/, '\\')));
  if (temp || TEMP_ROOTS.some((r) => value.startsWith(r)) || /\\(?:AppData\\Local\\)?Temp\\/i.test(value)) return 'a temp path';
  if (/[/\\]/.test(value) && MKDTEMP.test(value)) return 'a temp path (mkdtemp suffix)';
  if (UUID.test(value)) return 'a uuid';
  if (HAS_UUID.test(value)) return 'an id holding a uuid';
  if (HEX_ID.test(value)) return 'a random id';
  if (ISO_DATE.test(value)) return 'a timestamp';
  if (vars.some((v) => ID_NAME.test(baseVariable(v))) && /^[a-z0-9]{8,}$/i.test(value) && /\d.*\d/.test(value) && /[a-z].*[a-z]/i.test(value)) return 'a random id';
  return null;
}

/** Why `n` (a number literal next to `vars`) is a per-run fixture, or null. */
function fixtureNumber(n: number, vars: string[]): string | null {
  if (!Number.isInteger(n)) return null;
  const names = vars.map(baseVariable);
  if (n >= 1e12 && n <= 4.2e12) return 'a timestamp (ms since the epoch)';
  if (n >= 1e9 && n <= 4.2e9 && names.some((v) => TIME_NAME.test(v))) return 'a timestamp (s since the epoch)';
  if (n >= 1024 && n <= 65535 && names.some((v) => PORT_NAME.test(v))) return 'a port';
  if (n > 1 && n <= 4194304 && names.some((v) => PID_NAME.test(v))) return 'a pid';
  return null;
}

/** The first fixture literal of an invariant, as `"value" (kind)`. */
function fixtureLiteral(inv: Invariant, tmpdir: string | undefined): string | null {
  const { strings, numbers } = literals(inv.text);
  for (const s of strings) {
    const why = fixtureString(s, tmpdir, inv.vars);
    if (why) return `${JSON.stringify(s)} is ${why}`;
  }
  for (const n of numbers) {
    const why = fixtureNumber(n, inv.vars);
    if (why) return `${n} is ${why}`;
  }
  return null;
}

/** The variables that some invariant of these sets shows holding a per-run fixture value. */
export function fixtureVariables(sets: InvariantSet[], options: { tmpdir?: string } = {}): FixtureVariable[] {
  const out = new Map<string, FixtureVariable>();
  for (const set of sets)
    for (const point of set.points)
      for (const inv of point.invariants) {
        const why = fixtureLiteral(inv, options.tmpdir);
        if (!why) continue;
        // Only a variable shown holding the value itself (`v == 1795617494219`, `v one of {…}`):
        // a relation with a fixture-sized constant (`expiresAt == ttlMs + 1795617494219`) says
        // nothing about its other variables — a config value there is state, not a fixture.
        if (new Set(inv.vars.map(baseVariable)).size !== 1) continue;
        for (const v of inv.vars) {
          const variable = baseVariable(v);
          const owner = ownerOf(point.point, variable);
          const key = `${owner}\0${variable}`;
          if (!out.has(key)) out.set(key, { owner, variable, value: why });
        }
      }
  return [...out.values()];
}

function nullness(inv: Invariant): boolean {
  return inv.kind.startsWith('NonZero') || inv.params.some((p) => p === null) || /(?:==|!=) null\b|\bnull (?:==|!=)/.test(inv.text);
}

/** `v == orig(v)` / `v != orig(v)`: whether the call replaced the object in v — state, not which
 *  object the test built (004 Table VIII keeps `this.qw == orig(this.qw)`). */
function comparesWithOwnOrig(inv: Invariant): boolean {
  const bases = inv.vars.map((v) => ({ orig: v.startsWith('orig('), base: baseVariable(v) }));
  return bases.some((a) => a.orig && bases.some((b) => !b.orig && b.base === a.base));
}

function identityRule(inv: Invariant): string | null {
  if (inv.text.endsWith(' has only one value')) return `${inv.vars[0] ?? 'the object'} is one object per run: which object the test built`;
  if (inv.identity && !nullness(inv) && !comparesWithOwnOrig(inv)) return `compares object identities (${inv.vars.join(', ')}): which objects the tests built, not state`;
  return null;
}

function fixtureRule(inv: Invariant, point: string, fixtures: Map<string, FixtureVariable>, tmpdir: string | undefined): string | null {
  const literal = fixtureLiteral(inv, tmpdir);
  if (literal) return `${literal}: a per-run fixture value`;
  for (const v of inv.vars) {
    const variable = baseVariable(v);
    const known = fixtures.get(`${ownerOf(point, variable)}\0${variable}`);
    if (known) return `${variable} holds per-run fixture values (${known.value})`;
    if (FIXTURE_NAME.test(variable)) return `${variable} is named as a per-run fixture (uuid, pid, temp dir)`;
  }
  return null;
}

/** The Node core field an invariant is over, as `field (Class)`, or null. */
function internalRule(inv: Invariant): string | null {
  const text = `${inv.vars.join(' ')} ${inv.text}`;
  if (text.includes('Symbol(kCapture)')) return 'over Symbol(kCapture), a field of EventEmitter (Node core)';
  for (const v of inv.vars) {
    for (const segment of baseVariable(v).split(/[.[\]()\s]+/)) {
      if (Object.hasOwn(NODE_INTERNAL_FIELDS, segment)) return `over ${segment}, a field of ${NODE_INTERNAL_FIELDS[segment]} (Node core)`;
    }
  }
  return null;
}

/** A suite's variables that kept one value, per program point: `point\0variable` → the value. */
export type SuiteConstants = Map<string, number | string>;

/** The one-valued variables of a suite: a OneOf of one value (not over identities, which say
 *  which object, not what it holds). */
export function suiteConstants(set: InvariantSet): SuiteConstants {
  const out: SuiteConstants = new Map();
  for (const p of set.points) {
    for (const inv of p.invariants) {
      const [value] = inv.params;
      if (inv.kind.startsWith('OneOf') && !inv.identity && inv.vars.length === 1 && inv.params.length === 1 && (typeof value === 'number' || typeof value === 'string')) out.set(`${p.point}\0${inv.vars[0]}`, value);
    }
  }
  return out;
}

/** The value `v` kept at `point`; at an exit, `orig(x)` is x's on entry (the exit restates no
 *  orig() constant, suppress.ts). */
function constantAt(constants: SuiteConstants, point: string, v: string): number | string | undefined {
  const own = constants.get(`${point}\0${v}`);
  if (own !== undefined) return own;
  const cut = point.indexOf(':::EXIT');
  const orig = /^orig\((.*)\)$/.exec(v);
  return cut >= 0 && orig ? constants.get(`${point.slice(0, cut)}:::ENTER\0${orig[1]}`) : undefined;
}

/** LinearBinary's coefficients come from floating-point fits: equal up to rounding. */
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const COMPARISON = /^(?:Int|Float|String)(Equal|NonEqual|LessThan|LessEqual|GreaterThan|GreaterEqual)$/;

/** Whether `inv` holds for these values of its variables; undefined when its template is not one
 *  this can evaluate (then it is no noise). */
function holdsFor(inv: Invariant, values: (number | string)[]): boolean | undefined {
  const [x, y] = values;
  const comparison = COMPARISON.exec(inv.kind)?.[1];
  if (comparison && values.length === 2) {
    if (typeof x !== typeof y) return undefined;
    switch (comparison) {
      case 'Equal': return x === y;
      case 'NonEqual': return x !== y;
      case 'LessThan': return x < y;
      case 'LessEqual': return x <= y;
      case 'GreaterThan': return x > y;
      case 'GreaterEqual': return x >= y;
    }
  }
  const [a, b, c] = inv.params;
  if (/^LinearBinary/.test(inv.kind) && typeof x === 'number' && typeof y === 'number' && typeof a === 'number' && typeof b === 'number' && typeof c === 'number') return near(a * x + b * y + c, 0);
  if (/^LowerBound/.test(inv.kind) && typeof x === 'number' && typeof a === 'number') return x >= a;
  if (/^UpperBound/.test(inv.kind) && typeof x === 'number' && typeof a === 'number') return x <= a;
  // (Constants over identities are not collected, so a NonZero here is a number's, not `x != null`.)
  if (/^NonZero/.test(inv.kind) && typeof x === 'number') return x !== 0;
  return undefined;
}

function foldedRule(pair: InvariantPair, constants: NoiseOptions['constants']): string | null {
  if (!constants || (pair.reference === null) === (pair.online === null)) return null;
  const [inv, lacking, suite] = pair.reference ? [pair.reference, constants.online, 'integration runs'] : [pair.online!, constants.reference, 'unit tests'];
  const values = inv.vars.map((v) => constantAt(lacking, pair.point, v));
  if (values.some((v) => v === undefined)) return null;
  if (holdsFor(inv, values as (number | string)[]) !== true) return null;
  const shown = inv.vars.map((v, i) => `${v} == ${JSON.stringify(values[i])}`).join(', ');
  return `still holds in the ${suite}, where each of its variables kept one value (${shown}): folded into those constants, not broken`;
}

/** Each noise rule that every side of the pair matches, with the detail of its first side. */
export function noiseOf(pair: InvariantPair, options: NoiseOptions = {}, fixtures = fixtureMap(options.fixtureVars)): { rule: NoiseRule; also?: NoiseRule[]; detail: string } | null {
  const sides = [pair.reference, pair.online].filter((i): i is Invariant => i !== null);
  if (!sides.length) return null;
  const rules: [NoiseRule, (inv: Invariant) => string | null][] = [
    ['identity', identityRule],
    ['fixture', (inv) => fixtureRule(inv, pair.point, fixtures, options.tmpdir)],
    ['node-internal', internalRule],
  ];
  const matched: { rule: NoiseRule; detail: string }[] = [];
  for (const [rule, test] of rules) {
    const details = sides.map(test);
    if (details.every((d) => d !== null)) matched.push({ rule, detail: details[0]! });
  }
  const folded = foldedRule(pair, options.constants);
  if (folded) matched.push({ rule: 'folded', detail: folded });
  if (!matched.length) return null;
  const [first, ...rest] = matched;
  return { rule: first.rule, ...(rest.length ? { also: rest.map((m) => m.rule) } : {}), detail: first.detail };
}

function fixtureMap(vars: FixtureVariable[] = []): Map<string, FixtureVariable> {
  return new Map(vars.map((f) => [`${f.owner}\0${f.variable}`, f]));
}

/** The noise stage: splits the diff's failure invariants into those that go on to 004's IV-B…IV-F
 *  (`kept`) and the noise, each with its rule. */
export function classifyNoise<T extends FailureInvariant | InvariantPair>(pairs: T[], options: NoiseOptions = {}): { kept: T[]; noise: NoiseInvariant[] } {
  if (options.enabled === false) return { kept: [...pairs], noise: [] };
  const fixtures = fixtureMap(options.fixtureVars);
  const kept: T[] = [];
  const noise: NoiseInvariant[] = [];
  for (const pair of pairs) {
    const why = noiseOf(pair, options, fixtures);
    if (why) noise.push({ invariant: pair, ...why });
    else kept.push(pair);
  }
  return { kept, noise };
}

/** How many invariants each rule removed (every rule listed, 0 included). */
export function noiseCounts(noise: { rule: NoiseRule }[]): Record<NoiseRule, number> {
  const counts = Object.fromEntries(NOISE_RULES.map((r) => [r, 0])) as Record<NoiseRule, number>;
  for (const n of noise) counts[n.rule]++;
  return counts;
}
