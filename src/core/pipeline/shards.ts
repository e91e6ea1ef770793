// Sharded fuzz and rank runs across machines (issue 18 §1), the flow around the runs: `conlens fuzz
// --shard K/M` runs the seeds of shard K (active/shard.ts) and writes a self-contained, relocatable
// folder under .conlens/shards/: shard.json (the shard's outcomes, the options, the tool version
// and a configuration hash) and a copy of every violation.json. `conlens merge` checks that the
// folders are one complete set of shards of the same fuzz and puts their outcomes back in seed
// order: the result the unsharded run would give. `conlens rank --shard K/M` shards the
// integration runs only (the expensive part) and carries their traces; the merge mines them, one
// run folder at a time, with the unit runs and the static analysis done where it merges — the
// report is the unsharded rank's.
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { LoadedConfig } from '../config/config-types.js';
import type { FuzzOptions, FuzzResult } from '../active/fuzz.js';
import { fuzzScope, fuzzVerdict } from '../active/outcome.js';
import type { Shard } from '../active/shard.js';
import { sumAtomCounts, type Violation, type ViolationKind } from '../active/violation.js';

export const SHARD_FORMAT = 'conlens-shard';
/** What a shard is part of: a fuzz (outcomes and violations) or a rank (also its runs' traces,
 *  which the merge mines: the unit runs and the static analysis are redone where it merges). */
export type ShardCommand = 'fuzz' | 'rank';
const SHARD_FILE = 'shard.json';

export interface ShardFile {
  format: typeof SHARD_FORMAT;
  command: ShardCommand;
  /** The Concurrency Lens version that wrote it: shards of two versions may schedule differently. */
  tool: string;
  /** sha256 of the configuration as loaded: shards of two configurations are not one run. */
  config: string;
  shard: Shard;
  options: { strategy: FuzzOptions['strategy']; seed: number; runs: number; depth?: number; steps?: number; stallMs?: number; settleMs?: number };
  /** Outcomes with `violationFile` (and for rank `runDir`) relative to the shard folder. */
  result: FuzzResult;
}

export function configHash(loaded: LoadedConfig): string {
  return createHash('sha256').update(JSON.stringify(loaded.config)).digest('hex').slice(0, 16);
}

export function shardFolderName(command: ShardCommand, options: ShardFile['options'], shard: Shard): string {
  return `${command}-${options.strategy}-s${options.seed}-n${options.runs}-${shard.index}of${shard.count}`;
}

/** Writes the shard folder (under `<root>/.conlens/shards/` unless `dir` is given); returns it.
 *  A rank shard carries its runs' folders (traces, run.json, violation.json) under runs/. */
export function writeShard(loaded: LoadedConfig, tool: string, command: ShardCommand, options: ShardFile['options'], shard: Shard, result: FuzzResult, dir?: string): string {
  const folder = dir ?? join(loaded.root, '.conlens', 'shards', shardFolderName(command, options, shard));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'violations'), { recursive: true });
  const outcomes = result.outcomes.map((outcome) => {
    const moved = { ...outcome };
    if (command === 'rank') {
      moved.runDir = join('runs', `seed-${outcome.seed}`);
      cpSync(outcome.runDir, join(folder, moved.runDir), { recursive: true });
    }
    if (outcome.violationFile) {
      moved.violationFile = join('violations', `seed-${outcome.seed}.json`);
      copyFileSync(outcome.violationFile, join(folder, moved.violationFile));
    }
    return moved;
  });
  const file: ShardFile = { format: SHARD_FORMAT, command, tool, config: configHash(loaded), shard, options, result: { ...result, outcomes, firstViolation: undefined } };
  writeFileSync(join(folder, SHARD_FILE), `${JSON.stringify(file, null, 2)}\n`);
  return folder;
}

export class ShardMergeError extends Error {}

/** The shard folders under `<root>/.conlens/shards/` (each with a shard.json). */
export function findShardFolders(root: string): string[] {
  const base = join(root, '.conlens', 'shards');
  if (!existsSync(base)) return [];
  return readdirSync(base).map((name) => join(base, name)).filter((folder) => existsSync(join(folder, SHARD_FILE))).sort();
}

