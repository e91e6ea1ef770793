export * from './violation.js';
export * from './fuzz.js';
export * from './atomic-blocks.js';
export * from './shard.js';
export * from './outcome.js';
export * from './assetfuzzer.js';
export * from './access-patterns.js';
export { hybridAnalysis, type PotentialViolation, type RpoetEvent } from './hybrid-analysis.js';
