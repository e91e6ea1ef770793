// The noise rules (localize/noise.ts; issue 14 point 4) on failure invariants shaped as the miner
// prints them (templates/unary.ts, binary.ts): identity-only, per-run fixtures, Node core fields —
// each hidden with its reason, and kept out of the ranking by localize().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyNoise, fixtureVariables, localize, noiseCounts, noiseOf, suiteConstants } from '../../src/core/localize/index.ts';
import type { InvariantSet } from '../../src/core/invariants/invariant-types.ts';
import { fi, graph, run } from './fixtures.ts';

const id = { identity: true as const };

test('identity: `x has only one value` and comparisons of identities are noise', () => {
  assert.equal(noiseOf(fi('Store.load:::ENTER', null, 'this has only one value', { kind: 'OneOfScalar', params: ['object'] }))?.rule, 'identity');
  // Without the miner's mark the text alone still tells `has only one value`.
  assert.equal(noiseOf(fi('Store.load:::ENTER', 'this.cache has only one value', null))?.rule, 'identity');
  assert.equal(noiseOf(fi('Account.transfer:::ENTER', null, 'ac != this', { kind: 'IntNonEqual', params: [], ...id }))?.rule, 'identity');
  assert.equal(noiseOf(fi('Account.transfer:::ENTER', null, 'ac.lock != this.lock', { kind: 'IntNonEqual', params: [], ...id }))?.rule, 'identity');
  assert.equal(noiseOf(fi('Store.load:::EXIT', 'this == return', null, { kind: 'IntEqual', params: [], ...id }))?.rule, 'identity');
});

test('identity: null-ness, v == orig(v) and unmarked comparisons are state, not noise', () => {
  assert.equal(noiseOf(fi('FileAppender.subAppend:::ENTER', 'this.qw != null', null, { kind: 'NonZero', params: [], ...id })), null);
  assert.equal(noiseOf(fi('FileAppender.subAppend:::ENTER', null, 'this.qw == null', { kind: 'OneOfScalar', params: [null], ...id })), null);
  assert.equal(noiseOf(fi('FileAppender.subAppend:::EXIT', 'this.qw == orig(this.qw)', null, { kind: 'IntEqual', params: [], ...id })), null);
  // Numbers compared (no identity mark): 004's running example.
  assert.equal(noiseOf(fi('SA.func1:::EXIT', null, 'this.xx != this.y', { kind: 'IntNonEqual', params: [] })), null);
});

test('fixture: temp paths, mkdtemp suffixes, uuids, random ids, timestamps in the text', () => {
  const one = (text: string, vars?: string[]) => noiseOf(fi('Store.open:::EXIT', null, text, { kind: 'OneOfString', ...(vars ? { vars } : {}) }));
  assert.equal(one('this.dir == "/tmp/xyz-AbC123"')?.rule, 'fixture');
  assert.match(one('this.dir == "/tmp/xyz-AbC123"')!.detail, /temp path/);
  assert.equal(one('this.dir == "/home/u/work/cache-Xy12Zq/data"')?.rule, 'fixture');
  assert.equal(noiseOf(fi('Store.open:::EXIT', 'this.dir == "/data/t-1"', 'this.dir == "/scratch/t-2"'), { tmpdir: '/scratch' }), null, 'one side is not a fixture');
  assert.equal(noiseOf(fi('Store.open:::EXIT', 'this.dir == "/scratch/a"', 'this.dir == "/scratch/b"'), { tmpdir: '/scratch' })?.rule, 'fixture');
  assert.equal(one('this.id == "3b241101-e2bb-4255-8caf-4136c566a962"')?.rule, 'fixture');
  assert.equal(one('this.token == "9f86d081884c7d659a2feaa0c55ad015"')?.rule, 'fixture');
  // A uuid inside an id (`at-<uuid>`, a trial's access tokens), in any variable.
  const prefixed = one('this.tokens.accessToken one of { "at-55f7372f-d13f-49fd-8988-39f7a20c8360", "at-e8704a44-ffdf-4f87-bf92-c26364cdc457" }');
  assert.equal(prefixed?.rule, 'fixture');
  assert.match(prefixed!.detail, /an id holding a uuid/);
  assert.equal(one('this.label == "v1-release-2024"'), null);
  assert.equal(one('this.jobId one of { "k3x9q2m1z8", "p0o9i8u7y6" }', ['this.jobId'])?.rule, 'fixture');
  assert.equal(one('this.createdAt == "2024-05-01T10:20:30.000Z"')?.rule, 'fixture');
  assert.equal(noiseOf(fi('Job.start:::EXIT', null, 'this.started == 1716123456789', { kind: 'OneOfScalar' }))?.rule, 'fixture');
  // Ordinary strings and numbers are not fixtures.
  assert.equal(one('this.state == "open"'), null);
  assert.equal(one('this.name == "config/settings.json"'), null);
  assert.equal(noiseOf(fi('Account.deposit:::EXIT', null, 'this.balance == 1500', { kind: 'OneOfScalar' })), null);
});

