// A larger real workload for the tracing benchmark: our own static analysis (ts-morph, graphology,
// a few thousand lines of TypeScript with hot loops) over every bundled example.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeProject } from '../../src/core/static/analyze.ts';

const examples = join(import.meta.dirname, '..', '..', 'examples');
let functions = 0;
for (const name of readdirSync(examples).sort()) {
  if (name.endsWith('.json')) continue;
  functions += analyzeProject(join(examples, name), { include: ['src/**/*.ts'] }).nodes.length;
}
console.log(`functions: ${functions}`);
