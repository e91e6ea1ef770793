#!/usr/bin/env node
// The tune / heldout split of the false-alarm corpus: a seeded Fisher–Yates shuffle (mulberry32) of
// the project names in code-point order; the first half is `tune`, the rest `heldout`.
//   node bench/false-alarm/split.mjs [--seed S]           prints the split (and whether the folders match it)
//   node bench/false-alarm/split.mjs [--seed S] --apply   moves bench/false-alarm/<name>/ into tune/ or heldout/
// The split was made once, with seed 29, before the tool ran on any project (README.md).
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : 29;
const apply = args.includes('--apply');

function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isProject = (dir) => existsSync(join(dir, 'conlens.config.json'));
const where = new Map();
for (const half of ['', 'tune', 'heldout']) {
  const dir = join(here, half);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) if (name !== 'tune' && name !== 'heldout' && isProject(join(dir, name))) where.set(name, half);
}
const names = [...where.keys()].sort();
const random = mulberry32(seed);
const shuffled = [...names];
for (let i = shuffled.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
}
const cut = Math.ceil(shuffled.length / 2);
const split = { tune: shuffled.slice(0, cut).sort(), heldout: shuffled.slice(cut).sort() };

console.log(`seed ${seed}, ${names.length} projects`);
for (const [half, list] of Object.entries(split)) console.log(`${half} (${list.length}): ${list.join(', ')}`);
const misplaced = names.filter((n) => where.get(n) !== (split.tune.includes(n) ? 'tune' : 'heldout'));
if (apply) {
  for (const n of misplaced) {
    const half = split.tune.includes(n) ? 'tune' : 'heldout';
    mkdirSync(join(here, half), { recursive: true });
    renameSync(join(here, where.get(n), n), join(here, half, n));
  }
  console.log(`moved ${misplaced.length} folder(s)`);
} else {
  console.log(misplaced.length === 0 ? 'the folders match this split' : `not in their half yet: ${misplaced.join(', ')}`);
}
