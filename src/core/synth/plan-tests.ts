// Which invocations to run side by side, and on which objects: INTRUDER's test generator (000
// Alg. 5), He et al.'s gettest (002 Alg. 1) with the seed suite in place of random choices, and a
// random-pair baseline (ConTeGe-style: two public methods on one shared object) for bench/synth.
import type { ClassAccessMap } from '../static/static-types.js';
import { dereference, intruder, invocationOf, type FeasiblePair, type SymbolInfo } from './intruder.js';
import { objectId, seedTestTitle, type ClientInvocation, type SeedRun } from './seed-invocations.js';
import { isModuleRoot, MODULE_ROOT } from './module-state.js';
import { SeedSlice, Unproducible } from './seed-slice.js';
import type { SkippedCandidate, SynthesizedTest, SynthResult } from './synth-types.js';

interface Planned {
  tests: SynthesizedTest[];
  skipped: SkippedCandidate[];
}

function rootObject(inv: ClientInvocation, s: SymbolInfo): number | undefined {
  if (s.root === 'this') return inv.receiver;
  return objectId(inv.params.find((p) => p.name === s.root)?.value);
}

function finish(slice: SeedSlice, base: Omit<SynthesizedTest, 'setup' | 'calls' | 'state' | 'modules' | 'name' | 'helpers'>, calls: string[][]): SynthesizedTest {
  return {
    name: '',
    ...base,
    setup: [...slice.statements],
    calls,
    state: slice.variables(),
    modules: Object.fromEntries(slice.modules),
    helpers: [...slice.helpers.values()].reverse(),
    ...(slice.fresh.size ? { fresh: [...slice.fresh] } : {}),
    ...(slice.freshCommonJs.size ? { freshCommonJs: [...slice.freshCommonJs] } : {}),
    ...(slice.observers.length ? { observe: [...slice.observers] } : {}),
  };
}

function short(fn: string): string {
  return fn.split('.').pop()!;
}

