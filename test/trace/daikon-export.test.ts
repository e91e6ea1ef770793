// Daikon export: exact .decls/.dtrace text for a hand-written trace, the edge cases (truncated,
// empty, not a run folder, the CLI), and the structure of an export of a real traced run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { escapeDaikonName, exportDaikon, quoteDaikonString, readSamples, runTraced, TraceFormatError } from '../../src/core/trace/index.ts';
import { conlens, REPO } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

const header = (pid: number) => ({ e: 'header', format: 'conlens-trace', version: 1, pid, ppid: 1, argv: ['t.test.ts'], cwd: '/p', started: '2026-01-01T00:00:00.000Z', fields: false });
const jsonl = (events: object[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

const account = { $: 'object', id: 1, cls: 'Account' };
/** One process: a method with two return lines and a throw, a module function with an object and
 *  an array parameter, an activation still open at the end. */
const TRACE = jsonl([
  header(100),
  { e: 'fn', i: 0, name: 'Account.withdraw', file: 'src/account.ts', line: 3, kind: 'method', async: false },
  { e: 'fn', i: 1, name: 'total', file: 'src/util.ts', line: 1, kind: 'function', async: false },
  { e: 'en', a: 1, p: null, f: 0, o: 1, v: { amount: 30, this: account, 'this.balance': 100, 'this.owner': 'Ann "A"\nB\\', 'this.note': 'x' } },
  { e: 'ex', a: 1, f: 0, x: 7, v: { return: true, this: account, 'this.balance': 70, 'this.owner': 'Ann "A"\nB\\' } },
  { e: 'en', a: 2, p: null, f: 0, o: 2, v: { amount: 2.5, this: account, 'this.balance': 70, 'this.owner': { $: 'string', len: 100, hash: '0123abcd' }, 'this.note': 5 } },
  { e: 'ex', a: 2, f: 0, x: 5, v: { return: false, this: account, 'this.balance': 70, 'this.owner': { $: 'string', len: 100, hash: '0123abcd' } } },
  { e: 'en', a: 3, p: null, f: 0, o: 3, v: { amount: { $: 'number', v: 'NaN' }, this: account, 'this.balance': 70 } },
  { e: 'exc', a: 3, f: 0, err: { $: 'error', name: 'RangeError', message: 'no' }, v: { this: account, 'this.balance': 70 } },
  { e: 'en', a: 4, p: null, f: 1, o: 4, v: { list: { $: 'array', id: 2, len: 3, el: [1, 2, 3] }, opts: { $: 'object', id: 3, cls: 'Object' }, 'opts.strict': true } },
  { e: 'ex', a: 4, f: 1, x: 0, v: { return: 6 } },
  { e: 'en', a: 5, p: null, f: 1, o: 5, v: { list: { $: 'array', id: 4, len: 40, hash: 'ffff0000' }, opts: null } },
  { e: 'ex', a: 5, f: 1, x: 0, v: { return: { $: 'undefined' } } },
  { e: 'en', a: 6, p: null, f: 1, o: 6, v: { list: { $: 'array', id: 5, len: 2, el: [4, { $: 'number', v: 'NaN' }] }, opts: { $: 'undefined' } } },
  { e: 'end', reason: 'exit', code: 0, events: 14 },
]);

const EXPECTED_DECLS = String.raw`// Daikon declarations written by Concurrency Lens (conlens export-daikon)

decl-version 2.0
var-comparability none
input-language TypeScript

ppt Account.withdraw(amount):::ENTER
ppt-type enter
variable amount
  var-kind variable
  dec-type double
  rep-type double
  flags is_param
variable this
  var-kind variable
  dec-type Account
  rep-type hashcode
  flags is_param
variable this.balance
  var-kind field balance
  enclosing-var this
  dec-type int
  rep-type int
variable this.owner
  var-kind field owner
  enclosing-var this
  dec-type java.lang.String
  rep-type java.lang.String
variable this.note
  var-kind field note
  enclosing-var this
  dec-type any
  rep-type java.lang.String

ppt Account.withdraw(amount):::EXIT5
ppt-type subexit
variable amount
  var-kind variable
  dec-type double
  rep-type double
  flags is_param
variable this
  var-kind variable
  dec-type Account
  rep-type hashcode
  flags is_param
variable this.balance
  var-kind field balance
  enclosing-var this
  dec-type int
  rep-type int
variable this.owner
  var-kind field owner
  enclosing-var this
  dec-type java.lang.String
  rep-type java.lang.String
variable this.note
  var-kind field note
  enclosing-var this
  dec-type any
  rep-type java.lang.String
variable return
  var-kind return
  dec-type boolean
  rep-type boolean

ppt Account.withdraw(amount):::EXIT7
ppt-type subexit
variable amount
  var-kind variable
  dec-type double
  rep-type double
  flags is_param
variable this
  var-kind variable
  dec-type Account
  rep-type hashcode
  flags is_param
variable this.balance
  var-kind field balance
  enclosing-var this
  dec-type int
  rep-type int
variable this.owner
  var-kind field owner
  enclosing-var this
  dec-type java.lang.String
  rep-type java.lang.String
variable this.note
  var-kind field note
  enclosing-var this
  dec-type any
  rep-type java.lang.String
variable return
  var-kind return
  dec-type boolean
  rep-type boolean

ppt src/util.ts#total(list,\_opts):::ENTER
ppt-type enter
variable list
  var-kind variable
  dec-type double[]
  rep-type hashcode
  flags is_param
variable list[..]
  var-kind array
  enclosing-var list
  array 1
  dec-type double[]
  rep-type double[]
variable opts
  var-kind variable
  dec-type Object
  rep-type hashcode
  flags is_param
variable opts.strict
  var-kind field strict
  enclosing-var opts
  dec-type boolean
  rep-type boolean

ppt src/util.ts#total(list,\_opts):::EXIT0
ppt-type subexit
variable list
  var-kind variable
  dec-type double[]
  rep-type hashcode
  flags is_param
variable list[..]
  var-kind array
  enclosing-var list
  array 1
  dec-type double[]
  rep-type double[]
variable opts
  var-kind variable
  dec-type Object
  rep-type hashcode
  flags is_param
variable opts.strict
  var-kind field strict
  enclosing-var opts
  dec-type boolean
  rep-type boolean
variable return
  var-kind return
  dec-type int
  rep-type int

`;

const EXPECTED_DTRACE = String.raw`// Daikon data trace written by Concurrency Lens (conlens export-daikon)

decl-version 2.0

Account.withdraw(amount):::ENTER
this_invocation_nonce
1
amount
30
1
this
1
1
this.balance
100
1
this.owner
"Ann \"A\"\nB\\"
1
this.note
"\"x\""
1

Account.withdraw(amount):::EXIT7
this_invocation_nonce
1
amount
30
1
this
1
1
this.balance
70
1
this.owner
"Ann \"A\"\nB\\"
1
this.note
nonsensical
2
return
true
1

Account.withdraw(amount):::ENTER
this_invocation_nonce
2
amount
2.5
1
this
1
1
this.balance
70
1
this.owner
"<100 chars, fnv1a 0123abcd>"
1
this.note
"5"
1

Account.withdraw(amount):::EXIT5
this_invocation_nonce
2
amount
2.5
1
this
1
1
this.balance
70
1
this.owner
"<100 chars, fnv1a 0123abcd>"
1
this.note
nonsensical
2
return
false
1

Account.withdraw(amount):::ENTER
this_invocation_nonce
3
amount
NaN
1
this
1
1
this.balance
70
1
this.owner
nonsensical
2
this.note
nonsensical
2

src/util.ts#total(list,\_opts):::ENTER
this_invocation_nonce
4
list
2
1
list[..]
[1 2 3]
1
opts
3
1
opts.strict
true
1

src/util.ts#total(list,\_opts):::EXIT0
this_invocation_nonce
4
list
2
1
list[..]
nonsensical
2
opts
3
1
opts.strict
nonsensical
2
return
6
1

src/util.ts#total(list,\_opts):::ENTER
this_invocation_nonce
5
list
4
1
list[..]
nonsensical
2
opts
null
1
opts.strict
nonsensical
2

src/util.ts#total(list,\_opts):::EXIT0
this_invocation_nonce
5
list
4
1
list[..]
nonsensical
2
opts
null
1
opts.strict
nonsensical
2
return
nonsensical
2

src/util.ts#total(list,\_opts):::ENTER
this_invocation_nonce
6
list
5
1
list[..]
[4 NaN]
1
opts
null
1
opts.strict
nonsensical
2

`;

test('a hand-written trace: exact .decls and .dtrace', async () => {
  const root = tempProject({ 'run/trace-100.jsonl': TRACE });
  const result = await exportDaikon(join(root, 'run'), join(root, 'out'));
  assert.equal(result.decls, join(root, 'out', 'trace.decls'));
  assert.equal(result.dtrace, join(root, 'out', 'trace.dtrace'));
  assert.deepEqual({ points: result.points, samples: result.samples, threw: result.threw, files: result.files, truncated: result.truncated }, { points: 5, samples: 10, threw: 1, files: 1, truncated: [] });
  assert.equal(readFileSync(result.decls, 'utf8'), EXPECTED_DECLS);
  assert.equal(readFileSync(result.dtrace, 'utf8'), EXPECTED_DTRACE);
});

test('names and strings are escaped the way Daikon reads them', () => {
  assert.equal(escapeDaikonName('Box.get size(a, b\\c):::ENTER'), 'Box.get\\_size(a,\\_b\\\\c):::ENTER');
  assert.equal(escapeDaikonName('x\ny\tz'), 'x\\ny\\_z');
  assert.equal(quoteDaikonString('tab\there é ☃ "q" \\'), '"tab\\there \\351 \\u2603 \\"q\\" \\\\"');
});

test('a truncated trace is exported up to the cut; identities and nonces stay distinct across processes', async () => {
  const second = jsonl([
    header(200),
    { e: 'fn', i: 0, name: 'Account.withdraw', file: 'src/account.ts', line: 3, kind: 'method', async: false },
    { e: 'en', a: 1, p: null, f: 0, o: 1, v: { amount: 1, this: account, 'this.balance': 5 } },
    { e: 'ex', a: 1, f: 0, x: 7, v: { return: true, this: account, 'this.balance': 4 } },
  ]) + '{"e":"en","a":2,"p":null,"f":0,"o":2,"v":{"amou';
  const root = tempProject({ 'run/trace-100.jsonl': TRACE, 'run/trace-200.jsonl': second });
  const result = await exportDaikon(join(root, 'run'), join(root, 'out'));
  assert.deepEqual(result.truncated, [join(root, 'run', 'trace-200.jsonl')]);
  assert.equal(result.samples, 12);
  const records = parseDtrace(readFileSync(result.dtrace, 'utf8'));
  const last = records.slice(-2);
  assert.deepEqual(last.map((r) => [r.ppt, r.nonce]), [['Account.withdraw(amount):::ENTER', 7], ['Account.withdraw(amount):::EXIT7', 7]], 'nonces continue after the first process');
  assert.equal(last[0].values.get('this')?.value, String(2 ** 32 + 1), 'object 1 of the second process is not object 1 of the first');
  assert.equal(last[1].values.get('this.balance')?.value, '4');

  const cli = conlens(['export-daikon', join(root, 'run'), '--out', join(root, 'cli-out')]);
  assert.equal(cli.status, 0, cli.stderr);
  assert.match(cli.stdout, /warning: .*trace-200\.jsonl is truncated .*exported up to the cut/);
  assert.match(cli.stdout, /note: 1 exit\(s\) by exception left out/);
  assert.equal(readFileSync(join(root, 'cli-out', 'trace.dtrace'), 'utf8'), readFileSync(result.dtrace, 'utf8'));
});

test('an empty run gives files without program points, and the CLI says so', async () => {
  const root = tempProject({ 'run/run.json': '{}', 'headers-only/trace-1.jsonl': jsonl([header(1)]) });
  for (const dir of ['run', 'headers-only']) {
    const result = await exportDaikon(join(root, dir), join(root, `${dir}-out`));
    assert.deepEqual([result.points, result.samples], [0, 0]);
    assert.match(readFileSync(result.decls, 'utf8'), /^\/\/ .*\n\ndecl-version 2\.0\nvar-comparability none\ninput-language TypeScript\n\n$/);
    assert.match(readFileSync(result.dtrace, 'utf8'), /^\/\/ .*\n\ndecl-version 2\.0\n\n$/);
  }
  const cli = conlens(['export-daikon', join(root, 'run'), '--out', join(root, 'cli-out')]);
  assert.equal(cli.status, 0, cli.stderr);
  assert.match(cli.stdout, /note: the run recorded no program-point samples/);
  assert.ok(existsSync(join(root, 'cli-out', 'trace.decls')));
});

test('a folder that is not a run folder is refused (exit 2 in the CLI)', async () => {
  const root = tempProject({ 'plain/readme.txt': 'hello', 'bad/trace-1.jsonl': '{"e":"en","a":1}\n' });
  await assert.rejects(exportDaikon(join(root, 'missing'), join(root, 'out')), TraceFormatError);
  await assert.rejects(exportDaikon(join(root, 'plain'), join(root, 'out')), /not a Concurrency Lens run folder/);
  await assert.rejects(exportDaikon(join(root, 'bad'), join(root, 'out')), /not a Concurrency Lens trace/);
  const missing = conlens(['export-daikon', join(root, 'missing'), '--out', join(root, 'out')]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /missing: not a folder with trace files/);
  const plain = conlens(['export-daikon', join(root, 'plain'), '--out', join(root, 'out')]);
  assert.equal(plain.status, 2);
  assert.match(plain.stderr, /not a Concurrency Lens run folder/);
  const noOut = conlens(['export-daikon', join(root, 'plain')]);
  assert.equal(noOut.status, 2);
  assert.match(noOut.stderr, /--out DIR is required/);
  const noDir = conlens(['export-daikon', '--out', join(root, 'out')]);
  assert.equal(noDir.status, 2);
  assert.ok(conlens(['--help']).stdout.includes('export-daikon'));
});

// ---- a real run ----------------------------------------------------------------------------------

interface DeclaredPpt {
  type: string;
  vars: { name: string; rep: string; array: boolean; enclosing?: string }[];
}

function parseDecls(text: string): Map<string, DeclaredPpt> {
  const ppts = new Map<string, DeclaredPpt>();
  let ppt: DeclaredPpt | undefined;
  for (const line of text.split('\n')) {
    const [key, ...rest] = line.trim().split(' ');
    const value = rest.join(' ');
    if (key === 'ppt') ppts.set(value, (ppt = { type: '', vars: [] }));
    else if (!ppt) continue;
    else if (key === 'ppt-type') ppt.type = value;
    else if (key === 'variable') ppt.vars.push({ name: value, rep: '', array: false });
    else if (key === 'rep-type') ppt.vars.at(-1)!.rep = value;
    else if (key === 'array') ppt.vars.at(-1)!.array = value === '1';
    else if (key === 'enclosing-var') ppt.vars.at(-1)!.enclosing = value;
  }
  return ppts;
}

interface DtraceRecord {
  ppt: string;
  nonce: number;
  names: string[];
  values: Map<string, { value: string; mod: string }>;
}

function parseDtrace(text: string): DtraceRecord[] {
  const blocks = text.split('\n\n').map((b) => b.split('\n').filter((l) => l !== '')).filter((b) => b.length && !b[0].startsWith('//') && !b[0].startsWith('decl-version'));
  return blocks.map((lines) => {
    assert.equal(lines[1], 'this_invocation_nonce');
    assert.equal((lines.length - 3) % 3, 0, `a record is ppt, nonce header, nonce, then name/value/modified triples: ${lines[0]}`);
    const record: DtraceRecord = { ppt: lines[0], nonce: Number(lines[2]), names: [], values: new Map() };
    for (let i = 3; i < lines.length; i += 3) {
      record.names.push(lines[i]);
      record.values.set(lines[i], { value: lines[i + 1], mod: lines[i + 2] });
    }
    return record;
  });
}

test('examples/running-example: every record is declared, lists its variables in order, and pairs ENTER/EXIT by nonce', async () => {
  const root = tempProject({});
  const run = await runTraced(loadConfig(join(REPO, 'examples', 'running-example')), { suite: 'unit', out: join(root, 'run') });
  assert.equal(run.passed, true, run.output);
  const result = await exportDaikon(run.runDir, join(root, 'daikon'));
  let traced = 0;
  await readSamples(run.runDir, (s) => void (s.threw ? 0 : traced++));
  assert.equal(result.samples, traced, 'one record per ENTER and normal EXIT sample');
  assert.equal(result.threw, 0);

  const decls = readFileSync(result.decls, 'utf8');
  assert.match(decls, /^\/\/ [^\n]*\n\ndecl-version 2\.0\nvar-comparability none\n/);
  const ppts = parseDecls(decls);
  assert.equal(ppts.size, result.points);
  for (const name of ['SA.func1():::ENTER', 'SA.func1():::EXIT0', 'SA.constructor(y,\\_z):::ENTER', 'SA.run():::EXIT0', 'SB.func():::ENTER']) assert.ok(ppts.has(name), name);
  assert.deepEqual(ppts.get('SA.func1():::ENTER')!.vars.map((v) => `${v.name}:${v.rep}`), ['this:hashcode', 'this.xx:int', 'this.y:double', 'this.z:int']);
  assert.deepEqual(ppts.get('SA.func1():::EXIT0')!.vars.map((v) => v.name), ['this', 'this.xx', 'this.y', 'this.z', 'return']);
  for (const [name, ppt] of ppts) {
    const [base, point] = name.split(':::');
    assert.equal(ppt.type, point === 'ENTER' ? 'enter' : 'subexit', name);
    for (const v of ppt.vars) if (v.enclosing) assert.ok(ppt.vars.some((w) => w.name === v.enclosing), `${name}: ${v.name} is enclosed by a declared variable`);
    if (point === 'ENTER') continue;
    const enter = ppts.get(`${base}:::ENTER`);
    assert.ok(enter, `${name} has its ENTER point`);
    const exitVars = ppt.vars.map((v) => v.name);
    assert.deepEqual(exitVars.slice(0, enter.vars.length), enter.vars.map((v) => v.name), `${name} declares the ENTER variables first, in order`);
  }

  const records = parseDtrace(readFileSync(result.dtrace, 'utf8'));
  assert.equal(records.length, result.samples);
  const open = new Map<number, string>();
  const exited = new Set<number>();
  for (const record of records) {
    const ppt = ppts.get(record.ppt);
    assert.ok(ppt, `record of an undeclared program point ${record.ppt}`);
    assert.deepEqual(record.names, ppt.vars.map((v) => v.name), `${record.ppt}: every declared variable, in order`);
    for (const v of ppt.vars) {
      const { value, mod } = record.values.get(v.name)!;
      assert.ok(value === 'nonsensical' ? mod === '2' : mod === '1', `${record.ppt} ${v.name}: modified bit`);
      if (value === 'nonsensical' || value === 'null') continue;
      if (v.array) assert.match(value, /^\[.*\]$/);
      else if (v.rep === 'int' || v.rep === 'hashcode') assert.match(value, /^-?\d+$/, `${v.name} = ${value}`);
      else if (v.rep === 'double') assert.ok(!Number.isNaN(Number(value)) || /^(NaN|-?Infinity)$/.test(value), `${v.name} = ${value}`);
      else if (v.rep === 'boolean') assert.match(value, /^(true|false)$/);
    }
    const [base, point] = record.ppt.split(':::');
    if (point === 'ENTER') {
      assert.ok(!open.has(record.nonce) && !exited.has(record.nonce), `nonce ${record.nonce} is used by one call`);
      open.set(record.nonce, base);
    } else {
      assert.equal(open.get(record.nonce), base, `EXIT nonce ${record.nonce} follows the ENTER of the same function`);
      open.delete(record.nonce);
      exited.add(record.nonce);
    }
  }
  assert.equal(open.size, 0, 'every call of the unit tests returned');
  const func1 = records.filter((r) => r.ppt === 'SA.func1():::EXIT0');
  assert.ok(func1.length >= 20);
  // 004 Table I's reference invariant at func1's exit, xx == z + 1, holds in every sample.
  for (const r of func1) assert.equal(Number(r.values.get('this.xx')!.value), Number(r.values.get('this.z')!.value) + 1);
});
