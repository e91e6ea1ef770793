export * from './read-trace.js';
export * from './summarize.js';
export * from './tasks.js';
export * from './run-traced.js';
export * from './daikon-export.js';
export * from './test-cases.js';