test('fixture: ports and pids need a variable named so; numbers elsewhere stay', () => {
  assert.equal(noiseOf(fi('Server.listen:::ENTER', 'port == 41234', 'port one of { 41235, 41236 }', { kind: 'OneOfScalar', vars: ['port'] }))?.rule, 'fixture');
  assert.equal(noiseOf(fi('Server.listen:::EXIT', null, 'this.port >= 40000', { kind: 'LowerBound' }))?.rule, 'fixture');
  assert.equal(noiseOf(fi('Worker.start:::EXIT', 'this.pid == 4242', null, { kind: 'OneOfScalar' }))?.rule, 'fixture');
  assert.equal(noiseOf(fi('Pool.size:::EXIT', null, 'this.max == 4242', { kind: 'OneOfScalar' })), null);
  // 004 Table XI's philosopher id is a small number, not a pid.
  assert.equal(noiseOf(fi('Monitor.enter:::EXIT', null, 'this.id >= orig(size(this.waitSet[]))', { kind: 'IntGreaterEqual' })), null);
});

test('fixture: a variable some invariant shows holding a fixture value makes its comparisons noise', () => {
  const set = (invariants: { point: string; text: string; vars: string[] }[]): InvariantSet => ({
    version: 1,
    runs: [],
    confidence: 0.99,
    points: invariants.map((i) => ({
      point: i.point, function: i.point.split(':::')[0], file: 'src/store.ts', kind: 'ENTER', samples: 3, vars: i.vars,
      invariants: [{ point: i.point, vars: i.vars, kind: 'OneOfString', text: i.text, params: [], samples: 3, confidence: 1, justified: true, arity: 'unary', interesting: true }],
    })),
  });
  const fixtureVars = fixtureVariables([set([{ point: 'Store.open:::EXIT', text: 'this.file == "/tmp/store-Qw3rTy/db.json"', vars: ['this.file'] }])]);
  assert.deepEqual(fixtureVars.map((f) => [f.owner, f.variable]), [['Store', 'this.file']]);
  // A relation with a fixture-sized constant taints none of its variables: `ttlMs` is config.
  const linear = set([{ point: 'Client.getToken:::EXIT', text: 'this.token.expiresAt - this.auth.ttlMs - 1795617494219 == 0', vars: ['this.token.expiresAt', 'this.auth.ttlMs'] }]);
  assert.deepEqual(fixtureVariables([linear]), []);
  const pair = fi('Store.save:::ENTER', null, 'id != this.file', { kind: 'StringNonEqual', params: [], vars: ['id', 'this.file'] });
  assert.equal(noiseOf(pair), null, 'without the evidence');
  const why = noiseOf(pair, { fixtureVars });
  assert.equal(why?.rule, 'fixture');
  assert.match(why!.detail, /this\.file holds per-run fixture values/);
  // Another class's `this.file` is another variable.
  assert.equal(noiseOf(fi('Log.write:::ENTER', null, 'id != this.file', { kind: 'StringNonEqual', params: [], vars: ['id', 'this.file'] }), { fixtureVars }), null);
  // Named as a fixture: uuid, pid, temp dir.
  assert.equal(noiseOf(fi('Job.run:::ENTER', null, 'this.uuid != orig(name)', { vars: ['this.uuid', 'orig(name)'] }))?.rule, 'fixture');
});

test('node-internal: fields of EventEmitter, streams, sockets; a user _field is state', () => {
  const at = (text: string, vars: string[], extra = {}) => noiseOf(fi('Queue.push:::EXIT', null, text, { vars, ...extra }));
  assert.equal(at('this._eventsCount == 2', ['this._eventsCount'])?.rule, 'node-internal');
  assert.match(at('this._eventsCount == 2', ['this._eventsCount'])!.detail, /EventEmitter/);
  assert.equal(at('this._maxListeners == null', ['this._maxListeners'])?.rule, 'node-internal');
  assert.equal(at('size(this._events.drain[]) == 1', ['size(this._events.drain[])'])?.rule, 'node-internal');
  assert.equal(at('this.out._writableState.length >= 0', ['this.out._writableState.length'])?.rule, 'node-internal');
  assert.equal(at('this._balance >= 0', ['this._balance']), null);
  // `this != this._events` is both identity-only and a Node field: identity first, the other in `also`.
  const both = at('this != this._events', ['this', 'this._events'], { kind: 'IntNonEqual', params: [], identity: true });
  assert.equal(both?.rule, 'identity');
  assert.deepEqual(both?.also, ['node-internal']);
});

test('a pair is noise only when each side is: a fixture turned into a real bound stays', () => {
  assert.equal(noiseOf(fi('Store.open:::EXIT', 'this.dir == "/tmp/a-AbC123"', 'this.count >= 0', { vars: ['this.dir'] })), null);
});