/** 000 Alg. 5 for every feasible PC-R pair (one test per pair of functions and field). */
export function intruderTests(seed: SeedRun): Planned & { counts: { dependencies: number; pairs: number; feasible: number } } {
  const { analysis, pairs, scanned } = intruder(seed);
  const symbols = new Map(analysis.symbols.map((s) => [s.name, s]));
  const out: Planned = { tests: [], skipped: [] };
  const seen = new Set<string>();
  const feasible = scanned.filter((p) => p.feasible);
  // Pairs of one class's own API first (a remote call on the class whose object the pair races
  // on, as Fig. 2's bin2.clear()), then the rest, each group in the order the seed ran them.
  const own = (p: FeasiblePair) => {
    const a = invocationOf(seed, p.a.invocation);
    const b = invocationOf(seed, p.b.invocation);
    const rootType = symbols.get(p.i) && rootObject(a, symbols.get(p.i)!) !== undefined ? seed.classes[a.process].get(rootObject(a, symbols.get(p.i)!)!) : undefined;
    return b.receiverClass !== undefined && (b.receiverClass === a.receiverClass || b.receiverClass === rootType) ? 0 : 1;
  };
  // Of the pairs on the same two functions and field, the one whose first call ran deepest in
  // the seed suite (the most accesses and awaits: the seed state where the work happens).
  const depth = (p: FeasiblePair) => invocationOf(seed, p.a.invocation).events.length + invocationOf(seed, p.b.invocation).events.length / 1e6;
  const best = new Map<string, FeasiblePair>();
  for (const p of feasible) {
    const key = `${p.a.fn}|${p.b.fn}|${p.a.field}`;
    const have = best.get(key);
    if (!have || depth(p) > depth(have)) best.set(key, p);
  }
  const ordered = feasible.map((p, k) => ({ p, k, own: own(p) })).filter((x) => best.get(`${x.p.a.fn}|${x.p.b.fn}|${x.p.a.field}`) === x.p).sort((x, y) => x.own - y.own || x.k - y.k).map((x) => x.p);
  const written = new Set<string>();
  for (const pair of ordered) {
    const Ia = invocationOf(seed, pair.a.invocation);
    const Ib = invocationOf(seed, pair.b.invocation);
    const key = `${Ia.fn}|${Ib.fn}|${pair.a.field}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const parts = [[Ia.fn], [Ib.fn]];
    try {
      const t = intruderTest(seed, pair, Ia, Ib, symbols);
      // The same code for another field of the same pair is one test.
      const code = [...t.setup, ...t.calls.flat()].join('\n');
      if (!written.has(code)) out.tests.push(t);
      written.add(code);
    } catch (error) {
      if (!(error instanceof Unproducible)) throw error;
      out.skipped.push({ method: 'intruder', parts, field: pair.a.field, note: error.message });
    }
  }
  return { ...out, counts: { dependencies: analysis.dependencies.length, pairs: pairs.length, feasible: feasible.length } };
}

function intruderTest(seed: SeedRun, pair: FeasiblePair, Ia: ClientInvocation, Ib: ClientInvocation, symbols: Map<string, SymbolInfo>): SynthesizedTest {
  const slice = new SeedSlice(seed);
  const i = symbols.get(pair.i)!;
  const j = symbols.get(pair.j)!;
  const rootA = rootObject(Ia, i);
  const rootB = rootObject(Ib, j);
  const where = (inv: ClientInvocation, s: SymbolInfo) => (isModuleRoot(s.root) ? `${s.path.join('.') || pair.a.field.split('.').pop()} of ${s.root.slice(MODULE_ROOT.length)}` : dereference(s.root === 'this' ? 'receiver' : `parameter ${s.root}`, s.path));
  let sharing: string;
  if (isModuleRoot(i.root) || isModuleRoot(j.root)) {
    // Module state needs no shareObjects (Alg. 5 line 8): one module instance is shared by every
    // call that imports it. Its state is rebuilt by replaying the seed's earlier calls.
    if (i.root !== j.root || i.path.join('.') !== j.path.join('.')) throw new Unproducible(`${Ia.fn} reaches ${pair.a.field} as ${where(Ia, i)} and ${Ib.fn} as ${where(Ib, j)}: no module state or object to share makes them one location`);
    const file = i.root.slice(MODULE_ROOT.length);
    for (const inv of [Ia, Ib]) if (inv.file !== file) throw new Unproducible(`${inv.fn} (${inv.file}) uses the state of ${file}: a fresh import of ${file} for each run would not be the one it uses`);
    slice.moduleState(file, Ia.process, 'a', Ia.order);
    sharing = `both reach ${where(Ia, i)} (module state, imported afresh for each run)`;
  } else if (rootA === undefined || rootB === undefined) {
    throw new Unproducible(`the accessed object is not reached from ${Ia.fn}'s or ${Ib.fn}'s receiver or parameters`);
  } else if (!pair.setter) {
    // shareObjects (Alg. 5 line 8): one object where both dereferences start, so p, c and r hit
    // the same location.
    // The dereferences end alike (…s); what they start from differs by a prefix: a's prefix
    // object becomes b's (`bin2.clear()` on the `other` of sampleBootstrap, `list.add()` on
    // `bin.elements`). A prefix on b's side would need a setter on b's root.
    let k = 0;
    while (k < i.path.length && k < j.path.length && i.path[i.path.length - 1 - k] === j.path[j.path.length - 1 - k]) k++;
    const prefixA = i.path.slice(0, i.path.length - k);
    const prefixB = j.path.slice(0, j.path.length - k);
    if (prefixB.length > 0) throw new Unproducible(`${Ia.fn} reaches ${pair.a.field} as ${where(Ia, i)} and ${Ib.fn} as ${where(Ib, j)}: no object to share makes them one location`);
    const root = slice.object(Ia.process, rootA, 'a', Ia.order);
    const shared = dereference(root, prefixA);
    slice.alias(Ib.process, rootB, 'b', shared);
    sharing = `both use ${shared} (${where(Ia, i)} of ${short(Ia.fn)}, ${where(Ib, j)} of ${short(Ib.fn)})`;
  } else {
    // The dominant lock is broken by the setter σ: two containers share the inner object.
    const dom = symbols.get(pair.dom!)!;
    const setterInv = invocationOf(seed, pair.setter.invocation);
    const a = slice.object(Ia.process, rootA, 'a', Ia.order);
    const b = slice.object(Ib.process, rootB, 'b', Ib.order);
    const sharedValue = setterInv.params[pair.setter.param].value;
    const shared = slice.value(sharedValue, setterInv.process, 's', setterInv.order);
    const args = setterInv.params.map((p, k) => (k === pair.setter!.param ? shared : slice.value(p.value, setterInv.process, 's', setterInv.order))).join(', ');
    for (const container of [a, b]) slice.statements.push(`${setterInv.async ? 'await ' : ''}${dereference(container, dom.path)}.${pair.setter.method}(${args});`);
    sharing = `${a} and ${b} differ (their own ${pair.guard} locks), ${pair.setter.method} makes both reach ${shared}`;
  }
  const callA = slice.call(Ia, 'a');
  const callB = slice.call(Ib, 'b');
  const kinds = `p/c = ${pair.a.previous}/${pair.a.current} in ${short(Ia.fn)} (line ${pair.a.line}), r = ${pair.b.current} in ${short(Ib.fn)} (line ${pair.b.line})`;
  return finish(slice, {
    method: 'intruder',
    parts: [[Ia.fn], [Ib.fn]],
    field: pair.a.field,
    reason: `${pair.reason}; ${sharing}`,
    seeds: [...new Set([seedTestTitle(seed.root, Ia.testFile, Ia.fn, Ia.receiverClass, [...slice.statements, callA, callB]), seedTestTitle(seed.root, Ib.testFile, Ib.fn, Ib.receiverClass, [...slice.statements, callA, callB])])],
    detail: `PC-R pair (${pair.a.id}, ${pair.b.id}), ${kinds}`,
  }, [[callA], [callB]]);
}

/** Beyond 000 (its authors' deadlock synthesizer, OMEN, is 000's [26]): a client invocation that
 *  took the lock of one argument (or its receiver) while holding another's, both of one class, run
 *  against itself with the two swapped — `a.transfer(b) ∥ b.transfer(a)`. Locks are the mutexes
 *  kept in the objects' fields (intruder.ts), taken in the seed run's order. */
export function lockOrderTests(seed: SeedRun): Planned {
  const out: Planned = { tests: [], skipped: [] };
  const seen = new Set<string>();
  for (const inv of seed.invocations) {
    if (inv.kind !== 'method' && inv.kind !== 'function') continue;
    if (seen.has(inv.fn) || inv.threw) continue;
    const cls = seed.classes[inv.process];
    // Which root object (receiver or parameter) owns each lock: the object whose field it is read from.
    const roots = new Map<number, number>();
    if (inv.receiver !== undefined) roots.set(inv.receiver, -1);
    inv.params.forEach((p, k) => {
      const id = objectId(p.value);
      if (id !== undefined && !roots.has(id)) roots.set(id, k);
    });
    const ownerOf = new Map<number, number>();
    for (const ev of inv.events) if (ev.e === 'rd' && roots.has(ev.obj) && objectId(ev.v) !== undefined && /lock|mutex|semaphore/i.test(`${ev.k} ${cls.get(objectId(ev.v)!) ?? ''}`)) ownerOf.set(objectId(ev.v)!, ev.obj);
    const held: number[] = [];
    let nested: [number, number] | undefined;
    for (const ev of inv.events) {
      if (ev.e === 'acquire') {
        const owner = ownerOf.get(ev.lock);
        const outer = held.map((l) => ownerOf.get(l)).find((o) => o !== undefined && owner !== undefined && o !== owner && cls.get(o) === cls.get(owner));
        if (outer !== undefined && owner !== undefined && !nested) nested = [outer, owner];
        held.push(ev.lock);
      } else if (ev.e === 'release') {
        const at = held.lastIndexOf(ev.lock);
        if (at >= 0) held.splice(at, 1);
      }
    }
    if (!nested) continue;
    seen.add(inv.fn);
    const [first, second] = nested;
    const type = cls.get(first) ?? 'Object';
    const parts = [[inv.fn], [inv.fn]];
    try {
      const slice = new SeedSlice(seed);
      const a = slice.object(inv.process, first, 'a', inv.order);
      const b = slice.object(inv.process, second, 'a', inv.order);
      const callA = slice.call(inv, 'a');
      const callB = slice.call(inv, 'a', new Map([[first, b], [second, a]]));
      const role = (id: number) => (roots.get(id) === -1 ? 'its receiver' : `its argument ${inv.params[roots.get(id)!].name}`);
      out.tests.push(finish(slice, {
        method: 'intruder',
        parts,
        field: `${type} locks`,
        reason: `${short(inv.fn)} takes the lock of ${role(second)} while holding the lock of ${role(first)}; run twice with the two ${type} objects swapped, each can hold one lock and wait for the other`,
        seeds: [seedTestTitle(seed.root, inv.testFile, inv.fn, inv.receiverClass, [...slice.statements, callA])],
        detail: 'lock-order pair (nested acquisition of two same-class locks, OMEN-style, 000 [26])',
      }, [[callA], [callB]]));
    } catch (error) {
      if (!(error instanceof Unproducible)) throw error;
      out.skipped.push({ method: 'intruder', parts, field: `${type} locks`, note: error.message });
    }
  }
  return out;
}

/** Why no seed invocation of `fn` can be copied, in the user's terms. */
function noSeedCall(seed: SeedRun, fn: string): string {
  const calls = seed.invocations.filter((inv) => inv.fn === fn);
  if (calls.length === 0) return `the unit tests never call ${fn} themselves (only other functions do): no seed call to copy its object and arguments from`;
  if (calls.every((inv) => inv.threw)) return `every call of ${fn} in the unit tests threw (${calls[0].threw}): no seed call that does its work`;
  return `the unit tests call ${fn} only on objects they did not construct (or as a static function): no seed object to share`;
}

/** The seed invocation of `fn` that ran deepest (the most accesses and awaits: its object was
 *  grown into a state where the function does its work), on the object grown by the fewest calls
 *  (the boundary state, e.g. a queue of one element, where a remote write changes the outcome). */
function deepest(seed: SeedRun, fn: string): ClientInvocation | undefined {
  let best: { inv: ClientInvocation; growth: number } | undefined;
  for (const inv of seed.invocations) {
    if (inv.fn !== fn || inv.kind !== 'method' || inv.threw || inv.receiver === undefined) continue;
    const growth = seed.invocations.filter((g) => g.process === inv.process && g.order < inv.order && g.kind !== 'constructor' && g.wrote.includes(inv.receiver!)).length;
    if (!best || inv.events.length > best.inv.events.length || (inv.events.length === best.inv.events.length && growth < best.growth)) best = { inv, growth };
  }
  return best?.inv;
}

/** 002 Alg. 1 (gettest) over V, M_r, M_w and S_f, every candidate in turn instead of random
 *  draws: a variable a non-synchronized function f touches, p = the seed object f ran deepest on
 *  (constructed and grown by its recorded calls), c1 = f, c2 = a writer, then a reader, of the
 *  variable (MaxcLength 1: c2 is one call). */
export function heTests(seed: SeedRun, classes: ClassAccessMap[]): Planned {
  const out: Planned = { tests: [], skipped: [] };
  const seen = new Set<string>();
  for (const cls of classes) {
    for (const v of cls.vars) {
      const writers = (cls.writes[v] ?? []).filter((m) => m !== 'constructor');
      const readers = (cls.reads[v] ?? []).filter((m) => m !== 'constructor');
      const accessors = [...new Set([...writers, ...readers])];
      for (const f of accessors.filter((m) => cls.nonAtomic.includes(m))) {
        for (const g of [...new Set([...writers, ...readers])]) {
          const key = `${cls.name}|${f}|${g}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const parts = [[`${cls.name}.${f}`], [`${cls.name}.${g}`]];
          const field = `${cls.name}.${v}`;
          const If = deepest(seed, `${cls.name}.${f}`);
          const Ig = deepest(seed, `${cls.name}.${g}`);
          if (!If || !Ig) {
            out.skipped.push({ method: 'he', parts, field, note: noSeedCall(seed, `${cls.name}.${!If ? f : g}`) });
            continue;
          }
          // The parallel parts share p's outputs (002 §3.2): c2 runs on the instance c1 runs on,
          // and on each other instance of the class c1 is given.
          const receivers = [-1, ...If.params.flatMap((p, k) => (objectId(p.value) !== undefined && seed.classes[If.process].get(objectId(p.value)!) === cls.name ? [k] : []))];
          for (const receiver of receivers) try {
            const slice = new SeedSlice(seed);
            const tc = slice.object(If.process, If.receiver!, 'p', If.order);
            const c1 = slice.call(If, 'p');
            const on = receiver < 0 ? tc : slice.value(If.params[receiver].value, If.process, 'p', If.order);
            // c2's own arguments of the class are p's other instance (a.transfer(b) ∥ b.transfer(a)).
            const other = receiver < 0 ? (receivers.length > 1 ? slice.value(If.params[receivers[1]].value, If.process, 'p', If.order) : undefined) : tc;
            const overrides = new Map([[Ig.receiver!, on]]);
            for (const p of Ig.params) {
              const id = objectId(p.value);
              if (other && id !== undefined && id !== Ig.receiver && seed.classes[Ig.process].get(id) === cls.name) overrides.set(id, other);
            }
            const c2 = slice.call(Ig, 'g', overrides);
            out.tests.push(finish(slice, {
              method: 'he',
              parts,
              field,
              reason: `${f} is not synchronized (S_f) and ${g} ${writers.includes(g) ? 'writes' : 'reads'} ${v} (M_${writers.includes(g) ? 'w' : 'r'}(${v}))${receiver < 0 ? '' : `, on ${f}'s argument ${If.params[receiver].name}`}`,
              seeds: [...new Set([seedTestTitle(seed.root, If.testFile, If.fn, If.receiverClass, [...slice.statements, c1, c2]), seedTestTitle(seed.root, Ig.testFile, Ig.fn, Ig.receiverClass, [...slice.statements, c1, c2])])],
              detail: `(p, c1, c2) with p = the ${cls.name} of the seed test, c1 = ${f}, c2 = ${g}`,
            }, [[c1], [c2]]));
          } catch (error) {
            if (!(error instanceof Unproducible)) throw error;
            out.skipped.push({ method: 'he', parts, field, note: error.message });
          }
        }
      }
    }
  }
  return out;
}