function readShardFile(folder: string): ShardFile {
  const path = join(folder, SHARD_FILE);
  let file: ShardFile;
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as ShardFile;
  } catch (error) {
    throw new ShardMergeError(`${path}: cannot read a shard result: ${(error as Error).message}`);
  }
  if (file.format !== SHARD_FORMAT || !file.shard || !file.result) throw new ShardMergeError(`${path}: not a conlens shard result (format "${String(file.format)}")`);
  return file;
}

export interface MergedFuzz {
  command: ShardCommand;
  /** The configuration hash the shards ran with. */
  config: string;
  result: FuzzResult;
  /** The folders merged, in shard order. */
  folders: string[];
  options: ShardFile['options'];
}

/** Merges one complete set of shards of one fuzz into the unsharded result. Different versions,
 *  configurations or options, two folders for one shard and missing shards are errors naming the
 *  folders. Only shard.json and the violations are read, never the traces. */
export function mergeFuzzShards(folders: string[]): MergedFuzz {
  if (folders.length === 0) throw new ShardMergeError('no shard folders to merge: run conlens fuzz --shard K/M first (they go to .conlens/shards/), or name them with --from');
  const shards = folders.map((folder) => ({ folder: resolve(folder), file: readShardFile(folder) }));
  const [first] = shards;
  const same = (what: string, get: (f: ShardFile) => string) => {
    for (const other of shards.slice(1)) {
      if (get(other.file) !== get(first.file)) {
        throw new ShardMergeError(`${other.folder} and ${first.folder} are not shards of one run: ${what} ${get(other.file)} vs ${get(first.file)}`);
      }
    }
  };
  same('command', (f) => f.command);
  same('Concurrency Lens version', (f) => f.tool);
  same('configuration hash', (f) => f.config);
  same('options', (f) => JSON.stringify(f.options));
  same('shard count', (f) => String(f.shard.count));
  const count = first.file.shard.count;
  const byIndex = new Map<number, string>();
  for (const { folder, file } of shards) {
    const seen = byIndex.get(file.shard.index);
    if (seen) throw new ShardMergeError(`shard ${file.shard.index}/${count} appears twice: ${seen} and ${folder}`);
    byIndex.set(file.shard.index, folder);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length) throw new ShardMergeError(`missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} (have ${[...byIndex.values()].map((f) => basename(f)).join(', ')})`);

  const ordered = [...shards].sort((a, b) => a.file.shard.index - b.file.shard.index);
  const outcomes = ordered
    .flatMap(({ folder, file }) => file.result.outcomes.map((o) => ({
      ...o,
      ...(o.violationFile ? { violationFile: join(folder, o.violationFile) } : {}),
      ...(file.command === 'rank' ? { runDir: join(folder, o.runDir) } : {}),
    })))
    .sort((a, b) => a.seed - b.seed);
  const found = outcomes.filter((o) => o.outcome !== 'pass');
  const byKind: FuzzResult['byKind'] = {};
  for (const o of found) byKind[o.outcome as ViolationKind] = (byKind[o.outcome as ViolationKind] ?? 0) + 1;
  const firstFile = found.find((o) => o.violationFile)?.violationFile;
  const atom = first.file.result.atomfuzzer;
  const result: FuzzResult = {
    strategy: first.file.options.strategy,
    seed: first.file.options.seed,
    runs: outcomes.length,
    violations: found.length,
    detectionRate: outcomes.length ? found.length / outcomes.length : 0,
    byKind,
    outcomes,
    firstViolation: firstFile ? (JSON.parse(readFileSync(firstFile, 'utf8')) as Violation) : undefined,
    ...(atom ? {
      atomfuzzer: {
        blocks: atom.blocks,
        ...sumAtomCounts(outcomes.map((o) => o.atom)),
        bugs: found.length,
      },
    } : {}),
    // The shards do not carry the configuration: the verdict names the code generically.
    ...fuzzVerdict(outcomes, fuzzScope()),
  };
  return { command: first.file.command, config: first.file.config, result, folders: ordered.map((s) => s.folder), options: first.file.options };
}