test('classifyNoise keeps the rest in order and counts per rule; enabled: false keeps everything', () => {
  const pairs = [
    fi('S.f:::ENTER', null, 'this has only one value'),
    fi('S.f:::EXIT', 'this.n == orig(this.n) + 1', null),
    fi('S.f:::EXIT', null, 'this._eventsCount == 1', { vars: ['this._eventsCount'] }),
    fi('S.f:::EXIT', null, 'this.dir == "/tmp/s-abcdef"', { vars: ['this.dir'] }),
  ];
  const { kept, noise } = classifyNoise(pairs);
  assert.deepEqual(kept, [pairs[1]]);
  assert.deepEqual(noiseCounts(noise), { identity: 1, fixture: 1, 'node-internal': 1, folded: 0 });
  assert.equal(classifyNoise(pairs, { enabled: false }).kept.length, 4);
});

test('localize: noise sets no failure flag and ranks nothing, and the result keeps it', () => {
  const input = {
    analysis: graph(['main'], ['main -> Store.open', 'main -> Store.save']),
    callOrders: [run({ main: [0], 'Store.open': [1], 'Store.save': [2] })],
    failureInvariants: [
      fi('Store.open:::EXIT', null, 'this.dir == "/tmp/xyz-AbC123"', { vars: ['this.dir'] }),
      fi('Store.open:::ENTER', null, 'this has only one value'),
      fi('Store.save:::EXIT', 'this.count == orig(this.count) + 1', null, { vars: ['this.count', 'orig(this.count)'] }),
    ],
  };
  const result = localize(input);
  assert.deepEqual(result.positions.map((p) => p.function), ['Store.save']);
  assert.deepEqual(result.noise.map((n) => n.rule), ['fixture', 'identity']);
  assert.deepEqual(localize({ ...input, options: { noise: { enabled: false } } }).positions.map((p) => p.function).sort(), ['Store.open', 'Store.save']);
});

test('folded: a relation the other suite lacks only because its variables kept one value there, and which holds for them (stop 53)', () => {
  const oneOf = (point: string, v: string, value: number | string) => ({ point, vars: [v], kind: typeof value === 'string' ? 'OneOfString' : 'OneOfScalar', text: `${v} == ${JSON.stringify(value)}`, params: [value], samples: 4, confidence: 1, justified: true, arity: 'unary' as const, interesting: true });
  const set = (points: Record<string, ReturnType<typeof oneOf>[]>): InvariantSet => ({ version: 1, runs: [], confidence: 0.99, points: Object.entries(points).map(([point, invariants]) => ({ point, samples: 4, invariants })) }) as unknown as InvariantSet;
  // The trial's digest service: every integration call had user "ann" and returned "digest:ann".
  const online = suiteConstants(set({ 'D.key:::ENTER': [oneOf('D.key:::ENTER', 'user', 'ann')], 'D.key:::EXIT': [oneOf('D.key:::EXIT', 'return', 'digest:ann'), oneOf('D.key:::EXIT', 'this.n', 3)] }));
  const constants = { reference: new Map(), online };
  const ne = fi('D.key:::EXIT', 'return != orig(user)', null, { kind: 'StringNonEqual', vars: ['return', 'orig(user)'], arity: 'binary' });
  const why = noiseOf(ne, { constants });
  assert.equal(why?.rule, 'folded');
  assert.match(why!.detail, /still holds in the integration runs, where each of its variables kept one value \(return == "digest:ann", orig\(user\) == "ann"\)/);
  // One that the constants break is a real change; so is one over a variable that varied there.
  assert.equal(noiseOf(fi('D.key:::EXIT', 'return == orig(user)', null, { kind: 'StringEqual', vars: ['return', 'orig(user)'], arity: 'binary' }), { constants }), null);
  assert.equal(noiseOf(fi('D.key:::EXIT', 'return != this.name', null, { kind: 'StringNonEqual', vars: ['return', 'this.name'], arity: 'binary' }), { constants }), null);
  // A bound a OneOf hid: `this.n >= 1` holds for 3, `this.n <= 2` does not.
  assert.equal(noiseOf(fi('D.key:::EXIT', 'this.n >= 1', null, { kind: 'LowerBound', vars: ['this.n'], params: [1] }), { constants })?.rule, 'folded');
  assert.equal(noiseOf(fi('D.key:::EXIT', 'this.n <= 2', null, { kind: 'UpperBound', vars: ['this.n'], params: [2] }), { constants }), null);
  assert.equal(noiseOf(fi('D.key:::EXIT', 'this.n != 0', null, { kind: 'NonZero', vars: ['this.n'], params: [] }), { constants })?.rule, 'folded');
  // Both sides present (a DJJ) or no constants given: not this rule.
  assert.equal(noiseOf(fi('D.key:::EXIT', 'this.n >= 1', 'this.n >= 2', { kind: 'LowerBound', vars: ['this.n'], params: [1] }), { constants }), null);
  assert.equal(noiseOf(ne), null);
  // MJ: held in every integration run, missing in the unit tests only because they kept one value.
  const mj = fi('D.key:::EXIT', null, 'return != orig(user)', { kind: 'StringNonEqual', vars: ['return', 'orig(user)'], arity: 'binary' });
  assert.match(noiseOf(mj, { constants: { reference: online, online: new Map() } })?.detail ?? '', /still holds in the unit tests/);
});