/** The random-pair baseline (ConTeGe-style, 000 §4 Table 7): two public methods drawn at random,
 *  called on one shared object built as the seed suite built it. `rand` in [0, 1). */
export function randomTests(seed: SeedRun, count: number, rand: () => number): Planned {
  const out: Planned = { tests: [], skipped: [] };
  const methods = seed.invocations.filter((i) => i.kind === 'method' && !i.threw && i.receiverClass);
  for (let k = 0; k < count * 4 && out.tests.length < count && methods.length; k++) {
    const a = methods[Math.floor(rand() * methods.length)];
    const same = methods.filter((m) => m.receiverClass === a.receiverClass);
    const b = same[Math.floor(rand() * same.length)];
    try {
      const slice = new SeedSlice(seed);
      const tc = slice.object(a.process, a.receiver!, 'p', a.order);
      const c1 = slice.call(a, 'p');
      const c2 = slice.call(b, 'g', new Map([[b.receiver!, tc]]));
      out.tests.push(finish(slice, { method: 'random', parts: [[a.fn], [b.fn]], field: `${a.receiverClass}`, reason: 'drawn at random', seeds: [seedTestTitle(seed.root, a.testFile, a.fn, a.receiverClass, [...slice.statements, c1, c2])], detail: 'random pair' }, [[c1], [c2]]));
    } catch (error) {
      if (!(error instanceof Unproducible)) throw error;
    }
  }
  return out;
}

