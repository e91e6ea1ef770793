// The sharded rank of docs/ci/github-actions.yml, rehearsed on one machine, and its cost.
//   node bench/shard.mjs [project] [--runs N] [--shards 1,2,4]
// For each M: M shard processes (`conlens rank --shard K/M`), each in its own temporary copy of
// the project (as M CI machines would have), started together; then one more copy receives the
// M shard folders (the artifacts) and runs `conlens merge --sarif`. Prints the wall time of the
// shard phase and of the merge, side by side with M = 1, and checks that every merged report
// has the positions of the unsharded `conlens rank` run in the same session.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const REPO = resolve(import.meta.dirname, '..');
const CLI = join(REPO, 'dist', 'cli.js');
const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '8' }, shards: { type: 'string', default: '1,2' } }, allowPositionals: true });
const project = resolve(positionals[0] ?? join(REPO, 'examples', 'account'));
const runs = Number(values.runs);
const counts = values.shards.split(',').map(Number);
const work = mkdtempSync(join(tmpdir(), 'conlens-bench-shard-'));

/** A fresh copy of the project, as a CI job checks it out (node_modules linked, not copied). */
function checkout(name) {
  const dir = join(work, name);
  cpSync(project, dir, { recursive: true, filter: (p) => !/[\\/](\.conlens|node_modules)$/.test(p) });
  const modules = [join(project, 'node_modules'), join(REPO, 'node_modules')].find((m) => { try { return readdirSync(m).length > 0; } catch { return false; } });
  symlinkSync(modules, join(dir, 'node_modules'), 'dir');
  return dir;
}

function conlens(args, cwd) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 || code === 1 ? done(out) : (console.error(out), process.exit(1))));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const positionsOf = (dir) => JSON.stringify(JSON.parse(readFileSync(join(dir, '.conlens', 'report.json'), 'utf8')).positions);

console.log(`project ${project}, ${runs} integration runs, shards ${counts.join(', ')} (each shard a separate process in its own copy)`);
let started = performance.now();
const whole = checkout('unsharded');
await conlens(['rank', '.', '--runs', String(runs)], whole);
const unsharded = performance.now() - started;
const expected = positionsOf(whole);
console.log(`unsharded conlens rank: ${seconds(unsharded)}`);
console.log('\n  M   shards (wall)   merge     total     vs unsharded   same positions');
for (const m of counts) {
  const dirs = Array.from({ length: m }, (_, k) => checkout(`m${m}-shard-${k + 1}`));
  started = performance.now();
  await Promise.all(dirs.map((dir, k) => conlens(['rank', '.', '--runs', String(runs), '--shard', `${k + 1}/${m}`], dir)));
  const shardWall = performance.now() - started;
  const merger = checkout(`m${m}-merge`);
  for (const dir of dirs) cpSync(join(dir, '.conlens', 'shards'), join(merger, '.conlens', 'shards'), { recursive: true });
  started = performance.now();
  await conlens(['merge', '.', '--sarif', 'conlens.sarif'], merger);
  const merge = performance.now() - started;
  const same = positionsOf(merger) === expected;
  console.log(`  ${String(m).padEnd(3)} ${seconds(shardWall).padEnd(15)} ${seconds(merge).padEnd(9)} ${seconds(shardWall + merge).padEnd(9)} ${(unsharded / (shardWall + merge)).toFixed(2)}×${' '.repeat(10)} ${same ? 'yes' : 'NO'}`);
  if (!same) process.exitCode = 1;
}
console.log('\nThe merge redoes the call graph and the unit runs and mines every shard\'s traces: a fixed cost');
console.log('that M machines do not divide. Shards on one machine share its cores: M > cores shows no gain.');
rmSync(work, { recursive: true, force: true });
