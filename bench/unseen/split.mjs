#!/usr/bin/env node
// The tune / heldout split of the unseen bug corpus (issue 30): a seeded Fisher–Yates shuffle
// (mulberry32, seed 30) of the case names under cases/ in code-point order; the first half
// (rounded down) is `tune`, the rest `heldout`.
//   node bench/unseen/split.mjs [--seed S]            writes split.json and prints the split
//   node bench/unseen/split.mjs [--seed S] --check    prints it and checks split.json matches (exit 1 if not)
//   --corpus DIR: another corpus of the same layout (DIR/cases, DIR/split.json), e.g. bench/unseen2
// The split was made once, with seed 30, after every case was written and before the tool ran on any.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : 30;
const check = args.includes('--check');
const corpusAt = args.indexOf('--corpus');
const corpus = corpusAt >= 0 ? resolve(args[corpusAt + 1] ?? '.') : here;
if (!Number.isInteger(seed)) {
  console.error('usage: node bench/unseen/split.mjs [--seed S] [--check]');
  process.exit(2);
}

function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const casesDir = join(corpus, 'cases');
const names = readdirSync(casesDir)
  .filter((n) => existsSync(join(casesDir, n, 'expected.json')))
  .sort();
const random = mulberry32(seed);
const shuffled = [...names];
for (let i = shuffled.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
}
const cut = Math.floor(shuffled.length / 2);
const split = { seed, tune: shuffled.slice(0, cut).sort(), heldout: shuffled.slice(cut).sort() };

console.log(`seed ${seed}, ${names.length} cases`);
console.log(`tune (${split.tune.length}): ${split.tune.join(', ')}`);
console.log(`heldout (${split.heldout.length}): ${split.heldout.join(', ')}`);
const file = join(corpus, 'split.json');
if (check) {
  const saved = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  const same = saved && JSON.stringify(saved.tune) === JSON.stringify(split.tune) && JSON.stringify(saved.heldout) === JSON.stringify(split.heldout);
  console.log(same ? 'split.json matches this split' : 'split.json does NOT match this split');
  process.exit(same ? 0 : 1);
}
writeFileSync(file, `${JSON.stringify(split, null, 2)}\n`);
console.log(`wrote ${file}`);
