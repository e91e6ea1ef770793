export * from './static-types.js';
export { analyzeProject, type StaticOptions } from './analyze.js';
export { toGraph, findRoots, depthsFrom } from './call-graph.js';
export { toDot, formatSummary } from './format.js';
