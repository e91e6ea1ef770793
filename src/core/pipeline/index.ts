// The commands' flows (DESIGN §3), composed from the stages: rank (with synthesis → rank when there
// are no concurrent tests) and the shards of a fuzz or rank put back together. Nothing below
// src/core/pipeline/ imports them (test/architecture/core-imports.test.ts).
export { rankProject } from './rank.js';
export { RANK_STAGES, RankInputError, type RankOptions, type RankProgress, type RankStage } from './rank-options.js';
export { configHash, findShardFolders, mergeFuzzShards, SHARD_FORMAT, shardFolderName, ShardMergeError, writeShard, type MergedFuzz, type ShardCommand, type ShardFile } from './shards.js';
export { isolateFailure, type IsolateRequest, type ScheduleIsolation } from './isolate.js';
