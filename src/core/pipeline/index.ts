// The commands' flows (DESIGN §3), composed from the stages: the shards of a fuzz or rank put back
// together. Nothing below src/core/pipeline/ imports them.
export { configHash, findShardFolders, mergeFuzzShards, SHARD_FORMAT, shardFolderName, ShardMergeError, writeShard, type MergedFuzz, type ShardCommand, type ShardFile } from './shards.js';
