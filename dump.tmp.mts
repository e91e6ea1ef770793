import { readSeedRun } from './src/core/synth/seed-invocations.ts';
import { intruder } from './src/core/synth/intruder.ts';
const seed = await readSeedRun(process.argv[2], process.argv[3]);
const r = intruder(seed);
for (const p of r.scanned) console.log(p.a.id, p.b.id, p.a.fn, p.b.fn, p.a.field, p.a.previous, p.a.current, p.b.current, p.i, p.j, p.dom, p.feasible, p.guard, p.reason);
