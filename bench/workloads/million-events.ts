// Produces ~10^6 trace events (calls and field accesses) and prints the RSS growth it caused.
import { Counter } from './million-events-subject.ts';

const before = process.memoryUsage().rss;
const counter = new Counter();
let peak = before;
for (let i = 0; i < 200_000; i++) {
  counter.bump(i);
  if (i % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
}
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ total: counter.total, rssGrowthMB: (peak - before) / 2 ** 20 }));
