import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './exit-codes.js';
import type { LoadedConfig } from '../core/config/config-types.js';
import { narrowToTests, TestFilterError } from '../core/runner/test-filter.js';
import { DEFAULT_STRATEGY, SEARCH_STRATEGIES, type FuzzStrategy } from '../core/active/fuzz.js';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export interface Subcommand {
  name: string;
  /** One line for `conlens --help`. */
  summary: string;
  /** The full text of `conlens <name> --help`. */
  help: string;
  options: OptionsConfig;
  /** Returns the exit code. */
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<number>;
}

export function parseSubcommandArgs(command: Subcommand, argv: string[]) {
  try {
    return parseArgs({ args: argv, options: { ...command.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}`, command.name);
  }
}

export function positiveInteger(value: string | boolean | undefined, flag: string, command: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < 1) {
    throw new UsageError(`${flag} must be a whole number ≥ 1, got "${String(value)}"`, command);
  }
  return n;
}

/** `--test PATTERN` (rank, fuzz): the configuration with its integration command narrowed to the
 *  matching tests (core/runner/test-filter.ts); a command it cannot narrow is a usage error. */
export function testsNamed(loaded: LoadedConfig, value: string | boolean | undefined, command: string): LoadedConfig {
  if (value === undefined) return loaded;
  if (typeof value !== 'string' || value === '') throw new UsageError('--test needs a pattern: a test name or a regular expression matching it', command);
  try {
    return narrowToTests(loaded, value);
  } catch (error) {
    if (error instanceof TestFilterError) throw new UsageError(error.message, command);
    throw error;
  }
}

/** The strategy asked for; none: the default, or random for a shard (a search cannot be split). */
export function strategyOf(value: string | boolean | undefined, command: string, sharded = false): FuzzStrategy {
  if (value === undefined) return sharded ? 'random' : DEFAULT_STRATEGY;
  if (command === 'replay' && (value === 'systematic' || value === 'combined')) throw new UsageError(`a ${value} schedule replays from its violation.json (conlens replay <violation.json>), not from a seed`, command);
  if (value !== 'random' && value !== 'pct' && value !== 'atomfuzzer' && value !== 'assetfuzzer' && value !== 'systematic' && value !== 'combined') throw new UsageError('--strategy must be combined, random, pct, atomfuzzer, assetfuzzer or systematic', command);
  if (sharded && SEARCH_STRATEGIES.includes(value)) throw new UsageError(`--shard cannot split a ${value} search (each schedule comes from the runs before it): use --strategy random or pct to shard`, command);
  return value;
}
