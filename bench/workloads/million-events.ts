// Produces ~10^6 trace events (calls and field accesses) and prints the RSS growth it caused and
// its CPU time.
import { Counter } from './million-events-subject.ts';

const before = process.memoryUsage().rss;
const counter = new Counter();
let peak = before;
for (let i = 0; i < 200_000; i++) {
  counter.bump(i);
  if (i % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
}
peak = Math.max(peak, process.memoryUsage().rss);
const total = counter.total;
// At exit, after the recorder's own exit work (its listener was added first, by the register):
// the process's CPU time includes writing the trace out. Pipes are synchronous on Linux.
process.on('exit', () => {
  const cpu = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ total, rssGrowthMB: (peak - before) / 2 ** 20, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
});