export function planTests(seed: SeedRun, classes: ClassAccessMap[], method: 'intruder' | 'he' | 'both' | 'random', options: { max?: number; rand?: () => number; lockMethods?: string[] } = {}): SynthResult {
  const result: SynthResult = { tests: [], skipped: [], counts: { dependencies: 0, pairs: 0, feasible: 0, heCandidates: 0 } };
  if (method === 'intruder' || method === 'both') {
    const planned = intruderTests(seed);
    const locks = lockOrderTests(seed);
    result.tests.push(...planned.tests, ...locks.tests);
    result.skipped.push(...planned.skipped, ...locks.skipped);
    result.counts = { ...result.counts, ...planned.counts };
  }
  if (method === 'he' || method === 'both') {
    const planned = heTests(seed, classes);
    // A pair INTRUDER already wrote on the same functions is not written twice.
    const have = new Set(result.tests.map((t) => t.parts.flat().join('|')));
    result.tests.push(...planned.tests.filter((t) => !have.has(t.parts.flat().join('|'))));
    result.skipped.push(...planned.skipped);
    result.counts.heCandidates = planned.tests.length + planned.skipped.length;
  }
  if (method === 'random') {
    let state = 1;
    const rand = options.rand ?? (() => ((state = (state * 48271) % 2147483647) / 2147483647));
    result.tests.push(...randomTests(seed, options.max ?? 10, rand).tests);
  }
  // A configured lock class's acquire / release are the synchronization, not calls on state: a
  // test calling them itself (pickup ∥ pickup) only misuses the lock.
  const locks = new Set(options.lockMethods ?? []);
  for (const t of result.tests.filter((t) => t.parts.flat().some((f) => locks.has(f)))) {
    result.skipped.push({ method: t.method, parts: t.parts, field: t.field, note: `calls ${t.parts.flat().filter((f) => locks.has(f)).join(', ')}, a configured lock class's acquire or release` });
  }
  result.tests = result.tests.filter((t) => !t.parts.flat().some((f) => locks.has(f)));
  if (options.max !== undefined) result.tests = result.tests.slice(0, options.max);
  result.tests.forEach((t, k) => {
    t.name = `synth-${String(k + 1).padStart(2, '0')}-${t.method}-${t.parts.flat().map(short).join('-')}.test.ts`.replace(/[^A-Za-z0-9._-]/g, '_');
  });
  return result;
}
