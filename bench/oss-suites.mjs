// Real open-source projects' own test suites, plain vs traced (issue 15). Each project folder must
// hold the project (fetched as source, its dependencies installed) and a conlens.config.json whose
// `unit` command is the project's own test command; bench/README.md says which projects, at which
// commits, and with which configuration.
//   node bench/oss-suites.mjs [--rounds R] DIR…
// Per round and project, interleaved: the unit command as the user runs it (plain), then
// `conlens trace --tests unit` (traced, cold the first round, then with a warm instrumentation
// cache). Prints pass/fail of both, the traced run's program points and calls, and median times.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const CLI = resolve(import.meta.dirname, '..', 'dist', 'cli.js');
const { values, positionals } = parseArgs({ options: { rounds: { type: 'string', default: '3' } }, allowPositionals: true });
if (positionals.length === 0) {
  console.error('usage: node bench/oss-suites.mjs [--rounds R] DIR…  (each DIR a project with a conlens.config.json)');
  process.exit(2);
}
const rounds = Number(values.rounds);

function timed(argv, cwd) {
  const started = performance.now();
  const result = spawnSync(argv[0], argv.slice(1), { cwd, encoding: 'utf8', shell: false, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
  return { ms: performance.now() - started, status: result.status, out: `${result.stdout}${result.stderr}` };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const dir of positionals.map((d) => resolve(d))) {
  const config = JSON.parse(readFileSync(join(dir, 'conlens.config.json'), 'utf8'));
  const command = config.unit.command.split(/\s+/);
  rmSync(join(dir, '.conlens', 'cache'), { recursive: true, force: true });
  const plain = [];
  const traced = [];
  let last;
  for (let r = 0; r < rounds; r++) {
    plain.push(timed(command, dir));
    last = timed([process.execPath, CLI, 'trace', '--tests', 'unit'], dir);
    traced.push(last);
  }
  const points = /(\d+) trace file\(s\), (\d+) program points, (\d+) calls/.exec(last.out);
  rows.push({
    project: dir.split('/').pop(),
    plain: plain.every((p) => p.status === 0) ? 'pass' : `FAIL (${plain.map((p) => p.status).join(',')})`,
    traced: traced.every((t) => t.status === 0) ? 'pass' : `FAIL (${traced.map((t) => t.status).join(',')})`,
    points: points ? `${points[2]} points, ${points[3]} calls, ${points[1]} traces` : '—',
    plainMs: median(plain.map((p) => p.ms)),
    coldMs: traced[0].ms,
    warmMs: median(traced.slice(1).map((t) => t.ms)) ?? traced[0].ms,
  });
}
console.log(`${rounds} rounds, interleaved; traced = conlens trace --tests unit (cold: first round, warm: the median of the rest)\n`);
console.log('project            plain  traced  recorded                              plain ms  cold ×  warm ×');
for (const r of rows) {
  console.log(`${r.project.padEnd(18)} ${r.plain.padEnd(6)} ${r.traced.padEnd(7)} ${r.points.padEnd(37)} ${String(Math.round(r.plainMs)).padStart(8)}  ${(r.coldMs / r.plainMs).toFixed(2).padStart(5)}  ${(r.warmMs / r.plainMs).toFixed(2).padStart(5)}`);
}
