// Preload for the benchmarks: `node -r bench/peak-rss.cjs <script>` writes, when the process exits
// (also through process.exit, which is how tsc ends), a JSON line to the file named by
// CONLENS_PEAK_RSS_FILE: { "maxRSS": peak resident set size in bytes, "cpuMs": user + system CPU
// time in ms }. Without that variable it does nothing.
'use strict';
const { writeFileSync } = require('node:fs');

const file = process.env.CONLENS_PEAK_RSS_FILE;
if (file) {
  // Only this process reports: child processes it might start do not inherit the variable.
  delete process.env.CONLENS_PEAK_RSS_FILE;
  process.on('exit', () => {
    const usage = process.resourceUsage(); // maxRSS in kilobytes, CPU times in microseconds
    writeFileSync(file, JSON.stringify({ maxRSS: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
  });
}
