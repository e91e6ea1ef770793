export * from './violation.js';
export * from './fuzz.js';
export * from './atomic-blocks.js';
export * from './shard.js';
